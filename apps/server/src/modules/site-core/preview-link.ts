import { PREVIEW_LINK_TTL_SECONDS } from '@swipe/contracts/site-api';
import type { TAppContext } from '../../platform/context';

// The editor's preview iframe cannot send the operator's token, so the console asks for a
// signed grant that rides in the path (the viewer renders the draft for whoever holds it).

const GRANT = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

export const previewPath = (siteId: string) => `/site/${siteId}/preview`;

/** The address of the draft for whoever holds it, for PREVIEW_LINK_TTL_SECONDS. */
export function ownerPreviewLink(ctx: TAppContext, siteId: string, nowMs = Date.now()) {
  const expires = Math.floor(nowMs / 1000) + PREVIEW_LINK_TTL_SECONDS;
  const sig = ctx.urls.sign('GET', previewPath(siteId), expires);
  return {
    // Absolute when published sites have their own origin (the console frames it from there).
    url: `${ctx.config.sitesUrl}${previewPath(siteId)}/o/${expires}.${sig}/`,
    expiresAt: new Date(expires * 1000).toISOString(),
  };
}

/** True when `grant` is an unexpired signature of this site's preview. */
export function ownerGrantValid(ctx: TAppContext, siteId: string, grant: string | undefined) {
  const m = grant ? GRANT.exec(grant) : null;
  return !!m && ctx.urls.verify('GET', previewPath(siteId), m[1], m[2]);
}
