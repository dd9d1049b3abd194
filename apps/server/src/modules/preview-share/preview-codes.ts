import { randomInt, timingSafeEqual } from 'node:crypto';
import { PREVIEW_CODE } from '@swipe/contracts/preview-share';
import { and, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import { sitePreviewCodes, sitePreviewShares } from '../../db/schema/preview';
import type { TDbOrTx } from '../../db/tx';
import type { TAppContext } from '../../platform/context';
import { hashToken, newOpaqueToken } from '../../platform/tokens';

// The one-time sign-in codes of private sharing, kept in the database so that every process
// sees the same ones. The 6 digits are stored as an HMAC keyed with the server's secret (a copy
// of the table alone cannot try the million codes), the mailed link's 256-bit token as SHA-256.
// A try is counted before its answer is compared, so guesses sent side by side share the same
// PREVIEW_CODE.tries; using the code (or its link) deletes it.

export type TPreviewCode = typeof sitePreviewCodes.$inferSelect;

/** The shape of a link token (newOpaqueToken): anything else is not worth a query. */
export const PREVIEW_LINK_TOKEN = /^[A-Za-z0-9_-]{43}$/;

const codeHashOf = (ctx: TAppContext, shareId: string, code: string) =>
  ctx.urls.sign('PREVIEW_CODE', `${shareId} ${code}`, 0);

/** A new code and link for an invitation, replacing any earlier one (with fresh tries). */
export async function issuePreviewCode(
  ctx: TAppContext,
  db: TDbOrTx,
  opts: { siteId: string; shareId: string },
) {
  const code = String(randomInt(0, 10 ** PREVIEW_CODE.digits)).padStart(PREVIEW_CODE.digits, '0');
  const link = newOpaqueToken();
  const values = {
    codeHash: codeHashOf(ctx, opts.shareId, code),
    linkHash: hashToken(link),
    tries: 0,
    expiresAt: new Date(Date.now() + PREVIEW_CODE.minutes * 60_000),
    createdAt: new Date(),
  };
  await db
    .insert(sitePreviewCodes)
    .values({ shareId: opts.shareId, siteId: opts.siteId, ...values })
    .onConflictDoUpdate({ target: sitePreviewCodes.shareId, set: values });
  return { code, link };
}

/** A live code of the site: unexpired, tries left, its invitation not revoked. */
const live = (ctx: TAppContext, siteId: string) =>
  and(
    eq(sitePreviewCodes.siteId, siteId),
    lt(sitePreviewCodes.tries, PREVIEW_CODE.tries),
    gt(sitePreviewCodes.expiresAt, new Date()),
    inArray(
      sitePreviewCodes.shareId,
      ctx.db
        .select({ id: sitePreviewShares.id })
        .from(sitePreviewShares)
        .where(and(eq(sitePreviewShares.siteId, siteId), isNull(sitePreviewShares.revokedAt))),
    ),
  );

/**
 * Counts one try on the live code of an invitation (by its share) or of a mailed link (by its
 * token): the code as it stands then, or null when there is none left to try.
 */
export async function tryPreviewCode(
  ctx: TAppContext,
  opts: { siteId: string } & ({ shareId: string } | { link: string }),
): Promise<TPreviewCode | null> {
  const which =
    'shareId' in opts
      ? eq(sitePreviewCodes.shareId, opts.shareId)
      : eq(sitePreviewCodes.linkHash, hashToken(opts.link));
  const [row] = await ctx.db
    .update(sitePreviewCodes)
    .set({ tries: sql`${sitePreviewCodes.tries} + 1` })
    .where(and(which, live(ctx, opts.siteId)))
    .returning();
  return row ?? null;
}

/** True when `code` is the one this row was issued with. */
export function previewCodeMatches(ctx: TAppContext, row: TPreviewCode, code: string) {
  const given = Buffer.from(codeHashOf(ctx, row.shareId, code));
  const stored = Buffer.from(row.codeHash);
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** Uses the code up: true for the one request that does (one replaced meanwhile is another code). */
export async function usePreviewCode(ctx: TAppContext, row: TPreviewCode) {
  const used = await ctx.db
    .delete(sitePreviewCodes)
    .where(and(eq(sitePreviewCodes.shareId, row.shareId), eq(sitePreviewCodes.linkHash, row.linkHash)))
    .returning({ shareId: sitePreviewCodes.shareId });
  return used.length > 0;
}

/** Whether a mailed link still signs in (its page asks before using it, and counts no try). */
export async function previewLinkLive(ctx: TAppContext, opts: { siteId: string; link: string }) {
  if (!PREVIEW_LINK_TOKEN.test(opts.link)) return false;
  const [row] = await ctx.db
    .select({ shareId: sitePreviewCodes.shareId })
    .from(sitePreviewCodes)
    .where(and(eq(sitePreviewCodes.linkHash, hashToken(opts.link)), live(ctx, opts.siteId)));
  return !!row;
}

/** Ends the codes of revoked invitations at once. */
export async function dropPreviewCodes(ctx: TAppContext, shareIds: string[]) {
  if (shareIds.length > 0)
    await ctx.db.delete(sitePreviewCodes).where(inArray(sitePreviewCodes.shareId, shareIds));
}
