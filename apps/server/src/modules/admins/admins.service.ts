import { randomInt } from 'node:crypto';
import type { TAdmin, TAdminInput } from '@swipe/contracts/admins';
import type { TUiLanguage } from '@swipe/contracts/i18n';
import { PASSWORD_SPECIALS } from '@swipe/contracts/password';
import type { TAdminRoleLabel, TAuthority } from '@swipe/contracts/roles';
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import { profilePictures, users } from '../../db/schema/accounts';
import { refreshTokens } from '../../db/schema/auth';
import { audit } from '../../platform/audit';
import type { TAppContext, TCaller } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
import { welcomeMail } from '../../platform/mail-templates';
import { hashPassword } from '../../platform/password-hash';

// Admin settings: the sub-admins of one principal operator. A SUB_ADMIN caller manages
// the sub-admins of its own parent, so every sub-admin of a principal sees the same list.

type TUserRow = typeof users.$inferSelect;

// What the admin list shows of an operator (toAdmin): never its password hash.
const adminColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  adminRoleLabel: users.adminRoleLabel,
  authority: users.authority,
  mustChangePassword: users.mustChangePassword,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
};
type TAdminRow = Pick<TUserRow, keyof typeof adminColumns>;
const principalColumns = { ...adminColumns, accountId: users.accountId, language: users.language };

/** The operator whose sub-admins the caller manages: itself, or its parent for a SUB_ADMIN. */
async function principalOf(ctx: TAppContext, caller: TCaller) {
  const [self] = await ctx.db
    .select({ id: users.id, parentUserId: users.parentUserId })
    .from(users)
    .where(eq(users.id, caller.userId));
  const principalId = caller.role === 'SUB_ADMIN' ? self?.parentUserId : self?.id;
  const [principal] = principalId
    ? await ctx.db
        .select(principalColumns)
        .from(users)
        .where(and(eq(users.id, principalId), isNull(users.deletedAt)))
    : [];
  // The guard loaded the caller a moment ago; a missing parent is a broken row, not a tenant case.
  if (!principal) throw notFound();
  return principal;
}

const toAdmin = (row: TAdminRow, caller: TCaller, isPrincipal: boolean): TAdmin => ({
  id: row.id,
  name: row.name,
  email: row.email,
  adminRoleLabel: (row.adminRoleLabel ?? null) as TAdminRoleLabel | null,
  authority: row.authority as TAuthority,
  isPrincipal,
  isSelf: row.id === caller.userId,
  mustChangePassword: row.mustChangePassword,
  lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

export async function listAdmins(ctx: TAppContext, opts: { caller: TCaller }): Promise<TAdmin[]> {
  const principal = await principalOf(ctx, opts.caller);
  const subs = await ctx.db
    .select(adminColumns)
    .from(users)
    .where(and(eq(users.parentUserId, principal.id), eq(users.role, 'SUB_ADMIN'), isNull(users.deletedAt)))
    .orderBy(asc(users.createdAt), asc(users.id));
  return [toAdmin(principal, opts.caller, true), ...subs.map((s) => toAdmin(s, opts.caller, false))];
}

/** A sub-admin of the caller's principal; any other id (another principal, tenant, role) is 404. */
async function findSubAdmin(ctx: TAppContext, caller: TCaller, id: string) {
  const principal = await principalOf(ctx, caller);
  const [row] = await ctx.db
    .select()
    .from(users)
    .where(
      and(
        eq(users.id, id),
        eq(users.parentUserId, principal.id),
        eq(users.accountId, principal.accountId),
        eq(users.role, 'SUB_ADMIN'),
        isNull(users.deletedAt),
      ),
    );
  if (!row) throw notFound();
  return { principal, row };
}

const emailTaken = () =>
  new AppError(409, 'CONFLICT', 'admins.emailTaken', undefined, [
    { field: 'email', messageKey: 'admins.emailTaken' },
  ]);

/** The unique index covers every row, deleted ones too (their emails are anonymised to free them). */
async function assertEmailFree(ctx: TAppContext, email: string, exceptId?: string) {
  const [hit] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(
      and(sql`lower(${users.email}) = ${email.toLowerCase()}`, ...(exceptId ? [ne(users.id, exceptId)] : [])),
    )
    .limit(1);
  if (hit) throw emailTaken();
}

const isUniqueViolation = (e: unknown) =>
  (e as { code?: string })?.code === '23505' || (e as { cause?: { code?: string } })?.cause?.code === '23505';

const pick = (chars: string) => chars[randomInt(chars.length)]!;

/** A first password that satisfies the operator rules (8-50 characters with a lower and upper case letter, a digit and a symbol): 16 characters, every class. */
export function randomFirstPassword(): string {
  const lower = 'abcdefghijkmnopqrstuvwxyz';
  const upper = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
  const digits = '23456789';
  const all = lower + upper + digits + PASSWORD_SPECIALS;
  const chars = [pick(lower), pick(upper), pick(digits), pick(PASSWORD_SPECIALS)];
  while (chars.length < 16) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

export async function createAdmin(
  ctx: TAppContext,
  opts: { caller: TCaller; input: TAdminInput; ip?: string },
): Promise<TAdmin> {
  const principal = await principalOf(ctx, opts.caller);
  const email = opts.input.email.toLowerCase();
  await assertEmailFree(ctx, email);
  const password = randomFirstPassword();
  // The new admin reads the mail in the language its principal works in.
  const language = principal.language as TUiLanguage;
  let row: TUserRow;
  try {
    [row] = (await ctx.db
      .insert(users)
      .values({
        accountId: principal.accountId,
        parentUserId: principal.id,
        email,
        name: opts.input.name,
        role: 'SUB_ADMIN',
        authority: opts.input.authority,
        adminRoleLabel: opts.input.adminRoleLabel,
        passwordHash: await hashPassword(password),
        mustChangePassword: true,
        language,
      })
      .returning()) as [TUserRow];
  } catch (e) {
    if (isUniqueViolation(e)) throw emailTaken();
    throw e;
  }
  const mail = welcomeMail[language]({
    name: row.name,
    email: row.email,
    password,
    link: `${ctx.config.publicUrl}/login`,
  });
  await ctx.mailer.send({ to: row.email, language, ...mail });
  await audit(ctx.db, {
    action: 'admins.created',
    actorUserId: opts.caller.userId,
    accountId: principal.accountId,
    targetType: 'user',
    targetId: row.id,
    details: {
      principalId: principal.id,
      email: row.email,
      name: row.name,
      authority: row.authority,
      adminRoleLabel: row.adminRoleLabel,
    },
    ip: opts.ip,
  });
  return toAdmin(row, opts.caller, false);
}

export async function updateAdmin(
  ctx: TAppContext,
  opts: { caller: TCaller; id: string; input: TAdminInput; ip?: string },
): Promise<TAdmin> {
  const { principal, row } = await findSubAdmin(ctx, opts.caller, opts.id);
  const input = { ...opts.input, email: opts.input.email.toLowerCase() };
  // Nobody raises (or lowers) their own authority: that is for the principal or another editor.
  if (
    row.id === opts.caller.userId &&
    (input.authority !== row.authority || input.adminRoleLabel !== row.adminRoleLabel)
  ) {
    const field = input.authority !== row.authority ? 'authority' : 'admin_role_label';
    throw new AppError(400, 'VALIDATION_FAILED', 'admins.ownAuthority', undefined, [
      { field, messageKey: 'admins.ownAuthority' },
    ]);
  }
  if (input.email !== row.email) await assertEmailFree(ctx, input.email, row.id);
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of ['name', 'email', 'authority', 'adminRoleLabel'] as const)
    if (input[key] !== row[key]) changes[key] = { from: row[key], to: input[key] };
  if (Object.keys(changes).length === 0) return toAdmin(row, opts.caller, false);
  let updated: TUserRow;
  try {
    [updated] = (await ctx.db
      .update(users)
      .set({
        name: input.name,
        email: input.email,
        authority: input.authority,
        adminRoleLabel: input.adminRoleLabel,
        updatedAt: new Date(),
      })
      .where(eq(users.id, row.id))
      .returning()) as [TUserRow];
  } catch (e) {
    if (isUniqueViolation(e)) throw emailTaken();
    throw e;
  }
  await audit(ctx.db, {
    action: 'admins.updated',
    actorUserId: opts.caller.userId,
    accountId: principal.accountId,
    targetType: 'user',
    targetId: row.id,
    details: { changes },
    ip: opts.ip,
  });
  return toAdmin(updated, opts.caller, false);
}

/** The email an erased user keeps: unique, never deliverable, and frees the real one for reuse. */
export const anonymisedEmail = (userId: string) => `deleted+${userId}@deleted.invalid`;

export async function deleteAdmin(ctx: TAppContext, opts: { caller: TCaller; id: string; ip?: string }) {
  const { principal, row } = await findSubAdmin(ctx, opts.caller, opts.id);
  if (row.id === opts.caller.userId) throw new AppError(400, 'VALIDATION_FAILED', 'admins.cannotDeleteSelf');
  const now = new Date();
  await ctx.db
    .update(users)
    .set({ deletedAt: now, updatedAt: now, email: anonymisedEmail(row.id), name: '' })
    .where(eq(users.id, row.id));
  await ctx.db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, row.id), isNull(refreshTokens.revokedAt)));
  await ctx.db.delete(profilePictures).where(eq(profilePictures.userId, row.id));
  await audit(ctx.db, {
    action: 'admins.deleted',
    actorUserId: opts.caller.userId,
    accountId: principal.accountId,
    targetType: 'user',
    targetId: row.id,
    // Who it was stays readable in the audit trail only.
    details: { email: row.email, name: row.name, authority: row.authority },
    ip: opts.ip,
  });
}
