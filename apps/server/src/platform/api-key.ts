import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

// API keys of the read API: `slp_<prefix>_<secret>`. The prefix (8 hex characters) finds the
// row and may be shown; the secret carries 256 random bits. Only the prefix and a SHA-256 of
// the whole key are stored: a key this random needs no slow hash.

const KEY_RE = /^slp_([0-9a-f]{8})_([A-Za-z0-9_-]{43})$/;

export function generateApiKey() {
  const prefix = randomBytes(4).toString('hex');
  const secret = randomBytes(32).toString('base64url');
  const key = `slp_${prefix}_${secret}`;
  return { key, prefix, hash: hashApiKey(key) };
}

export const hashApiKey = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

/** The prefix of a well-formed key, or null. */
export const apiKeyPrefix = (key: string) => KEY_RE.exec(key)?.[1] ?? null;

/** Compares a presented key with a stored hash in constant time. */
export function apiKeyMatches(key: string, storedHash: string | null): boolean {
  if (!storedHash || storedHash.length !== 64) return false;
  return timingSafeEqual(Buffer.from(hashApiKey(key), 'hex'), Buffer.from(storedHash, 'hex'));
}
