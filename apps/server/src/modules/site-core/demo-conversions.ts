import type { TConversionKind } from '@swipe/contracts/site-events';
import { and, desc, eq } from 'drizzle-orm';
import { siteEvents } from '../../db/schema/analytics';
import type { TDbOrTx } from '../../db/tx';

// The demo's visitors convert in its generated visits (analytics and experiments seeds); the
// seeds of the lists (members, contacts, forms, survey answers) make one row for each of those
// conversions, at its moment and in its language, so the lists and effect measurement agree.

export type TDemoConversion = { at: Date; lang: string };

/** The conversions of one kind recorded for a site's visits, newest first. */
export async function demoConversions(
  db: TDbOrTx,
  siteId: string,
  kind: TConversionKind,
): Promise<TDemoConversion[]> {
  return db
    .select({ at: siteEvents.occurredAt, lang: siteEvents.lang })
    .from(siteEvents)
    .where(and(eq(siteEvents.siteId, siteId), eq(siteEvents.type, 'CONV'), eq(siteEvents.target, kind)))
    .orderBy(desc(siteEvents.occurredAt), desc(siteEvents.visitId));
}
