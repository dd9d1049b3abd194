// The cookie a signed-in member of a site carries: one per site (the name holds the site id), so
// a member of one site is nobody on another, even on the platform's shared host. Kept apart from
// the service so the page cache (the hot path) can name it without loading the database code.

/** 'eut_' + the site id without dashes. */
export const memberCookieName = (siteId: string) => `eut_${siteId.replaceAll('-', '')}`;
