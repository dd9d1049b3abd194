import { z } from 'zod';
import { loadScriptRules, scriptParses } from '#button-script';
import { envelope } from './envelope';
import { zCoordinate } from './site-grid-rules';
import { TEXT_MAX, zColour, zExternalLinkUrl, zText } from './site-rules';
import { DESIGN_FRAME, SITE_LANGUAGES, ZMediaRef } from './sites';

// Campaigns (active between their dates inclusive; the spec's sizes: designer
// frame 389 x 737, mobile column at most 500 px wide, button 120 x 40 by default, microcopy of up
// to 3 lines, positions 1, 2, 3). A campaign dresses the zones beside a published site's phone
// column on wide screens with a background, banners and buttons placed on a frame of the zone's
// size; each click on an item is counted once per visit.

export const CAMPAIGN_POSITIONS = [1, 2, 3] as const;
export const BUTTON_TYPES = ['TEXT', 'MEDIA', 'HTML'] as const;
export const BUTTON_ANIMATIONS = [
  'NONE',
  'PULSE',
  'GLOW',
  'BOUNCE',
  'SHIMMER',
  'GLITCH',
  'WOBBLE',
  'BUBBLY',
  'PULSE_OUT',
] as const;
/** Corner styles and their radius in px (PILL: fully rounded). */
export const CORNER_RADII = {
  SHARP_EDGE: 0,
  SLIGHTLY_ROUNDED_EDGE: 3,
  MODERATELY_ROUNDED_EDGE: 6,
  PILL: 100,
} as const;
export const CORNER_STYLES = Object.keys(CORNER_RADII) as (keyof typeof CORNER_RADII)[];
export const MICROCOPY_POSITIONS = ['TOP', 'BOTTOM'] as const;
export const ALIGNMENTS = ['LEFT', 'CENTER', 'RIGHT'] as const;
export const CAMPAIGN_LINK_TYPES = [
  'INTERNAL_URL',
  'EXTERNAL_URL',
  'SURVEY',
  'CREATIVE_BLOCK',
  'SCRIPT',
] as const;
export type TCampaignLinkType = (typeof CAMPAIGN_LINK_TYPES)[number];

export const CAMPAIGN_FRAME = DESIGN_FRAME;
export const BUTTON_DEFAULT_SIZE = { width: 120, height: 40 } as const;
export const MICROCOPY_LINES_MAX = 3;
export const CAMPAIGN_ITEMS_MAX = 20;
/** The published page shows campaign zones only when its window is wider than this (px). */
export const CAMPAIGN_MIN_WINDOW = 500;
export const SCRIPT_MAX = 4_000;
export const BUTTON_HTML_MAX = 4_000;

/** A box on the designer frame (px of the 389 x 737 frame). */
const zBox = {
  x: z
    .number()
    .min(-CAMPAIGN_FRAME.width)
    .max(CAMPAIGN_FRAME.width * 2),
  y: z
    .number()
    .min(-CAMPAIGN_FRAME.height)
    .max(CAMPAIGN_FRAME.height * 2),
  width: z
    .number()
    .min(8, 'campaigns.tooSmall')
    .max(CAMPAIGN_FRAME.width * 2),
  height: z
    .number()
    .min(8, 'campaigns.tooSmall')
    .max(CAMPAIGN_FRAME.height * 2),
  zIndex: z.number().int().min(0).max(1000).default(1),
};

/** Where an item leads; `url` holds what the type needs (an address, a page, a survey id, code). */
export const ZCampaignLink = z
  .object({
    type: z.enum(CAMPAIGN_LINK_TYPES).default('EXTERNAL_URL'),
    url: z.string().trim().max(SCRIPT_MAX, 'common.tooLong').default(''),
  })
  .superRefine((v, ctx) => {
    const issue = (message: string) => ctx.addIssue({ code: 'custom', path: ['url'], message });
    if (v.url === '') return issue('common.required');
    if (v.type === 'EXTERNAL_URL') {
      const r = zExternalLinkUrl().safeParse(v.url);
      if (!r.success) issue(r.error.issues[0]!.message);
    } else if (v.type === 'INTERNAL_URL') {
      if (v.url.length > TEXT_MAX.url || !/^\/[^\s\\]*$/.test(v.url) || v.url.startsWith('//'))
        issue('campaigns.internalPath');
    } else if (v.type === 'CREATIVE_BLOCK') {
      if (!zCoordinate().safeParse(v.url).success) issue('sites.invalidCoordinate');
    } else if (v.type === 'SURVEY') {
      if (!z.uuid().safeParse(v.url).success) issue('campaigns.surveyRequired');
    } else if (v.type === 'SCRIPT' && !scriptParses(v.url)) issue('campaigns.scriptInvalid');
  });
export type TCampaignLink = z.infer<typeof ZCampaignLink>;

export const ZCampaignBanner = z.object({
  id: z.string().min(1).max(64),
  media: ZMediaRef,
  ...zBox,
  lockRatio: z.boolean().default(true),
  link: ZCampaignLink,
});
export type TCampaignBanner = z.infer<typeof ZCampaignBanner>;

export const ZCampaignButton = z
  .object({
    id: z.string().min(1).max(64),
    type: z.enum(BUTTON_TYPES).default('TEXT'),
    text: z.string().trim().max(TEXT_MAX.default, 'common.tooLong').default(''),
    html: z.string().max(BUTTON_HTML_MAX, 'common.tooLong').default(''),
    media: ZMediaRef.nullable().default(null),
    ...zBox,
    width: zBox.width.default(BUTTON_DEFAULT_SIZE.width),
    height: zBox.height.default(BUTTON_DEFAULT_SIZE.height),
    backgroundColor: zColour().default('#c2410c'),
    textColor: zColour().default('#ffffff'),
    microcopy: z
      .object({
        lines: z
          .array(z.string().trim().max(TEXT_MAX.default, 'common.tooLong'))
          .max(MICROCOPY_LINES_MAX, 'campaigns.microcopyLines')
          .default([]),
        color: zColour().default('#212529'),
        align: z.enum(ALIGNMENTS).default('CENTER'),
        position: z.enum(MICROCOPY_POSITIONS).default('BOTTOM'),
      })
      .default({ lines: [], color: '#212529', align: 'CENTER', position: 'BOTTOM' }),
    animation: z.enum(BUTTON_ANIMATIONS).default('NONE'),
    corner: z.enum(CORNER_STYLES as [keyof typeof CORNER_RADII]).default('SLIGHTLY_ROUNDED_EDGE'),
    link: ZCampaignLink,
  })
  .superRefine((b, ctx) => {
    if (b.type === 'TEXT' && b.text === '')
      ctx.addIssue({ code: 'custom', path: ['text'], message: 'common.required' });
    if (b.type === 'HTML' && b.html.trim() === '')
      ctx.addIssue({ code: 'custom', path: ['html'], message: 'common.required' });
    if (b.type === 'MEDIA' && !b.media)
      ctx.addIssue({ code: 'custom', path: ['media'], message: 'common.required' });
  });
export type TCampaignButton = z.infer<typeof ZCampaignButton>;

const zDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'common.invalidDate');

/** What a creator saves (POST and PUT). Dates are JST days, both inclusive. */
export const ZCampaignInput = z
  .object({
    /** Per site language (JP, EN, ...): at least the first one. */
    names: z.partialRecord(z.enum(SITE_LANGUAGES), zText(TEXT_MAX.default, { optional: true })),
    background: ZMediaRef.nullable().default(null),
    backgroundColor: zColour().default('#f1f3f5'),
    backgroundOpacity: z.number().int().min(0).max(100).default(100),
    startDate: zDay,
    endDate: zDay,
    effectivePages: z.array(zCoordinate()).min(1, 'campaigns.pagesRequired').max(10_000),
    clickCounting: z.boolean().default(true),
    position: z
      .union(
        CAMPAIGN_POSITIONS.map((p) => z.literal(p)) as [z.ZodLiteral<1>, z.ZodLiteral<2>, z.ZodLiteral<3>],
      )
      .default(2),
    banners: z.array(ZCampaignBanner).max(CAMPAIGN_ITEMS_MAX).default([]),
    buttons: z.array(ZCampaignButton).max(CAMPAIGN_ITEMS_MAX).default([]),
  })
  .superRefine((v, ctx) => {
    if (!Object.values(v.names).some((n) => n && n.trim() !== ''))
      ctx.addIssue({ code: 'custom', path: ['names'], message: 'common.required' });
    // Whole days: the end may be the start (a one-day campaign), never before it.
    if (v.endDate < v.startDate)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'sites.endBeforeStart' });
  });
export type TCampaignInput = z.infer<typeof ZCampaignInput>;

/**
 * A campaign as answered. Its effective pages may be none: the site editor removed them all
 * (pages follow the editor's page operations); it shows nowhere until the creator picks pages.
 */
export const ZCampaign = ZCampaignInput.safeExtend({
  effectivePages: z.array(zCoordinate()).max(10_000),
}).and(
  z.object({
    id: z.string(),
    siteId: z.string(),
    /** Clicks per item id, and their sum. */
    clicks: z.record(z.string(), z.number().int()),
    totalClicks: z.number().int(),
    /** The addresses of the campaign's images, by asset id (the designer shows them). */
    media: z.record(z.string(), z.string()),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
);
export type TCampaign = z.infer<typeof ZCampaign>;
export const ZCampaignResponse = envelope(ZCampaign);
export const ZCampaignListResponse = envelope(z.array(ZCampaign));
export const ZCampaignClickQuery = z.object({
  item: z.string().min(1).max(64),
  /** The visit, its visitor and the key the server issued for them when the visit started. */
  v: z.string().max(64).optional(),
  u: z.string().max(64).optional(),
  k: z.string().max(64).optional(),
});
export const ZCampaignClickResponse = envelope(z.object({ count: z.number().int(), counted: z.boolean() }));
/** A SCRIPT item's code, asked for by the published page's sandboxed frame. */
export const ZCampaignScriptQuery = z.object({ item: z.string().min(1).max(64) });

// --- rules shared by the server, the console and the published page ---------------------------

/** Active when today (JST) is between the start and end days, both included. */
export const isCampaignActive = (c: Pick<TCampaignInput, 'startDate' | 'endDate'>, jstToday: string) =>
  c.startDate <= jstToday && jstToday <= c.endDate;

/** The campaign a page shows: active today, with the page among its effective pages; the latest start wins. */
export function campaignForPage<T extends Pick<TCampaignInput, 'startDate' | 'endDate' | 'effectivePages'>>(
  campaigns: readonly T[],
  page: string,
  jstToday: string,
): T | null {
  let best: T | null = null;
  for (const c of campaigns)
    if (
      isCampaignActive(c, jstToday) &&
      c.effectivePages.includes(page) &&
      (!best || c.startDate > best.startDate)
    )
      best = c;
  return best;
}

/** Zones show on wide windows only, and never on the contact or form pages. */
export const showsCampaignZones = (windowWidth: number, pageKind: 'PAGE' | 'CONTACT' | 'FORM') =>
  windowWidth > CAMPAIGN_MIN_WINDOW && pageKind === 'PAGE';

// A custom script is run only if it parses (the rule site buttons share, button-script.ts;
// browsers check it once loadScriptRules() has fetched the parser).
export { loadScriptRules, scriptParses };

export const cornerRadius = (corner: keyof typeof CORNER_RADII) => CORNER_RADII[corner];
