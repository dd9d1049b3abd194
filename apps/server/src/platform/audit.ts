import type { TDb } from '../db/client';
import { auditLog } from '../db/schema/platform';

export async function audit(
  db: TDb,
  entry: {
    action: string;
    actorUserId?: string | null;
    accountId?: string | null;
    targetType?: string;
    targetId?: string;
    details?: Record<string, unknown>;
    ip?: string;
  },
) {
  await db.insert(auditLog).values({
    action: entry.action,
    actorUserId: entry.actorUserId ?? null,
    accountId: entry.accountId ?? null,
    targetType: entry.targetType,
    targetId: entry.targetId,
    details: entry.details ?? {},
    ip: entry.ip,
  });
}
