import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTokenSigner, hashToken, newOpaqueToken, resolveJwtSecret } from './tokens';

describe('tokens', () => {
  it('signs and verifies access tokens, refusing other secrets and expired ones', async () => {
    const signer = createTokenSigner('a'.repeat(40), 60);
    const token = await signer.sign({ sub: 'u1', role: 'MASTER' });
    expect(await signer.verify(token)).toEqual({ sub: 'u1', role: 'MASTER' });
    expect(await createTokenSigner('b'.repeat(40), 60).verify(token)).toBeNull();
    const expired = await createTokenSigner('a'.repeat(40), -10).sign({ sub: 'u1', role: 'MASTER' });
    expect(await signer.verify(expired)).toBeNull();
  });
  it('refuses a token that never expires, or one with an expiry far beyond the lifetime', async () => {
    const key = new TextEncoder().encode('a'.repeat(40));
    const signer = createTokenSigner('a'.repeat(40), 60);
    const forever = await new SignJWT({ role: 'MASTER', typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u1')
      .setIssuedAt()
      .sign(key);
    expect(await signer.verify(forever)).toBeNull();
    const decade = await new SignJWT({ role: 'MASTER', typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u1')
      .setIssuedAt()
      .setExpirationTime('3650d')
      .sign(key);
    expect(await signer.verify(decade)).toBeNull();
  });
  it('generates the secret once and keeps it under DATA_DIR', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jwt-'));
    const first = resolveJwtSecret(undefined, dir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(resolveJwtSecret(undefined, dir)).toBe(first);
    expect(resolveJwtSecret('configured-secret-configured-secret', dir)).toBe(
      'configured-secret-configured-secret',
    );
    fs.rmSync(dir, { recursive: true });
  });
  it('makes opaque tokens with 256 bits and hashes them', () => {
    const t = newOpaqueToken();
    expect(Buffer.from(t, 'base64url')).toHaveLength(32);
    expect(hashToken(t)).toMatch(/^[0-9a-f]{64}$/);
    expect(newOpaqueToken()).not.toBe(t);
  });
});
