import { describe, expect, it } from 'vitest';
import { carriesMemberCookie, memberCookie, memberCookieName, memberCookieValue } from './member-cookie';

const SITE = '0b6c3a2e-1111-4222-8333-944455556666';

describe('the member cookie', () => {
  it('is named with the __Host- prefix over HTTPS, so no subdomain can set or shadow it', () => {
    const secure = memberCookie(SITE, 'tok', { secure: true, maxAgeSeconds: 60 });
    expect(secure).toMatch(
      /^__Host-eut_0b6c3a2e111142228333944455556666=tok; Max-Age=60; Path=\/; HttpOnly; SameSite=Lax; Secure$/,
    );
    const plain = memberCookie(SITE, 'tok', { secure: false, maxAgeSeconds: 60 });
    expect(plain.startsWith(`${memberCookieName(SITE)}=tok;`)).toBe(true);
  });

  it('signs out both names over HTTPS, so a cookie from before the prefix cannot keep a member in', () => {
    const out = memberCookie(SITE, null, { secure: true });
    expect(out).toHaveLength(2);
    expect(out[0]).toMatch(/^__Host-eut_.*=; Max-Age=0; Path=\/; HttpOnly; SameSite=Lax; Secure$/);
    expect(out[1]).toMatch(/^eut_.*=; Max-Age=0; Path=\//);
  });

  it('is read under either name, the prefixed one first', () => {
    const name = memberCookieName(SITE);
    expect(memberCookieValue(`a=1; __Host-${name}=new; ${name}=old`, SITE)).toBe('new');
    expect(memberCookieValue(`${name}=old`, SITE)).toBe('old');
    expect(memberCookieValue('a=1', SITE)).toBeNull();
    expect(carriesMemberCookie(`__Host-${name}=x`, SITE)).toBe(true);
  });
});
