import type { FastifyInstance } from 'fastify';
import type { TConfig } from '../config';

// With SITES_URL, published sites (and drafts shown to reviewers) live on an origin of their
// own: a creator's page can then never read the console's storage or call its API with the
// operator's cookies. One process serves both origins and tells them apart by the Host header.
// The sites origin answers only what a visitor needs; the console's origin sends site addresses
// over to it.

/** Paths a visitor of a published site may reach on the sites origin. */
const SITE_PATHS =
  /^\/(sites|site|media|api\/end-user)(\/|$)|^\/api\/health$|^\/robots\.txt$|^\/favicon\.ico$/;
/** Paths of tenant content that the console's origin hands over to the sites origin. */
const TENANT_PATHS = /^\/sites(\/|$)|^\/site\/[^/]+\/preview(\/|$)/;

export const isSitePath = (path: string) => SITE_PATHS.test(path);
export const isTenantPath = (path: string) => TENANT_PATHS.test(path);

export function installSiteOrigin(app: FastifyInstance, config: Pick<TConfig, 'sitesUrl' | 'publicUrl'>) {
  if (!config.sitesUrl) return;
  const sitesUrl = config.sitesUrl;
  const sitesHost = new URL(sitesUrl).host.toLowerCase();
  const consoleHost = new URL(config.publicUrl).host.toLowerCase();
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
