import type { TSiteDocument } from '@swipe/contracts/sites';
import { contactFormChanged } from '@swipe/contracts/visitor-forms';
import { and, eq } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { siteSubmissions } from '../../db/schema/visitors';
import type { TDbOrTx } from '../../db/tx';
import { AppError } from '../../platform/errors';

// The rule "Changing contact form info deletes earlier submitted contact data (a warning is
// shown)": a save that changes the contact form of a site with contact submissions must say the
// warning was confirmed; the submissions then go in the same transaction as the save.

const contactOf = (siteId: string) =>
  and(eq(siteSubmissions.siteId, siteId), eq(siteSubmissions.kind, 'CONTACT'));

/**
 * Before a save: whether it deletes the site's contact submissions (the contact form changed and
 * the save confirmed it). A change not confirmed while there are submissions is a 409 naming
 * `confirmContactReset`; with none, nothing needs confirming.
 */
export async function contactResetOfSave(
  db: TDb,
  opts: { siteId: string; before: TSiteDocument; after: TSiteDocument; confirmed: boolean },
): Promise<boolean> {
  if (!contactFormChanged(opts.before, opts.after)) return false;
  // Confirmed: whatever arrived meanwhile was sent through the old form too.
  if (opts.confirmed) return true;
  const [one] = await db
    .select({ id: siteSubmissions.id })
    .from(siteSubmissions)
    .where(contactOf(opts.siteId))
    .limit(1);
  if (!one) return false;
  throw new AppError(409, 'CONFLICT', 'visitors.contactResetUnconfirmed', undefined, [
    { field: 'confirmContactReset', messageKey: 'visitors.contactResetUnconfirmed' },
  ]);
}

/** Deletes every contact submission of a site (inside the save's transaction). */
export async function deleteContactSubmissions(db: TDbOrTx, siteId: string) {
  await db.delete(siteSubmissions).where(contactOf(siteId));
}
