import { createHash } from 'node:crypto';
import { detectPictureType, type TProfilePicture } from '@swipe/contracts/profile';
import { eq } from 'drizzle-orm';
import { profilePictures } from '../../db/schema/accounts';
import { audit } from '../../platform/audit';
import type { TAppContext, TCaller } from '../../platform/context';
import { pictureUnsupported } from './picture-body';

// The signed-in operator's own profile picture, one row per user in the database.

const toPicture = (row: typeof profilePictures.$inferSelect): TProfilePicture => ({
  contentType: row.contentType as TProfilePicture['contentType'],
  size: row.bytes.length,
  sha256: row.sha256,
  updatedAt: row.updatedAt.toISOString(),
});

/** Stores the bytes when they really are a PNG or JPEG: judged by the bytes, never by the name. */
export async function savePicture(
  ctx: TAppContext,
  opts: { caller: TCaller; bytes: unknown; ip?: string },
): Promise<TProfilePicture> {
  if (!Buffer.isBuffer(opts.bytes)) throw pictureUnsupported();
  const contentType = detectPictureType(opts.bytes);
  if (!contentType) throw pictureUnsupported();
  const sha256 = createHash('sha256').update(opts.bytes).digest('hex');
  const values = { contentType, bytes: opts.bytes, sha256, updatedAt: new Date() };
  const [row] = await ctx.db
    .insert(profilePictures)
    .values({ userId: opts.caller.userId, ...values })
    .onConflictDoUpdate({ target: profilePictures.userId, set: values })
    .returning();
  await audit(ctx.db, {
    action: 'profile.picture_updated',
    actorUserId: opts.caller.userId,
    accountId: opts.caller.accountId,
    targetType: 'user',
    targetId: opts.caller.userId,
    details: { contentType, size: opts.bytes.length, sha256 },
    ip: opts.ip,
  });
  return toPicture(row!);
}

/** The caller's picture, or null when none is set. */
export async function getPicture(ctx: TAppContext, opts: { caller: TCaller }) {
  const [row] = await ctx.db
    .select()
    .from(profilePictures)
    .where(eq(profilePictures.userId, opts.caller.userId));
  return row ?? null;
}

/** Removes the picture; removing one that is not there is not an error. */
export async function removePicture(ctx: TAppContext, opts: { caller: TCaller; ip?: string }) {
  const removed = await ctx.db
    .delete(profilePictures)
    .where(eq(profilePictures.userId, opts.caller.userId))
    .returning({ userId: profilePictures.userId });
  if (removed.length > 0)
    await audit(ctx.db, {
      action: 'profile.picture_removed',
      actorUserId: opts.caller.userId,
      accountId: opts.caller.accountId,
      targetType: 'user',
      targetId: opts.caller.userId,
      ip: opts.ip,
    });
}
