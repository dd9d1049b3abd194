import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

// Signed URLs (uploads use signed PUT URLs): whoever holds the URL may make that one
// request until it expires; the signature is the credential. The key is derived from the JWT
// secret with its own label, so it never doubles as the token signing key.

export interface TUrlSigner {
  /** The signature of `method path` valid until `expires` (unix seconds). */
  sign(method: string, path: string, expires: number): string;
  /** True when `sig` signs `method path` until `expires` and that moment has not passed. */
  verify(method: string, path: string, expires: unknown, sig: unknown, nowMs?: number): boolean;
  /** `path?expires=…&sig=…` valid for `ttlSeconds`, with its expiry. */
  signedUrl(
    method: string,
    path: string,
    ttlSeconds: number,
    nowMs?: number,
  ): { url: string; expiresAt: Date };
}

const SIG_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const EXPIRES_PATTERN = /^[1-9]\d{0,11}$/;

export function createUrlSigner(secret: string): TUrlSigner {
  const key = Buffer.from(hkdfSync('sha256', secret, 'swipe-lp', 'signed-urls v1', 32));
  const sign = (method: string, path: string, expires: number) =>
    createHmac('sha256', key).update(`${method.toUpperCase()} ${path}\n${expires}`).digest('base64url');
  return {
    sign,
    verify: (method, path, expires, sig, nowMs = Date.now()) => {
      if (typeof expires !== 'string' || !EXPIRES_PATTERN.test(expires)) return false;
      if (typeof sig !== 'string' || !SIG_PATTERN.test(sig)) return false;
      const at = Number(expires);
      if (at * 1000 <= nowMs) return false;
      // Compared as text: base64 has several spellings of the same bytes, only ours is valid.
      const given = Buffer.from(sig, 'latin1');
      const expected = Buffer.from(sign(method, path, at), 'latin1');
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
    signedUrl: (method, path, ttlSeconds, nowMs = Date.now()) => {
      const expires = Math.floor(nowMs / 1000) + ttlSeconds;
      return {
        url: `${path}?expires=${expires}&sig=${sign(method, path, expires)}`,
        expiresAt: new Date(expires * 1000),
      };
    },
  };
}
