import { createHash } from 'node:crypto';
import { ipInRange, parseIpRange } from '@swipe/contracts/ip-address';
import type { TMessageKey } from '@swipe/contracts/messages';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { accounts, apiSettings } from '../db/schema/accounts';
import { apiKeyMatches, apiKeyPrefix } from './api-key';
import { accessDisabled } from './caller';
import type { TAppContext } from './context';
import { AppError } from './errors';
import { verifyAgainstDummy, verifyPassword } from './password-hash';

// The read API (/api/v1) is called by an account's own programs, not by a signed-in operator:
// they authenticate with the account's API settings (IP restriction, Basic auth or an API key) instead of a JWT.

export type TApiAuthMethod = 'API_KEY' | 'BASIC' | 'IP';

/** The account an API request acts for, as the `{ apiClient: true }` guard authenticated it. */
export interface TApiClient {
  accountId: string;
  accountPath: string;
  method: TApiAuthMethod;
}

declare module 'fastify' {
  interface FastifyRequest {
    apiClient: TApiClient | null;
  }
}

/** OpenAPI security schemes of the read API (merged into the document's components). */
export const API_CLIENT_SECURITY_SCHEMES = {
  apiKey: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Api-Key',
    description: 'API key mode: the key issued in the console (slp_...).',
  },
  apiKeyBearer: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'slp_<prefix>_<secret>',
    description: 'API key mode: the same key as `Authorization: Bearer slp_...`.',
  },
  apiBasic: {
    type: 'http',
    scheme: 'basic',
    description: 'Basic auth mode: the ID and password set in the API settings.',
  },
  apiClientIp: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Api-Client',
    description: 'IP restriction mode: the client ID; the request must come from a listed address.',
  },
} as const;

/** Any one of the schemes authenticates a request (OpenAPI lists alternatives as an array). */
export const API_CLIENT_SECURITY = Object.keys(API_CLIENT_SECURITY_SCHEMES).map((name) => ({ [name]: [] }));

const CHALLENGE = 'Bearer realm="swipe-lp-api", Basic realm="swipe-lp-api", charset="UTF-8"';
const BASIC_CACHE_MS = 60_000;
const BASIC_CACHE_MAX = 1_000;
const RATE_WINDOW_MS = 60_000;

type TSettingsRow = typeof apiSettings.$inferSelect;

function refuse(reply: FastifyReply, messageKey: TMessageKey = 'apiAccess.unauthenticated') {
  reply.header('WWW-Authenticate', CHALLENGE);
  return new AppError(401, 'API_UNAUTHENTICATED', messageKey);
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** `Basic base64(id:password)`'s value as id and password, or null when malformed in any way. */
export function decodeBasicCredentials(value: string): { id: string; password: string } | null {
  if (!value || value.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(value)) return null;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(value, 'base64'));
  } catch {
    return null;
  }
  const colon = text.indexOf(':');
  if (colon <= 0) return null;
  const id = text.slice(0, colon);
  const password = text.slice(colon + 1);
  if (!password || id.length > 64 || password.length > 256) return null;
  return { id, password };
}

const headerText = (value: string | string[] | undefined) =>
  typeof value === 'string' ? value.trim() : undefined;

/** One authenticator per app: it holds the Basic verification cache and the per-client counters. */
export function createApiClientAuthenticator(ctx: TAppContext) {
  // Successful Basic verifications, keyed by a hash of the credentials, so argon2 does not run
  // on every request. The stored password hash is compared too: a new password ends a hit.
  const basicCache = new Map<string, { accountId: string; passwordHash: string; expiresAt: number }>();

  async function byKey(key: string): Promise<TSettingsRow | null> {
    const prefix = apiKeyPrefix(key);
    if (!prefix) return null;
    const [row] = await ctx.db.select().from(apiSettings).where(eq(apiSettings.keyPrefix, prefix));
    if (!row || !apiKeyMatches(key, row.keyHash)) return null;
    return row.enabled && row.method === 'API_KEY' ? row : null;
  }

  async function byBasic(value: string): Promise<TSettingsRow | null> {
    const creds = decodeBasicCredentials(value);
    if (!creds) return null;
    const [row] = await ctx.db.select().from(apiSettings).where(eq(apiSettings.basicId, creds.id));
    if (!row?.basicPasswordHash || !row.enabled || row.method !== 'BASIC') {
      // As long as a real check: the answer's timing does not tell which IDs exist.
      await verifyAgainstDummy(creds.password);
      return null;
    }
    const cacheKey = sha256(JSON.stringify([creds.id, creds.password]));
    const now = Date.now();
    const hit = basicCache.get(cacheKey);
    if (
      hit &&
      hit.expiresAt > now &&
      hit.accountId === row.accountId &&
      hit.passwordHash === row.basicPasswordHash
    )
      return row;
    if (hit) basicCache.delete(cacheKey);
    if (!(await verifyPassword(row.basicPasswordHash, creds.password))) return null;
    if (basicCache.size >= BASIC_CACHE_MAX) basicCache.delete(basicCache.keys().next().value!);
    basicCache.set(cacheKey, {
      accountId: row.accountId,
      passwordHash: row.basicPasswordHash,
      expiresAt: now + BASIC_CACHE_MS,
    });
    return row;
  }

  async function byIp(clientId: string, ip: string): Promise<TSettingsRow | null> {
    const [row] = await ctx.db.select().from(apiSettings).where(eq(apiSettings.clientId, clientId));
    if (!row || !row.enabled || row.method !== 'IP') return null;
    const allowed = row.ipList.some((entry) => {
      const range = parseIpRange(entry);
      return !!range && ipInRange(ip, range);
    });
    return allowed ? row : null;
  }

  /** Counts the request against the client's window (every process's); false once it is used up. */
  async function withinLimit(reply: FastifyReply, accountId: string): Promise<boolean> {
    const max = ctx.config.apiRateLimitPerMinute;
    const now = Date.now();
    const w = await ctx.counters.hit(`api-client:${accountId}`, RATE_WINDOW_MS);
    reply.header('X-RateLimit-Limit', max);
    reply.header('X-RateLimit-Remaining', Math.max(0, max - w.count));
    if (w.count <= max) return true;
    reply.header('Retry-After', Math.ceil((w.resetAt - now) / 1000));
    return false;
  }

  async function authenticate(req: FastifyRequest, reply: FastifyReply): Promise<TApiClient> {
    const key = headerText(req.headers['x-api-key']);
    const authorization = headerText(req.headers.authorization);
    const clientId = headerText(req.headers['x-api-client']);
    let row: TSettingsRow | null = null;
    if (key !== undefined) row = await byKey(key);
    else if (authorization) {
      const space = authorization.indexOf(' ');
      const scheme = (space === -1 ? authorization : authorization.slice(0, space)).toLowerCase();
      const value = space === -1 ? '' : authorization.slice(space + 1).trim();
      if (scheme === 'bearer') row = await byKey(value);
      else if (scheme === 'basic') row = await byBasic(value);
    } else if (clientId) row = await byIp(clientId, req.ip);
    if (!row) throw refuse(reply);

    const [account] = await ctx.db
      .select({ id: accounts.id, path: accounts.path })
      .from(accounts)
      .where(and(eq(accounts.id, row.accountId), isNull(accounts.deletedAt)));
    if (!account) throw refuse(reply);
    // A terminated contract takes access away, the API's included.
    if (await accessDisabled(ctx.db, account.path)) throw refuse(reply, 'apiAccess.accessDisabled');
    if (!(await withinLimit(reply, account.id)))
      throw new AppError(429, 'RATE_LIMITED', 'common.tooManyRequests');
    return { accountId: account.id, accountPath: account.path, method: row.method as TApiAuthMethod };
  }

  return { authenticate };
}
