import type { TCampaignInput } from '@swipe/contracts/campaigns';
import type { TVisitorNotice } from '@swipe/contracts/communications';
import type { TSiteDocument, TSiteLanguage } from '@swipe/contracts/sites';

// What the server hands the renderer for one page of a site: the document as published (or the
// draft, in preview), the files it names, and where the page lives. The renderer turns it into a
// whole HTML document; it reads nothing else (no database, no clock but `now`).

/** A finished file of the site's media library, by asset id. */
export type TViewerMedia = {
  kind: 'IMAGE' | 'VIDEO';
  /** The stored original (JPEG/PNG for images, the video as uploaded). */
  url: string;
  mime: string;
  width: number | null;
  height: number | null;
  /** WebP variants for `srcset`, smallest first (images only). */
  variants: { width: number; url: string }[];
};

/**
 * PUBLIC: what anyone sees (cached; members-only pages carry a lock, never their content).
 * MEMBER: the same for a signed-in member of the site (members-only pages open; never cached).
 * PREVIEW: the owner's or an invited person's view of the draft (everything, no tracking).
 */
export type TRenderMode = 'PUBLIC' | 'MEMBER' | 'PREVIEW';

/** Whether members-only pages show their content (and product panels) in this mode. */
export const opensMembersOnly = (mode: TRenderMode) => mode !== 'PUBLIC';

export type TRenderInput = {
  siteId: string;
  doc: TSiteDocument;
  /** The language of this page (one of doc.languages). */
  lang: TSiteLanguage;
  media: Record<string, TViewerMedia>;
  /**
   * The site's root path without a trailing slash: '/sites/<id>' on the default domain,
   * '/<customPath>' for a custom path, '' on a verified custom domain. A language's page is
   * `${basePath}/${LANGUAGE_SEGMENT[lang]}`, the default language's is `${basePath}/` (or '/').
   */
  basePath: string;
  /** The absolute origin visitors use ('https://example.com'), for canonical and hreflang links. */
  origin: string;
  /**
   * The site's one address, without a trailing slash ('https://lp.example.com',
   * 'https://sites.example.com/sites/autumn'), when the server knows it: the canonical, alternate
   * and Open Graph addresses name it wherever the page is served. None: `origin` and `basePath`.
   */
  canonicalRoot?: string;
  mode: TRenderMode;
  /** The runtime script's URL (served by the server, immutable, `defer`). */
  runtimeUrl: string;
  /** Where the runtime posts visit events (sendBeacon); null turns tracking off (preview). */
  eventsUrl: string | null;
  /**
   * The site's campaigns that have not ended, and today's JST day: each page shows the one
   * active today that covers it, the latest started (their files are in `media`).
   */
  campaigns?: { today: string; list: TViewerCampaign[] };
  /**
   * The site's latest information and delivered notifications showing now in this language,
   * newest first: the header's news control and its panel (none: no control).
   */
  notices?: TVisitorNotice[];
  /**
   * The script that asks for this site's notifications on the device (Web Push), loaded only
   * when the visitor presses the panel's button; none (preview): no button.
   */
  pushUrl?: string;
  /**
   * The review comments' script (runtime/comments-runtime.ts), for an invited email's preview of
   * the draft only (PREVIEW mode): pins and threads over the pages. Never on a published page.
   */
  commentsUrl?: string;
  /**
   * The variation of a running experiment this page shows: the runtime reports it with
   * the visit, and a click on the goal button (`goal`, 'LINK:A1') as the visit's GOAL event.
   */
  variation?: { id: string; goal: string | null };
};

/** A campaign of the site as its designer saved it, with its id (for the click counts). */
export type TViewerCampaign = TCampaignInput & { id: string };
