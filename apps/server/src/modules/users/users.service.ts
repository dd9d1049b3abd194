import { randomInt } from 'node:crypto';
import type { TUiLanguage } from '@swipe/contracts/i18n';
import type { TMessageKey } from '@swipe/contracts/messages';
import { checkPassword, OPERATOR_PASSWORD } from '@swipe/contracts/password';
import type { TAccountType } from '@swipe/contracts/roles';
import {
  creatableKinds,
  KIND_ACCOUNT,
  type TCreateUserInput,
  type TUserDetail,
  type TUserListItem,
  type TUserListQuery,
} from '@swipe/contracts/users';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { accounts, users } from '../../db/schema/accounts';
import { contracts, plans } from '../../db/schema/plans';
import type { TDbOrTx } from '../../db/tx';
import { accountIdsOfPath, anyContractClosed, contractSuspended, inSubtree } from '../../platform/caller';
import type { TAppContext, TCaller } from '../../platform/context';
import { AppError, forbidden, notFound } from '../../platform/errors';
import { welcomeMail } from '../../platform/mail-templates';
import { hashPassword } from '../../platform/password-hash';
import { created, listHistory, recordHistory } from './user-history';
import { mayManage, ROLE_OF_KIND } from './users-access';
import { loadUserRow, queryUsers, type TUserRow, toDetail, toListItem } from './users-read';

// The user list, user detail and creation (the user-list, user and create-user screens). Updates
// live in user-update.ts, contract transitions and plan changes in contracts.service.ts.

export type TFieldProblem = { field: string; message: TMessageKey; params?: Record<string, string | number> };

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (s: string | undefined): s is string => !!s && UUID_RE.test(s);
const snake = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export async function listUsers(
  ctx: TAppContext,
  opts: { caller: TCaller; query: TUserListQuery },
): Promise<{ items: TUserListItem[]; total: number }> {
  const { rows, total } = await queryUsers(ctx.db, {
    caller: opts.caller,
    query: opts.query,
    page: opts.query.page,
    pageSize: opts.query.pageSize,
  });
  return { items: rows.map(toListItem), total };
}

/** A user of the caller's subtree (else 404), with what the caller may do to it. */
export async function getUserDetail(
  ctx: TAppContext,
  opts: { caller: TCaller; userId: string },
): Promise<TUserDetail> {
  const row = await loadUserRow(ctx.db, opts.caller, opts.userId);
  if (!row) throw notFound();
  return toDetail(row, opts.caller, {
    callerSuspended: await contractSuspended(ctx.db, opts.caller.accountPath),
    closedAbove: await closedAbove(ctx.db, row),
  });
}

/** 409: the user's contract (or one above it) has ended or been terminated. */
export const contractClosed = () => new AppError(409, 'CONTRACT_TERMINATED', 'users.contractTerminated');

/** Whether a contract above the row's own account has ended or been terminated. */
const closedAbove = (db: TDbOrTx, row: TUserRow) =>
  anyContractClosed(
    db,
    accountIdsOfPath(row.account.path).filter((id) => id !== row.account.id),
  );

/**
 * A user the caller may change: in its subtree (else 404), manageable by it (else 403), and not
 * frozen by an ended or terminated contract above its own (else 409; its own contract's status
 * is each operation's to judge).
 */
export async function loadManagedRow(db: TDbOrTx, caller: TCaller, userId: string): Promise<TUserRow> {
  const row = await loadUserRow(db, caller, userId);
  if (!row) throw notFound();
  if (!mayManage(caller, { accountPath: row.account.path, role: row.user.role })) throw forbidden();
  if (await closedAbove(db, row)) throw contractClosed();
  return row;
}

async function currentPlans(db: TDbOrTx, ids: string[]) {
  const valid = [...new Set(ids.filter(isUuid))];
  if (valid.length === 0) return new Map<string, typeof plans.$inferSelect>();
  const rows = await db
    .select()
    .from(plans)
    .where(and(inArray(plans.id, valid), eq(plans.isCurrent, true), isNull(plans.retiredAt)));
  return new Map(rows.map((p) => [p.id, p]));
}

/** A plan a contract may move to now: a current version that plan management has not retired. */
export async function findOfferedPlan(db: TDbOrTx, planId: string) {
  return (await currentPlans(db, [planId])).get(planId) ?? null;
}

export async function takenEmails(db: TDbOrTx, emails: string[], exceptUserId?: string) {
  if (emails.length === 0) return new Set<string>();
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(
      and(inArray(sql`lower(${users.email})`, emails), exceptUserId ? ne(users.id, exceptUserId) : undefined),
    );
  return new Set(rows.map((r) => r.email.toLowerCase()));
}

/**
 * Per input, the problems the database would refuse it for (parent not visible, kind not
 * creatable there, email taken or repeated in the batch, plan unknown or retired), without
 * writing anything. Field names are those of TCreateUserInput; messages are catalogue keys.
 */
export async function validateNewUsers(
  ctx: TAppContext,
  opts: { caller: TCaller; inputs: TCreateUserInput[] },
): Promise<TFieldProblem[][]> {
  return problemsOf(ctx.db, opts.caller, opts.inputs);
}

async function problemsOf(db: TDbOrTx, caller: TCaller, inputs: TCreateUserInput[]) {
  const parentIds = [...new Set(inputs.map((i) => i.parentAccountId).filter(isUuid))];
  const parents = new Map(
    (parentIds.length
      ? await db
          .select()
          .from(accounts)
          .where(and(inArray(accounts.id, parentIds), isNull(accounts.deletedAt)))
      : []
    ).map((a) => [a.id, a]),
  );
  const closedParents = new Set<string>();
  for (const parent of parents.values())
    if (await anyContractClosed(db, accountIdsOfPath(parent.path))) closedParents.add(parent.id);
  const emails = inputs.map((i) => i.email.trim().toLowerCase());
  // Whether an email is registered anywhere is told only to callers who may create users, so
  // view authority cannot probe addresses in bulk (no account enumeration).
  const taken = caller.authority === 'EDIT' ? await takenEmails(db, [...new Set(emails)]) : new Set<string>();
  const offered = await currentPlans(
    db,
    inputs.map((i) => i.planId ?? ''),
  );
  const seen = new Set<string>();
  return inputs.map((input, index) => {
    const problems: TFieldProblem[] = [];
    const parent = parents.get(input.parentAccountId);
    if (!parent || !inSubtree(caller, parent.path))
      problems.push({ field: 'parentAccountId', message: 'users.parentNotFound' });
    else if (closedParents.has(parent.id))
      problems.push({ field: 'parentAccountId', message: 'users.parentClosed' });
    else if (!creatableKinds(caller.actingRole, parent.type as TAccountType).includes(input.kind))
      problems.push({ field: 'kind', message: 'users.kindNotAllowed' });
    const email = emails[index]!;
    if (taken.has(email)) problems.push({ field: 'email', message: 'users.emailTaken' });
    else if (seen.has(email)) problems.push({ field: 'email', message: 'users.emailDuplicated' });
    seen.add(email);
    if (KIND_ACCOUNT[input.kind].newAccount && input.planId && !offered.has(input.planId))
      problems.push({ field: 'planId', message: 'users.planUnavailable' });
    return problems;
  });
}

/** Turns the problems into the one error the API answers with (404, 403, 409, then 400). */
function problemsError(problems: TFieldProblem[][]): AppError | null {
  const all = problems.flatMap((list, index) => list.map((p) => ({ ...p, index })));
  if (all.length === 0) return null;
  if (all.some((p) => p.message === 'users.parentNotFound')) return notFound();
  if (all.some((p) => p.message === 'users.kindNotAllowed')) return forbidden();
  const fieldErrors = all.map((p) => ({
    field: problems.length === 1 ? snake(p.field) : `${p.index}.${snake(p.field)}`,
    messageKey: p.message,
    params: p.params,
  }));
  const conflict = all.some((p) => p.field === 'email');
  return new AppError(
    conflict ? 409 : 400,
    conflict ? 'CONFLICT' : 'VALIDATION_FAILED',
    conflict ? 'users.emailTaken' : 'common.invalid',
    undefined,
    conflict ? fieldErrors.filter((f) => f.field.endsWith('email')) : fieldErrors,
  );
}

const LOWER = 'abcdefghijkmnpqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SPECIALS = '@#$%&*+=?';

/** A random first password that meets the operator rules (look-alike characters left out). */
export function generateFirstPassword(length = 16): string {
  const pick = (set: string) => set[randomInt(set.length)]!;
  const all = LOWER + UPPER + DIGITS + SPECIALS;
  for (;;) {
    const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SPECIALS)];
    while (chars.length < length) chars.push(pick(all));
    for (let i = chars.length - 1; i > 0; i--) {
      const j = randomInt(i + 1);
      [chars[i], chars[j]] = [chars[j]!, chars[i]!];
    }
    const password = chars.join('');
    if (!checkPassword(password, OPERATOR_PASSWORD)) return password;
  }
}

export const isUniqueViolation = (e: unknown) => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23505' || err?.cause?.code === '23505';
};

export const emailTaken = (field = 'email') =>
  new AppError(409, 'CONFLICT', 'users.emailTaken', undefined, [{ field, messageKey: 'users.emailTaken' }]);

/**
 * Creates users (with their account and contract for kinds that open one) in ONE transaction:
 * all or nothing. The welcome mails with the first passwords go out after the commit.
 */
export async function createManagedUsers(
  ctx: TAppContext,
  opts: {
    caller: TCaller;
    inputs: TCreateUserInput[];
    action: 'USER_CREATED' | 'USER_IMPORTED';
    ip?: string;
  },
): Promise<TUserDetail[]> {
  const { caller, inputs } = opts;
  const early = problemsError(await problemsOf(ctx.db, caller, inputs));
  if (early) throw early;
  // Hashing is slow on purpose: do it before the transaction holds its locks.
  const passwords = inputs.map(() => generateFirstPassword());
  const hashes = await Promise.all(passwords.map((p) => hashPassword(p, { bulk: passwords.length > 1 })));

  let createdIds: string[];
  try {
    createdIds = await ctx.db.transaction(async (tx) => {
      const late = problemsError(await problemsOf(tx, caller, inputs));
      if (late) throw late;
      const ids: string[] = [];
      for (const [index, input] of inputs.entries()) {
        ids.push(
          await insertOne(tx, {
            input,
            passwordHash: hashes[index]!,
            action: opts.action,
            caller,
            ip: opts.ip,
          }),
        );
      }
      // The first passwords go out with the users they belong to, or not at all.
      for (const [index, input] of inputs.entries()) {
        const lang = input.language as TUiLanguage;
        const mail = welcomeMail[lang]({
          name: input.contactName,
          email: input.email.trim().toLowerCase(),
          password: passwords[index]!,
          link: `${ctx.config.publicUrl}/login`,
        });
        await ctx.mailer.send({ to: input.email.trim().toLowerCase(), language: lang, ...mail }, { db: tx });
      }
      return ids;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw emailTaken();
    throw e;
  }

  ctx.nudgeJobs();

  const suspended = await contractSuspended(ctx.db, caller.accountPath);
  const details: TUserDetail[] = [];
  for (const id of createdIds) {
    const row = await loadUserRow(ctx.db, caller, id);
    // Created under a parent that problemsOf found open, so nothing above is closed.
    if (row) details.push(toDetail(row, caller, { callerSuspended: suspended, closedAbove: false }));
  }
  return details;
}

async function insertOne(
  tx: TDbOrTx,
  opts: {
    input: TCreateUserInput;
    passwordHash: string;
    action: 'USER_CREATED' | 'USER_IMPORTED';
    caller: TCaller;
    ip?: string;
  },
): Promise<string> {
  const { input } = opts;
  const [parent] = await tx.select().from(accounts).where(eq(accounts.id, input.parentAccountId));
  if (!parent) throw notFound();
  const spec = KIND_ACCOUNT[input.kind];
  let accountId = parent.id;
  const changes = [];
  if (spec.newAccount) {
    // Same shape as the seed's createAccount: the path is the parent's plus the new id.
    const id = crypto.randomUUID();
    await tx.insert(accounts).values({
      id,
      type: spec.accountType,
      name: input.companyName,
      parentId: parent.id,
      path: `${parent.path}${id}/`,
      depth: parent.depth + 1,
      contactName: input.contactName,
      managerName: input.managerName || null,
      logoEnabled: input.logoEnabled,
    });
    accountId = id;
    changes.push(
      ...created({
        companyName: input.companyName,
        managerName: input.managerName || undefined,
        logoEnabled: input.logoEnabled,
      }),
    );
  }
  const [user] = await tx
    .insert(users)
    .values({
      accountId,
      email: input.email.trim().toLowerCase(),
      name: input.contactName,
      role: ROLE_OF_KIND[input.kind],
      authority: input.authority,
      adminRoleLabel:
        input.kind === 'OEM_ADMIN'
          ? input.authority === 'EDIT'
            ? 'EDITOR'
            : 'VIEWER'
          : input.kind === 'USER'
            ? null
            : 'MAIN_CONTACT',
      passwordHash: opts.passwordHash,
      mustChangePassword: true,
      language: input.language,
    })
    .returning({ id: users.id });
  changes.unshift(
    ...created({
      kind: input.kind,
      email: input.email.trim().toLowerCase(),
      contactName: input.contactName,
      authority: input.authority,
    }),
  );
  if (spec.newAccount) {
    const [plan] = await tx.select().from(plans).where(eq(plans.id, input.planId!));
    await tx.insert(contracts).values({
      accountId,
      planId: input.planId!,
      status: 'ACTIVE',
      startDate: input.contractStartDate!,
      endDate: input.contractEndDate!,
      licenseIssued: input.licenseIssued,
    });
    changes.push(
      ...created({
        plan: plan?.name,
        contractStartDate: input.contractStartDate,
        contractEndDate: input.contractEndDate,
        licenseIssued: input.licenseIssued,
      }),
    );
  }
  await recordHistory(tx, {
    action: opts.action,
    actorUserId: opts.caller.userId,
    accountId,
    target: { type: 'user', id: user!.id },
    changes,
    ip: opts.ip,
  });
  return user!.id;
}

/** Every user of the list's filters (no paging), for the CSV export. */
export async function exportUsers(
  ctx: TAppContext,
  opts: { caller: TCaller; query: Omit<TUserListQuery, 'page' | 'pageSize'> },
): Promise<TUserListItem[]> {
  const { rows } = await queryUsers(ctx.db, { caller: opts.caller, query: opts.query });
  return rows.map(toListItem);
}

/** The edit history of a visible user: its own entries and its contract's. */
export async function userHistory(
  ctx: TAppContext,
  opts: { caller: TCaller; userId: string; page: number; pageSize: number },
) {
  const row = await loadUserRow(ctx.db, opts.caller, opts.userId);
  if (!row) throw notFound();
  return listHistory(ctx.db, {
    userId: row.user.id,
    contractId: row.contract?.id ?? null,
    page: opts.page,
    pageSize: opts.pageSize,
    viewerAccountPath: opts.caller.accountPath,
  });
}
