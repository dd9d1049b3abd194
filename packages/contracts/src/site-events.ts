import { z } from 'zod';
import { envelope } from './envelope';
import { zCoordinate } from './site-grid-rules';
import { ZSiteLanguage } from './sites';

// Visit tracking: the published page's runtime reports what a visitor does, in batches
// sent with navigator.sendBeacon to POST /api/end-user/events (snake_case on the wire like every
// call). `visitId` is random per page load, `seq` numbers the visit's events so a batch sent
// twice is stored once. The visitor is an id the server issues and the page keeps in its own
// storage (never an address), so unique visitors are counted without knowing who anyone is.

/** GOAL: a click on the goal button of the variation the page shows, once a visit. */
export const SITE_EVENT_TYPES = ['VIEW', 'SWIPE', 'DWELL', 'CLICK', 'TAP', 'LANG', 'GOAL'] as const;
export type TSiteEventType = (typeof SITE_EVENT_TYPES)[number];
/** What a visitor's device is, from the width of its screen. */
export const DEVICE_CLASSES = ['PHONE', 'TABLET', 'DESKTOP'] as const;
export const ZDeviceClass = z.enum(DEVICE_CLASSES);
export type TDeviceClass = z.infer<typeof ZDeviceClass>;
/** Conversions the server records for the visit a form was sent from (never sent by a page). */
export const CONVERSION_KINDS = ['MEMBER', 'CONTACT', 'FORM', 'SURVEY'] as const;
export type TConversionKind = (typeof CONVERSION_KINDS)[number];
/** What a CLICK hit: a link button, a popup CTA, a product hotspot, a menu entry, an SNS icon, the company tabs, a campaign banner or button. */
export const SITE_CLICK_TARGETS = ['LINK', 'CTA', 'PRODUCT', 'MENU', 'SNS', 'COMPANY', 'CAMPAIGN'] as const;

/** The ad networks whose click ids a landing address may carry, to attribute a visit to an ad. */
export const AD_NETWORKS = ['GOOGLE', 'META', 'YAHOO', 'TIKTOK', 'LINE'] as const;
export const ZAdNetwork = z.enum(AD_NETWORKS);
export type TAdNetwork = z.infer<typeof ZAdNetwork>;
/**
 * The click id parameter of each network, in the order the published page looks for them: Google
 * Ads (gclid), Meta (fbclid), Yahoo! JAPAN Ads (yclid), TikTok (ttclid) and LINE (ldtag_cl).
 */
export const AD_CLICK_PARAMS: readonly (readonly [string, TAdNetwork])[] = [
  ['gclid', 'GOOGLE'],
  ['fbclid', 'META'],
  ['yclid', 'YAHOO'],
  ['ttclid', 'TIKTOK'],
  ['ldtag_cl', 'LINE'],
];
/** The longest ad click id kept (Google's and Meta's run to a few hundred characters). */
export const AD_CLICK_ID_MAX = 255;

/** Events per beacon; the runtime flushes earlier (page hidden, every few seconds). */
export const SITE_EVENTS_PER_BATCH_MAX = 100;

export const ZSiteEvent = z.object({
  seq: z.number().int().min(0).max(1_000_000),
  type: z.enum(SITE_EVENT_TYPES),
  /** The page the event happened on (for SWIPE: the page arrived at). */
  page: zCoordinate(),
  /** SWIPE: the page left. */
  from: zCoordinate().optional(),
  /** CLICK: what was clicked; for CTA the popup kind ('timeLimit' | 'applicantLimit') in targetId. */
  target: z.enum(SITE_CLICK_TARGETS).optional(),
  targetId: z.string().max(64).optional(),
  /** DWELL: milliseconds spent on `page` (capped at a day). */
  dwellMs: z.number().int().min(0).max(86_400_000).optional(),
  /** VIEW: on the first view of a page in the visit, how many distinct pages it has seen (1 = entry). */
  n: z.number().int().min(1).max(10_000).optional(),
  /** TAP: where on the creative, in thousandths of its width and height. */
  x: z.number().int().min(0).max(1000).optional(),
  y: z.number().int().min(0).max(1000).optional(),
  /** When it happened, epoch milliseconds of the visitor's clock (the server clamps it). */
  at: z.number().int().min(0),
});
export type TSiteEvent = z.infer<typeof ZSiteEvent>;

/** A visit id (random, made by the page) or a visitor id (issued by the server). */
const zVisitId = () => z.string().regex(/^[A-Za-z0-9_-]{16,32}$/);

/**
 * POST /api/end-user/events/visit: the published page starts a visit. The server answers the
 * visitor id to keep (the one sent when it issued it, else a new one) and the visit's key, which
 * every beacon of the visit carries; an experiment counts only visits with a valid key, so made-up
 * ids in a beacon move no variation's results.
 */
export const ZVisitStart = z.object({
  siteId: z.uuid(),
  visitId: zVisitId(),
  visitorId: zVisitId().optional(),
});
export const ZVisitStartResponse = envelope(z.object({ visitorId: zVisitId(), visitKey: z.string() }));

export const ZSiteEventBatch = z.object({
  siteId: z.uuid(),
  visitId: zVisitId(),
  /** The language the page was shown in. */
  lang: ZSiteLanguage,
  device: ZDeviceClass.default('PHONE'),
  /** The browser's visitor id, kept by the page in its own storage (issued by the server, ZVisitStart). */
  visitorId: zVisitId().optional(),
  /** The server's key of this visit (ZVisitStart): without it the visit counts in no experiment. */
  visitKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]{22}$/)
    .optional(),
  /** The page's clock when it sent the batch (epoch ms): the server corrects a wrong clock by it. */
  sentAt: z.number().int().min(0).optional(),
  /** Where the visit came from: the referrer's host and the address's UTM parameters. */
  referrer: z.string().max(255).optional(),
  utmSource: z.string().max(100).optional(),
  utmMedium: z.string().max(100).optional(),
  utmCampaign: z.string().max(100).optional(),
  /** The ad click that brought the visit: its network (from the parameter's name) and its id. */
  adNetwork: ZAdNetwork.optional(),
  adClickId: z.string().max(AD_CLICK_ID_MAX).optional(),
  /** The variation of a running experiment the page shows (its body's data-var), if any. */
  variationId: z.uuid().optional(),
  events: z.array(ZSiteEvent).min(1).max(SITE_EVENTS_PER_BATCH_MAX),
});
export type TSiteEventBatch = z.infer<typeof ZSiteEventBatch>;

// GET /api/site/:id/stats — per-page numbers of a site (views, visits reaching it, reach, dwell).
export const ZPageStat = z.object({
  page: z.string(),
  views: z.number().int(),
  visits: z.number().int(),
  /** Share of the site's visits that saw the page, 0..1. */
  reach: z.number(),
  avgDwellMs: z.number().int().nullable(),
});
export const ZSiteStats = z.object({
  visits: z.number().int(),
  views: z.number().int(),
  pages: z.array(ZPageStat),
});
export type TSiteStats = z.infer<typeof ZSiteStats>;

export const ZSiteStatsResponse = envelope(ZSiteStats);
