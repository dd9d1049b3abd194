import type { FastifyInstance } from 'fastify';
import type { TConfig } from '../config';

// Published sites, visitor pages, previews (with their comment overlay), campaign script frames,
// the push service worker and the media of sites live on the sites origin (SITES_URL), never on
// the console's: a creator's script can then neither read the console's storage nor ride the
// operator's cookies. One process serves both origins and tells them apart by the Host header.
// The sites origin answers only what a visitor needs; the console's origin sends tenant
// addresses over to it. Custom domains are other hosts again and keep their own rules.

/** Paths a visitor of a published site may reach on the sites origin. */
const SITE_PATHS =
  /^\/(sites|site|media|api\/end-user)(\/|$)|^\/api\/health$|^\/(robots\.txt|sitemap\.xml|favicon\.ico)$/;
/** Paths of tenant content that the console's origin hands over to the sites origin. */
const TENANT_PATHS = /^\/(sites|media|api\/end-user)(\/|$)|^\/site\/[^/]+\/preview(\/|$)/;

export const isSitePath = (path: string) => SITE_PATHS.test(path);
export const isTenantPath = (path: string) => TENANT_PATHS.test(path);

/** The console's host (as browsers send it in Host), or null when sites share its origin. */
export function consoleHostOf(config: Pick<TConfig, 'sitesUrl' | 'publicUrl'>): string | null {
  const consoleOrigin = new URL(config.publicUrl).origin;
  return consoleOrigin === config.sitesUrl ? null : new URL(consoleOrigin).host.toLowerCase();
}

export function installSiteOrigin(app: FastifyInstance, config: Pick<TConfig, 'sitesUrl' | 'publicUrl'>) {
  const consoleHost = consoleHostOf(config);
  // Only a development set-up forced to one origin (SITES_URL = PUBLIC_URL) gets here.
  if (!consoleHost) return;
  const sitesUrl = config.sitesUrl;
  const sitesHost = new URL(sitesUrl).host.toLowerCase();
  app.addHook('onRequest', async (req, reply) => {
    const host = req.headers.host?.toLowerCase();
    const path = req.url.split('?')[0] ?? '/';
    if (host === sitesHost && !isSitePath(path))
      return reply.status(404).type('text/plain; charset=utf-8').send('Not Found');
    if (host === consoleHost && isTenantPath(path))
      return reply.redirect(
        `${sitesUrl}${req.url}`,
        req.method === 'GET' || req.method === 'HEAD' ? 301 : 308,
      );
  });
}
