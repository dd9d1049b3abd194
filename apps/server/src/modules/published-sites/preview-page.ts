import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sites } from '../../db/schema/sites';
import { storedSiteDocument } from '../../db/site-document';
import type { TAppContext } from '../../platform/context';
import { pageLanguage } from '../site-core/live-site';
import { renderSite } from './published-sites.service';

// The editor previews a draft in an <iframe sandbox> that loads the viewer's own render
// of it. The iframe cannot send the operator's token, so the console asks for a signed grant
// (create-preview-link) and the grant rides in the path: the renderer builds the language links
// from that path, so switching language inside the preview keeps the grant, and no cookie is
// needed (a sandboxed frame's requests count as cross-site for cookies).

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Renders the draft of `siteId` in `segment`'s language, for a caller already let in. */
export async function sendDraft(
  ctx: TAppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  opts: {
    siteId: string;
    segment?: string;
    basePath: string;
    runtimeUrl: string;
    /** The review comments' script (an invited email's preview only). */
    commentsUrl?: string;
    headers: (scriptSources: string[]) => Record<string, string>;
    notFound: () => unknown;
  },
) {
  if (!UUID.test(opts.siteId)) return opts.notFound();
  const [site] = await ctx.db.select().from(sites).where(eq(sites.id, opts.siteId));
  if (!site) return opts.notFound();
  const doc = storedSiteDocument(site.draft);
  const lang = pageLanguage(doc, opts.segment);
  if (!lang) return opts.notFound();
  const { html, scriptSources } = await renderSite(ctx, {
    site,
    doc,
    lang,
    basePath: opts.basePath,
    origin: `${req.protocol}://${req.headers.host ?? ''}`,
    mode: 'PREVIEW',
    runtimeUrl: opts.runtimeUrl,
    ...(opts.commentsUrl ? { commentsUrl: opts.commentsUrl } : {}),
  });
  return reply.headers(opts.headers(scriptSources)).send(html);
}
