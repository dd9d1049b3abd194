import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { jwtVerify, SignJWT } from 'jose';

// Access tokens: HS256 only (the algorithm is pinned on verify), short-lived.
const ALG = 'HS256';

export interface TAccessClaims {
  sub: string;
  role: string;
}

export interface TTokenSigner {
  sign(claims: TAccessClaims): Promise<string>;
  verify(token: string): Promise<TAccessClaims | null>;
  ttlSeconds: number;
}

export function createTokenSigner(secret: string, ttlSeconds: number): TTokenSigner {
  const key = new TextEncoder().encode(secret);
  return {
    ttlSeconds,
    sign: (claims) =>
      new SignJWT({ role: claims.role, typ: 'access' })
        .setProtectedHeader({ alg: ALG })
        .setSubject(claims.sub)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    verify: async (token) => {
      try {
        // `exp` is required and `iat` too: a token without an end, or one that claims to last
        // longer than this signer ever grants, is not one of ours.
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALG],
          requiredClaims: ['exp', 'iat', 'sub'],
          maxTokenAge: `${ttlSeconds + 60}s`,
        });
        if (payload.typ !== 'access' || typeof payload.sub !== 'string' || typeof payload.role !== 'string')
          return null;
        if (payload.exp! - payload.iat! > ttlSeconds + 60) return null;
        return { sub: payload.sub, role: payload.role };
      } catch {
        return null;
      }
    },
  };
}

/** JWT_SECRET when set; otherwise a secret generated once and kept under DATA_DIR. */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

/** An opaque token with 256 bits of randomness; only its hash is stored. */
export const newOpaqueToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
