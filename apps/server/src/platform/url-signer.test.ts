import { describe, expect, it } from 'vitest';
import { createUrlSigner } from './url-signer';

const SECRET = 'test-secret-test-secret-test-secret-0123';
const PATH = '/api/uploads/7b0f7a52-3c0e-4c51-9a59-8f3d6d0f6a11';
const NOW = Date.UTC(2025, 0, 1, 9, 0, 0);

const parse = (url: string) => {
  const u = new URL(url, 'http://x');
  return { path: u.pathname, expires: u.searchParams.get('expires'), sig: u.searchParams.get('sig') };
};

describe('signed URLs', () => {
  const signer = createUrlSigner(SECRET);

  it('accepts its own URL until it expires, and not after', () => {
    const { url, expiresAt } = signer.signedUrl('PUT', PATH, 3600, NOW);
    expect(expiresAt.getTime()).toBe(NOW + 3_600_000);
    const { path, expires, sig } = parse(url);
    expect(path).toBe(PATH);
    expect(signer.verify('PUT', path, expires, sig, NOW)).toBe(true);
    expect(signer.verify('PUT', path, expires, sig, NOW + 3_599_000)).toBe(true);
    expect(signer.verify('PUT', path, expires, sig, NOW + 3_600_000)).toBe(false);
  });

  it('refuses another path, another method, a moved expiry or a changed signature', () => {
    const { expires, sig } = parse(signer.signedUrl('PUT', PATH, 3600, NOW).url);
    expect(signer.verify('PUT', `${PATH.slice(0, -1)}2`, expires, sig, NOW)).toBe(false);
    expect(signer.verify('GET', PATH, expires, sig, NOW)).toBe(false);
    expect(signer.verify('PUT', PATH, String(Number(expires) + 3600), sig, NOW)).toBe(false);
    const flipped = `${sig!.slice(0, -1)}${sig!.endsWith('A') ? 'B' : 'A'}`;
    expect(signer.verify('PUT', PATH, expires, flipped, NOW)).toBe(false);
  });

  it('refuses malformed or missing parts without throwing', () => {
    const { expires, sig } = parse(signer.signedUrl('PUT', PATH, 3600, NOW).url);
    for (const [e, s] of [
      [undefined, sig],
      [expires, undefined],
      ['', sig],
      ['12e9', sig],
      [`${expires}.5`, sig],
      [`0${expires}`, sig],
      [expires, ''],
      [expires, `${sig}A`],
      [expires, sig!.slice(1)],
      [expires, 'x'.repeat(43).replace(/x/g, '!')],
      [[expires], sig],
      [expires, [sig]],
    ] as const)
      expect(signer.verify('PUT', PATH, e, s, NOW)).toBe(false);
  });

  it('depends on the secret: another deployment cannot forge a URL', () => {
    const { expires, sig } = parse(signer.signedUrl('PUT', PATH, 3600, NOW).url);
    const other = createUrlSigner(`${SECRET}-other`);
    expect(other.verify('PUT', PATH, expires, sig, NOW)).toBe(false);
    expect(createUrlSigner(SECRET).verify('PUT', PATH, expires, sig, NOW)).toBe(true);
  });
});
