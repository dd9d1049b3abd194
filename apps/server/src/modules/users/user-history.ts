import { HISTORY_ACTIONS, type TContractHistoryItem, type THistoryAction } from '@swipe/contracts/users';
import { and, count, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { accounts, users } from '../../db/schema/accounts';
import { auditLog } from '../../db/schema/platform';
import type { TDbOrTx } from '../../db/tx';

// The contract edit history: every change to a user or its contract is one audit_log row
// with the list of fields it changed; the history page reads them back.

export type TChange = { field: string; from: string | null; to: string | null };

const text = (v: unknown): string | null =>
  v === null || v === undefined ? null : v instanceof Date ? v.toISOString() : String(v);

/** The changes between two records, for the given fields (unchanged fields are left out). */
export function diff(before: Record<string, unknown>, after: Record<string, unknown>, fields: string[]) {
  const out: TChange[] = [];
  for (const field of fields) {
    if (!(field in after) || after[field] === undefined) continue;
    const from = text(before[field]);
    const to = text(after[field]);
    if (from !== to) out.push({ field, from, to });
  }
  return out;
}

/** A change record of every field of a new row (from null). */
export const created = (after: Record<string, unknown>) =>
  Object.entries(after)
    .filter(([, v]) => v !== undefined)
    .map(([field, v]) => ({ field, from: null, to: text(v) }));

export async function recordHistory(
  db: TDbOrTx,
  entry: {
    action: THistoryAction;
    /** Null when a job did it. */
    actorUserId: string | null;
    accountId: string;
    target: { type: 'user' | 'contract'; id: string };
    changes: TChange[];
    ip?: string;
  },
) {
  await db.insert(auditLog).values({
    action: entry.action,
    actorUserId: entry.actorUserId,
    accountId: entry.accountId,
    targetType: entry.target.type,
    targetId: entry.target.id,
    details: { changes: entry.changes },
    ip: entry.ip,
  });
}

/** The history of one user: its own entries and those of the contract it works under, newest first. */
export async function listHistory(
  db: TDb,
  opts: {
    userId: string;
    contractId: string | null;
    page: number;
    pageSize: number;
    /** Executors outside this account path (e.g. platform staff seen by an OEM) show a name only. */
    viewerAccountPath: string;
  },
): Promise<{ items: TContractHistoryItem[]; total: number }> {
  const targets: SQL[] = [and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, opts.userId))!];
  if (opts.contractId)
    targets.push(and(eq(auditLog.targetType, 'contract'), eq(auditLog.targetId, opts.contractId))!);
  const where = and(or(...targets), inArray(auditLog.action, [...HISTORY_ACTIONS]));
  const [total] = await db.select({ n: count() }).from(auditLog).where(where);
  const rows = await db
    .select({
      entry: {
        id: auditLog.id,
        createdAt: auditLog.createdAt,
        action: auditLog.action,
        details: auditLog.details,
      },
      name: users.name,
      email: users.email,
      actorPath: accounts.path,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .leftJoin(accounts, eq(accounts.id, users.accountId))
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(opts.pageSize)
    .offset((opts.page - 1) * opts.pageSize);
  return {
    total: total?.n ?? 0,
    items: rows.map((r) => ({
      id: r.entry.id,
      executedAt: r.entry.createdAt.toISOString(),
      executorName: r.name ?? null,
      executorEmail: r.actorPath?.startsWith(opts.viewerAccountPath) ? (r.email ?? null) : null,
      action: r.entry.action as THistoryAction,
      changes: ((r.entry.details as { changes?: TChange[] }).changes ?? []).map((c) => ({
        field: c.field,
        from: c.from ?? null,
        to: c.to ?? null,
      })),
    })),
  };
}
