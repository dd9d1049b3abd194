import type { TSiteDocument, TSiteLanguage } from '@swipe/contracts/sites';
import type { TRenderMode } from '@swipe/viewer/render/model';
import { renderSitePage } from '@swipe/viewer/render/site-page';
import type { sites } from '../../db/schema/sites';
import type { TAppContext } from '../../platform/context';
import { mediaDetails } from '../site-core/site-media';
import { campaignMedia, pageCampaigns } from './page-campaigns';

// The page the viewer's renderer makes of a site document.

type TSite = typeof sites.$inferSelect;

/**
 * Renders one language of a site document with its media and campaigns, as visitors (or a
 * previewer) see it; `expiresAt`: when a campaign starts or ends and the page must be rendered
 * again (null: only when the site changes).
 */
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
    /** The instant the page is rendered for (its JST day picks the campaigns). */
    now?: number;
  },
) {
  // Campaign zones only dress a phone-width (MOBILE) site.
  const campaigns = opts.doc.viewMode === 'MOBILE' ? await pageCampaigns(ctx, opts.site.id, opts.now) : null;
  const media = await mediaDetails(ctx.db, {
    accountId: opts.site.accountId,
    doc: opts.doc,
    publicUrl: (key) => ctx.storage.publicUrl(key),
    more: campaigns ? campaignMedia(campaigns) : [],
  });
  const page = renderSitePage({
    siteId: opts.site.id,
    doc: opts.doc,
    lang: opts.lang,
    media,
    basePath: opts.basePath,
    origin: opts.origin,
    mode: opts.mode,
    runtimeUrl: opts.runtimeUrl,
    eventsUrl: opts.mode === 'PREVIEW' ? null : '/api/end-user/events',
    ...(campaigns && campaigns.list.length > 0
      ? { campaigns: { today: campaigns.today, list: campaigns.list } }
      : {}),
  });
  return { ...page, expiresAt: campaigns?.expiresAt ?? null };
}
