import type { TSiteDocument, TSiteLanguage } from '@swipe/contracts/sites';
import type { TRenderMode } from '@swipe/site-render/render/model';
import { renderSitePage } from '@swipe/site-render/render/site-page';
import type { sites } from '../../db/schema/sites';
import type { TAppContext } from '../../platform/context';
import { pageNotices } from '../communications/page-notices';
import { mediaDetails } from '../site-core/site-media';
import { campaignMedia, pageCampaigns } from './page-campaigns';

// The page the viewer's renderer makes of a site document.

type TSite = typeof sites.$inferSelect;

/**
 * Renders one language of a site document with its media, campaigns and news (latest information
 * and delivered notifications), as visitors (or a previewer) see it; `expiresAt`: when a campaign
 * or a news item starts or ends and the page must be rendered again (null: only when the site
 * changes).
 */
export async function renderSite(
  ctx: TAppContext,
  opts: {
    site: Pick<TSite, 'id' | 'accountId'>;
    doc: TSiteDocument;
    lang: TSiteLanguage;
    basePath: string;
    origin: string;
    /** The site's one address (TRenderInput.canonicalRoot); none for a preview. */
    canonicalRoot?: string;
    mode: TRenderMode;
    runtimeUrl: string;
    /** The script that subscribes a visitor to the site's notifications (none: no push button). */
    pushUrl?: string;
    /** The review comments' script, for an invited email's preview (PREVIEW mode only). */
    commentsUrl?: string;
    /** The instant the page is rendered for (its JST day picks the campaigns; the news showing). */
    now?: number;
    /** The variation of a running experiment the page shows. */
    variation?: { id: string; goal: string | null };
  },
) {
  const now = opts.now ?? Date.now();
  // Campaign zones only dress a phone-width (MOBILE) site.
  const [campaigns, notices] = await Promise.all([
    opts.doc.viewMode === 'MOBILE' ? pageCampaigns(ctx, opts.site.id, now) : null,
    pageNotices(ctx, { siteId: opts.site.id, lang: opts.lang, now: new Date(now) }),
  ]);
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
    ...(opts.canonicalRoot ? { canonicalRoot: opts.canonicalRoot } : {}),
    mode: opts.mode,
    runtimeUrl: opts.runtimeUrl,
    eventsUrl: opts.mode === 'PREVIEW' ? null : '/api/end-user/events',
    ...(campaigns && campaigns.list.length > 0
      ? { campaigns: { today: campaigns.today, list: campaigns.list } }
      : {}),
    ...(notices.list.length > 0 ? { notices: notices.list } : {}),
    ...(opts.pushUrl && opts.mode !== 'PREVIEW' ? { pushUrl: opts.pushUrl } : {}),
    ...(opts.commentsUrl && opts.mode === 'PREVIEW' ? { commentsUrl: opts.commentsUrl } : {}),
    ...(opts.variation ? { variation: opts.variation } : {}),
  });
  return { ...page, expiresAt: earliest(campaigns?.expiresAt ?? null, notices.expiresAt) };
}

const earliest = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));
