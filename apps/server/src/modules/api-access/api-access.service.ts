import { randomBytes } from 'node:crypto';
import type { TApiAuthMethod, TApiSettings, ZUpdateApiSettingsRequest } from '@swipe/contracts/api-access';
import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { apiSettings } from '../../db/schema/accounts';
import { generateApiKey } from '../../platform/api-key';
import { audit } from '../../platform/audit';
import type { TAppContext, TCaller } from '../../platform/context';
import { AppError, fieldError } from '../../platform/errors';
import { hashPassword } from '../../platform/password-hash';

// The API settings (enabled, IP list, Basic ID and password, or a key) of the caller's own account (a SUB_ADMIN manages its principal's, which
// is the account it belongs to). Secrets are stored hashed and never leave the server.

type TRow = typeof apiSettings.$inferSelect;
type TUpdate = z.output<typeof ZUpdateApiSettingsRequest>;

const UNIQUE_VIOLATION = '23505';
const isUniqueViolation = (error: unknown, index: string) => {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const code = e?.code ?? e?.cause?.code;
  const constraint = e?.constraint ?? e?.cause?.constraint ?? '';
  const text =
    String((error as Error)?.message ?? '') + String((e?.cause as Error | undefined)?.message ?? '');
  return code === UNIQUE_VIOLATION && (constraint === index || text.includes(index));
};

export const readApiBaseUrl = (ctx: TAppContext) => `${ctx.config.publicUrl}/api/v1`;

export function toApiSettings(ctx: TAppContext, row: TRow | undefined): TApiSettings {
  return {
    configured: !!row,
    enabled: row?.enabled ?? false,
    method: (row?.method as TApiAuthMethod | undefined) ?? 'API_KEY',
    clientId: row?.clientId ?? null,
    ipList: row?.ipList ?? [],
    basicId: row?.basicId ?? null,
    hasBasicPassword: !!row?.basicPasswordHash,
    key:
      row?.keyPrefix && row.keyIssuedAt
        ? { prefix: row.keyPrefix, issuedAt: row.keyIssuedAt.toISOString() }
        : null,
    baseUrl: readApiBaseUrl(ctx),
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

async function loadRow(ctx: TAppContext, accountId: string) {
  const [row] = await ctx.db.select().from(apiSettings).where(eq(apiSettings.accountId, accountId));
  return row;
}

/** The account's row, created disabled (with a fresh client id) when it has none yet. */
async function ensureRow(ctx: TAppContext, accountId: string): Promise<TRow> {
  const existing = await loadRow(ctx, accountId);
  if (existing) return existing;
  await ctx.db
    .insert(apiSettings)
    .values({ accountId, clientId: `slc_${randomBytes(12).toString('hex')}` })
    .onConflictDoNothing();
  return (await loadRow(ctx, accountId))!;
}

export async function getApiSettings(ctx: TAppContext, opts: { caller: TCaller }) {
  return toApiSettings(ctx, await loadRow(ctx, opts.caller.accountId));
}

export async function updateApiSettings(
  ctx: TAppContext,
  opts: { caller: TCaller; body: TUpdate; ip?: string },
): Promise<TApiSettings> {
  const { caller, body } = opts;
  const accountId = caller.accountId;
  const current = await loadRow(ctx, accountId);
  const patch: Partial<typeof apiSettings.$inferInsert> = {
    enabled: body.enabled,
    method: body.method,
    updatedAt: new Date(),
  };

  if (body.method === 'IP') patch.ipList = body.ipList;
  if (body.method === 'BASIC') {
    if (body.basicId) {
      const [taken] = await ctx.db
        .select({ accountId: apiSettings.accountId })
        .from(apiSettings)
        .where(and(eq(apiSettings.basicId, body.basicId), ne(apiSettings.accountId, accountId)));
      if (taken) throw basicIdTaken();
    }
    patch.basicId = body.basicId || null;
    if (body.basicPassword) patch.basicPasswordHash = await hashPassword(body.basicPassword);
    // Left empty on a later save, the stored password stays.
    else if (body.enabled && !current?.basicPasswordHash)
      throw fieldError('basic_password', 'apiAccess.basicPasswordRequired');
  }
  if (body.method === 'API_KEY' && body.enabled && !current?.keyHash)
    throw fieldError('method', 'apiAccess.keyRequired');

  await ensureRow(ctx, accountId);
  try {
    await ctx.db.update(apiSettings).set(patch).where(eq(apiSettings.accountId, accountId));
  } catch (error) {
    if (isUniqueViolation(error, 'api_settings_basic_unique')) throw basicIdTaken();
    throw error;
  }
  await audit(ctx.db, {
    action: 'api_settings.update',
    actorUserId: caller.userId,
    accountId,
    targetType: 'api_settings',
    targetId: accountId,
    details: {
      enabled: body.enabled,
      method: body.method,
      ...(body.method === 'IP' ? { ipCount: body.ipList.length } : {}),
      ...(body.method === 'BASIC' ? { basicId: body.basicId, passwordChanged: !!body.basicPassword } : {}),
    },
    ip: opts.ip,
  });
  return toApiSettings(ctx, await loadRow(ctx, accountId));
}

const basicIdTaken = () =>
  new AppError(409, 'CONFLICT', 'apiAccess.basicIdTaken', undefined, [
    { field: 'basic_id', messageKey: 'apiAccess.basicIdTaken' },
  ]);

/** Issues a new key (replacing any previous one) and answers it in full, this once. */
export async function issueApiKey(ctx: TAppContext, opts: { caller: TCaller; ip?: string }) {
  const accountId = opts.caller.accountId;
  await ensureRow(ctx, accountId);
  // The 32-bit prefix may collide with another account's: draw again.
  for (let attempt = 0; ; attempt++) {
    const issued = generateApiKey();
    try {
      await ctx.db
        .update(apiSettings)
        .set({
          keyPrefix: issued.prefix,
          keyHash: issued.hash,
          keyIssuedAt: new Date(),
          updatedAt: new Date(),
        })
        .where(eq(apiSettings.accountId, accountId));
    } catch (error) {
      if (attempt < 3 && isUniqueViolation(error, 'api_settings_key_prefix_unique')) continue;
      throw error;
    }
    await audit(ctx.db, {
      action: 'api_settings.key_issue',
      actorUserId: opts.caller.userId,
      accountId,
      targetType: 'api_settings',
      targetId: accountId,
      details: { prefix: issued.prefix },
      ip: opts.ip,
    });
    return { key: issued.key, settings: toApiSettings(ctx, await loadRow(ctx, accountId)) };
  }
}

/** Revokes the key at once; settings in API key mode then refuse every request until a new one. */
export async function revokeApiKey(ctx: TAppContext, opts: { caller: TCaller; ip?: string }) {
  const accountId = opts.caller.accountId;
  const current = await loadRow(ctx, accountId);
  if (current?.keyHash) {
    await ctx.db
      .update(apiSettings)
      .set({ keyPrefix: null, keyHash: null, keyIssuedAt: null, updatedAt: new Date() })
      .where(eq(apiSettings.accountId, accountId));
    await audit(ctx.db, {
      action: 'api_settings.key_revoke',
      actorUserId: opts.caller.userId,
      accountId,
      targetType: 'api_settings',
      targetId: accountId,
      details: { prefix: current.keyPrefix },
      ip: opts.ip,
    });
  }
  return toApiSettings(ctx, await loadRow(ctx, accountId));
}
