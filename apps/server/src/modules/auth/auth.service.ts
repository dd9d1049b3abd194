import { randomUUID } from 'node:crypto';
import type { TAuthUser } from '@swipe/contracts/auth';
import type { TUiLanguage } from '@swipe/contracts/i18n';
import type { TAdminRoleLabel } from '@swipe/contracts/roles';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { users } from '../../db/schema/accounts';
import { passwordResetTokens, refreshTokens } from '../../db/schema/auth';
import { audit } from '../../platform/audit';
import {
  accessDisabled,
  effectiveContractStatus,
  loadUserWithAccount,
  toCaller,
} from '../../platform/caller';
import type { TAppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { enqueueJob, type TJobHandler } from '../../platform/jobs';
import { passwordResetMail } from '../../platform/mail-templates';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../platform/password-hash';
import { planFlagsOf } from '../../platform/plan-access';
import { hashToken, newOpaqueToken } from '../../platform/tokens';

type TUserRow = NonNullable<Awaited<ReturnType<typeof loadUserWithAccount>>>;

const invalidCredentials = () => new AppError(401, 'INVALID_CREDENTIALS', 'auth.invalidCredentials');
const invalidToken = () => new AppError(401, 'TOKEN_INVALID', 'auth.unauthenticated');

export async function toAuthUser(ctx: TAppContext, row: TUserRow): Promise<TAuthUser> {
  const caller = toCaller(row);
  return {
    id: row.user.id,
    email: row.user.email,
    name: row.user.name,
    role: caller.role,
    actingRole: caller.actingRole,
    routePrefix: caller.routePrefix,
    authority: caller.authority,
    adminRoleLabel: (row.user.adminRoleLabel ?? null) as TAdminRoleLabel | null,
    mustChangePassword: row.user.mustChangePassword,
    language: row.user.language as TUiLanguage,
    accountId: row.account.id,
    accountName: row.account.name,
    contractStatus: await effectiveContractStatus(ctx.db, row.account.path),
    planFlags: await planFlagsOf(ctx.db, caller),
  };
}

async function issueTokens(ctx: TAppContext, row: TUserRow, familyId: string, userAgent?: string) {
  const refreshToken = newOpaqueToken();
  await ctx.db.insert(refreshTokens).values({
    userId: row.user.id,
    familyId,
    tokenHash: hashToken(refreshToken),
    expiresAt: new Date(Date.now() + ctx.config.refreshTokenTtlDays * 86_400_000),
    userAgent: userAgent?.slice(0, 512),
  });
  const accessToken = await ctx.tokens.sign({ sub: row.user.id, role: row.user.role });
  return { accessToken, refreshToken, expiresIn: ctx.tokens.ttlSeconds, user: await toAuthUser(ctx, row) };
}

export async function login(
  ctx: TAppContext,
  opts: { loginId: string; password: string; userAgent?: string; ip?: string },
) {
  const row = await loadUserWithAccount(ctx.db, { email: opts.loginId.trim() });
  if (!row) {
    await verifyAgainstDummy(opts.password);
    throw invalidCredentials();
  }
  if (!(await verifyPassword(row.user.passwordHash, opts.password))) {
    await audit(ctx.db, {
      action: 'auth.login_failed',
      actorUserId: row.user.id,
      accountId: row.account.id,
      ip: opts.ip,
    });
    throw invalidCredentials();
  }
  if (await accessDisabled(ctx.db, row.account.path))
    throw new AppError(403, 'ACCESS_DISABLED', 'auth.accessDisabled');
  await ctx.db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, row.user.id));
  await audit(ctx.db, {
    action: 'auth.login',
    actorUserId: row.user.id,
    accountId: row.account.id,
    ip: opts.ip,
  });
  return issueTokens(ctx, row, randomUUID(), opts.userAgent);
}

/** Rotates a refresh token. Presenting one that was already rotated revokes its whole family. */
export async function refresh(ctx: TAppContext, opts: { refreshToken: string; userAgent?: string }) {
  const [token] = await ctx.db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(opts.refreshToken)));
  if (!token) throw invalidToken();
  if (token.rotatedAt || token.revokedAt) {
    await ctx.db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.familyId, token.familyId), isNull(refreshTokens.revokedAt)));
    if (token.rotatedAt && !token.revokedAt)
      await audit(ctx.db, {
        action: 'auth.refresh_reuse',
        actorUserId: token.userId,
        details: { familyId: token.familyId },
      });
    throw invalidToken();
  }
  if (token.expiresAt.getTime() <= Date.now()) throw invalidToken();
  // Only one concurrent rotation may win; the loser is treated as reuse.
  const rotated = await ctx.db
    .update(refreshTokens)
    .set({ rotatedAt: new Date() })
    .where(
      and(eq(refreshTokens.id, token.id), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt)),
    )
    .returning({ id: refreshTokens.id });
  if (rotated.length === 0) throw invalidToken();
  const row = await loadUserWithAccount(ctx.db, { id: token.userId });
  if (!row) throw invalidToken();
  if (await accessDisabled(ctx.db, row.account.path))
    throw new AppError(403, 'ACCESS_DISABLED', 'auth.accessDisabled');
  return issueTokens(ctx, row, token.familyId, opts.userAgent);
}

export async function logout(ctx: TAppContext, opts: { refreshToken?: string; userId?: string }) {
  if (opts.refreshToken) {
    const [token] = await ctx.db
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(opts.refreshToken)));
    if (token)
      await ctx.db
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshTokens.familyId, token.familyId), isNull(refreshTokens.revokedAt)));
  }
  if (opts.userId) await audit(ctx.db, { action: 'auth.logout', actorUserId: opts.userId });
}

/** Always resolves the same way: whether the email exists is never told (no enumeration). */
/**
 * Queues the reset: the request answers at once and in the same time whether or not the email
 * exists (no enumeration, not even by timing); the job does the lookup and mails the link.
 */
export async function requestPasswordReset(ctx: TAppContext, opts: { email: string }) {
  await enqueueJob(ctx.db, {
    kind: 'auth.password-reset',
    payload: { email: opts.email.trim().toLowerCase() },
  });
  ctx.nudgeJobs();
}

export const authJobHandlers = (ctx: TAppContext): Record<string, TJobHandler> => ({
  'auth.password-reset': async (payload) => sendPasswordReset(ctx, { email: String(payload.email) }),
});

async function sendPasswordReset(ctx: TAppContext, opts: { email: string }) {
  const row = await loadUserWithAccount(ctx.db, { email: opts.email });
  if (!row || (await accessDisabled(ctx.db, row.account.path))) return;
  const token = newOpaqueToken();
  const minutes = ctx.config.passwordResetTtlMinutes;
  // A new link replaces the earlier unused ones.
  await ctx.db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetTokens.userId, row.user.id), isNull(passwordResetTokens.usedAt)));
  await ctx.db.insert(passwordResetTokens).values({
    userId: row.user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + minutes * 60_000),
  });
  const lang = row.user.language as TUiLanguage;
  const link = `${ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  const mail = passwordResetMail[lang]({ name: row.user.name, link, minutes });
  await ctx.mailer.send({ to: row.user.email, language: lang, ...mail });
  await audit(ctx.db, {
    action: 'auth.password_reset_requested',
    actorUserId: row.user.id,
    accountId: row.account.id,
  });
}

async function findResetToken(ctx: TAppContext, token: string | undefined) {
  if (!token) throw new AppError(400, 'TOKEN_MISSING', 'auth.tokenMissing');
  const [found] = await ctx.db
    .select()
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashToken(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, new Date()),
      ),
    );
  if (!found) throw new AppError(400, 'TOKEN_INVALID', 'auth.tokenInvalid');
  const row = await loadUserWithAccount(ctx.db, { id: found.userId });
  if (!row) throw new AppError(400, 'TOKEN_INVALID', 'auth.tokenInvalid');
  return { found, row };
}

export async function verifyResetToken(ctx: TAppContext, opts: { token?: string }) {
  const { row } = await findResetToken(ctx, opts.token);
  return { email: row.user.email };
}

export async function resetPassword(ctx: TAppContext, opts: { token?: string; password: string }) {
  const { found, row } = await findResetToken(ctx, opts.token);
  const used = await ctx.db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetTokens.id, found.id), isNull(passwordResetTokens.usedAt)))
    .returning({ id: passwordResetTokens.id });
  if (used.length === 0) throw new AppError(400, 'TOKEN_INVALID', 'auth.tokenInvalid');
  await setPassword(ctx, row.user.id, opts.password);
  await revokeAllSessions(ctx, row.user.id);
  await audit(ctx.db, { action: 'auth.password_reset', actorUserId: row.user.id, accountId: row.account.id });
}

async function setPassword(ctx: TAppContext, userId: string, password: string) {
  await ctx.db
    .update(users)
    .set({ passwordHash: await hashPassword(password), mustChangePassword: false, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

async function revokeAllSessions(ctx: TAppContext, userId: string) {
  await ctx.db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/** Changes the signed-in user's password; other sessions are signed out. */
export async function changePassword(
  ctx: TAppContext,
  opts: { userId: string; currentPassword: string; password: string; userAgent?: string },
) {
  const row = await loadUserWithAccount(ctx.db, { id: opts.userId });
  if (!row) throw invalidToken();
  if (!(await verifyPassword(row.user.passwordHash, opts.currentPassword)))
    throw new AppError(400, 'VALIDATION_FAILED', 'auth.currentPasswordWrong', undefined, [
      { field: 'current_password', messageKey: 'auth.currentPasswordWrong' },
    ]);
  if (opts.currentPassword === opts.password)
    throw new AppError(400, 'VALIDATION_FAILED', 'auth.samePassword', undefined, [
      { field: 'password', messageKey: 'auth.samePassword' },
    ]);
  await setPassword(ctx, row.user.id, opts.password);
  await revokeAllSessions(ctx, row.user.id);
  await audit(ctx.db, {
    action: 'auth.password_changed',
    actorUserId: row.user.id,
    accountId: row.account.id,
  });
  const fresh = await loadUserWithAccount(ctx.db, { id: opts.userId });
  return issueTokens(ctx, fresh!, randomUUID(), opts.userAgent);
}

export async function userInfo(ctx: TAppContext, userId: string) {
  const row = await loadUserWithAccount(ctx.db, { id: userId });
  if (!row) throw invalidToken();
  return toAuthUser(ctx, row);
}

export async function setLanguage(ctx: TAppContext, opts: { userId: string; language: TUiLanguage }) {
  await ctx.db.update(users).set({ language: opts.language }).where(eq(users.id, opts.userId));
  return userInfo(ctx, opts.userId);
}
