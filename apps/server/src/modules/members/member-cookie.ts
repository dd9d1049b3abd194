// The cookie a signed-in member of a site carries: one per site (the name holds the site id), so
// a member of one site is nobody on another, even on the platform's shared host. Kept apart from
// the service so the page cache (the hot path) can name it without loading the database code.

/** 'eut_' + the site id without dashes. */
export const memberCookieName = (siteId: string) => `eut_${siteId.replaceAll('-', '')}`;

/**
 * The Set-Cookie header that signs a member in (`token`, for `maxAgeSeconds`) or out (null):
 * HttpOnly, SameSite=Lax, Secure in production, on every path of the host.
 */
export function memberCookie(
  siteId: string,
  token: string | null,
  opts: { secure: boolean; maxAgeSeconds?: number },
): string {
  const value = token ? `${token}; Max-Age=${opts.maxAgeSeconds ?? 0}` : '; Max-Age=0';
  return `${memberCookieName(siteId)}=${value}; Path=/; HttpOnly; SameSite=Lax${opts.secure ? '; Secure' : ''}`;
}

/** Whether a request carries the site's member cookie (valid or not). */
export const carriesMemberCookie = (cookieHeader: string | undefined, siteId: string) =>
  cookieHeader?.includes(`${memberCookieName(siteId)}=`) ?? false;
