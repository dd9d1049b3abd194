import type { TSiteDocument, TSiteLanguage } from '@swipe/contracts/sites';
import type { TRenderMode } from '@swipe/viewer/render/model';
import { renderSitePage } from '@swipe/viewer/render/site-page';
import type { sites } from '../../db/schema/sites';
import type { TAppContext } from '../../platform/context';
import { mediaDetails } from '../site-core/site-media';

// The page the viewer's renderer makes of a site document.

type TSite = typeof sites.$inferSelect;

/** Renders one language of a site document with its media, as visitors (or a previewer) see it. */
export async function renderSite(
  ctx: TAppContext,
  opts: {
    site: Pick<TSite, 'id' | 'accountId'>;
    doc: TSiteDocument;
    lang: TSiteLanguage;
    basePath: string;
    origin: string;
    mode: TRenderMode;
    runtimeUrl: string;
  },
) {
  const media = await mediaDetails(ctx.db, {
    accountId: opts.site.accountId,
    doc: opts.doc,
    publicUrl: (key) => ctx.storage.publicUrl(key),
  });
  return renderSitePage({
    siteId: opts.site.id,
    doc: opts.doc,
    lang: opts.lang,
    media,
    basePath: opts.basePath,
    origin: opts.origin,
    mode: opts.mode,
    runtimeUrl: opts.runtimeUrl,
    eventsUrl: opts.mode === 'PREVIEW' ? null : '/api/end-user/events',
  });
}
