// The cookie a signed-in member of a site carries: one per site (the name holds the site id), so
// a member of one site is nobody on another, even on the platform's shared host. Kept apart from
// the service so the page cache (the hot path) can name it without loading the database code.

/** 'eut_' + the site id without dashes. */
export const memberCookieName = (siteId: string) => `eut_${siteId.replaceAll('-', '')}`;

/** Over HTTPS the name carries `__Host-`: set only by this host, over HTTPS, for every path. */
const HOST_PREFIX = '__Host-';

/**
 * The Set-Cookie header that signs a member in (`token`, for `maxAgeSeconds`), or the headers
 * that sign them out (null: both names, so a cookie set before the prefix cannot keep a member
 * in). HttpOnly, SameSite=Lax, Secure and `__Host-` in production, on every path of the host.
 */
export function memberCookie(
  siteId: string,
  token: string,
  opts: { secure: boolean; maxAgeSeconds?: number },
): string;
export function memberCookie(siteId: string, token: null, opts: { secure: boolean }): string[];
export function memberCookie(
  siteId: string,
  token: string | null,
  opts: { secure: boolean; maxAgeSeconds?: number },
): string | string[] {
  const name = `${opts.secure ? HOST_PREFIX : ''}${memberCookieName(siteId)}`;
  const attributes = `Path=/; HttpOnly; SameSite=Lax${opts.secure ? '; Secure' : ''}`;
  if (token) return `${name}=${token}; Max-Age=${opts.maxAgeSeconds ?? 0}; ${attributes}`;
  const out = [`${name}=; Max-Age=0; ${attributes}`];
  if (opts.secure) out.push(`${memberCookieName(siteId)}=; Max-Age=0; ${attributes}`);
  return out;
}

/** The value of the site's member cookie in a Cookie header (the prefixed name first), or null. */
export function memberCookieValue(cookieHeader: string | undefined, siteId: string): string | null {
  if (!cookieHeader) return null;
  const parts = cookieHeader.split(';').map((p) => p.trim());
  for (const name of [`${HOST_PREFIX}${memberCookieName(siteId)}=`, `${memberCookieName(siteId)}=`]) {
    const found = parts.find((p) => p.startsWith(name));
    if (found !== undefined) return found.slice(name.length);
  }
  return null;
}

/** Whether a request carries the site's member cookie (valid or not, under either name). */
export const carriesMemberCookie = (cookieHeader: string | undefined, siteId: string) =>
  cookieHeader?.includes(`${memberCookieName(siteId)}=`) ?? false;
