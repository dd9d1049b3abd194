import { z } from 'zod';
import { envelope } from './envelope';
import { CONVERSION_KINDS } from './site-events';
import { zCoordinate } from './site-grid-rules';
import { zText } from './site-rules';
import {
  POPUP_KINDS,
  type TPopupKind,
  type TSiteDocument,
  type TSiteLanguage,
  ZCreative,
  ZLanguageContent,
  ZSiteDocumentShape,
  ZSiteLanguage,
} from './sites';

// Variations of a published site: an experiment splits a site's visitors between its
// base (the published site as it is) and up to VARIATIONS_MAX challengers, each overriding chosen
// pages of the base (a page's creative in each language: image, texts, buttons, products), the
// popup CTAs and the forms' settings. Traffic goes by fixed weights, or automatically by Thompson
// sampling on the experiment's goal. A visitor keeps their variation (the spec's `variationId`
// cookie). Results per variation: visitors, converting visitors, the conversion rate with its 95 %
// interval and the probability of beating the base; declaring a winner publishes it as the base.

/** Challengers beside the base. */
export const VARIATIONS_MAX = 4;
/** The cookie that keeps a visitor's variation, one per site (its path is the site's). */
export const VARIATION_COOKIE = 'variationId';
/** How long a visitor keeps their variation. */
export const VARIATION_COOKIE_DAYS = 90;

/** What counts as a conversion: one of the visitor conversions, or a click on a chosen button. */
export const EXPERIMENT_GOALS = [...CONVERSION_KINDS, 'BUTTON'] as const;
export type TExperimentGoal = (typeof EXPERIMENT_GOALS)[number];
/** The bit of each goal in site_visits.goals (what a visit reached). */
export const GOAL_BITS: Record<TExperimentGoal, number> = {
  MEMBER: 1,
  CONTACT: 2,
  FORM: 4,
  SURVEY: 8,
  BUTTON: 16,
};

/**
 * The buttons a BUTTON goal may name, as the published page reports their clicks: a page's link
 * button (targetId: the page, 'A1'), a product's button ('A1-2': page and product number) or a
 * popup CTA ('timeLimit' | 'applicantLimit').
 */
export const GOAL_BUTTON_TARGETS = ['LINK', 'PRODUCT', 'CTA'] as const;
export const ZGoalButton = z.object({
  target: z.enum(GOAL_BUTTON_TARGETS),
  targetId: z.string().trim().min(1, 'common.required').max(64, 'common.tooLong'),
});
export type TGoalButton = z.infer<typeof ZGoalButton>;
/** How the page names the goal button (body data-goal), and the runtime matches a click by. */
export const goalButtonKey = (b: TGoalButton) => `${b.target}:${b.targetId}`;

/** A button of the published site that a BUTTON goal may count clicks of. */
export type TGoalButtonOption = TGoalButton & {
  /** Its value in a select: goalButtonKey's. */
  value: string;
  /** The page, for a page's button or product. */
  coordinate?: string;
  /** A product's number on its page (1-based). */
  n?: number;
  /** What the button reads (a page's button text, a product's name), when known. */
  text: string;
  /** The popup CTA, for CTA targets. */
  popup?: TPopupKind;
};

/**
 * The published page's buttons whose clicks it reports: each page's link button (shown when it
 * has a text and leads somewhere), each product hotspot (`A1-2`), and each popup CTA that is on.
 * A page's texts are read in the default language first.
 */
export function goalButtonsOf(doc: TSiteDocument): TGoalButtonOption[] {
  const langs = [doc.defaultLanguage, ...doc.languages.filter((l) => l !== doc.defaultLanguage)];
  const pages = doc.content[doc.defaultLanguage]?.creatives.map((c) => c.coordinate) ?? [];
  const out: TGoalButtonOption[] = [];
  for (const coordinate of pages) {
    const versions = langs.flatMap(
      (l) => doc.content[l]?.creatives.find((c) => c.coordinate === coordinate) ?? [],
    );
    const button = versions.find((c) => c.linkButtonText.trim() !== '' && c.link.kind !== 'NONE');
    if (button)
      out.push({
        target: 'LINK',
        targetId: coordinate,
        value: `LINK:${coordinate}`,
        coordinate,
        text: button.linkButtonText.trim(),
      });
    const products = Math.max(0, ...versions.map((c) => c.products.length));
    for (let i = 0; i < products; i++) {
      const named = versions.map((c) => c.products[i]?.productName.trim() ?? '').find((n) => n !== '');
      const targetId = `${coordinate}-${i + 1}`;
      out.push({
        target: 'PRODUCT',
        targetId,
        value: `PRODUCT:${targetId}`,
        coordinate,
        n: i + 1,
        text: named ?? '',
      });
    }
  }
  for (const kind of POPUP_KINDS)
    if (doc.popupCtas[kind].enabled)
      out.push({ target: 'CTA', targetId: kind, value: `CTA:${kind}`, popup: kind, text: '' });
  return out;
}

export const ALLOCATIONS = ['FIXED', 'AUTO'] as const;
export type TAllocation = (typeof ALLOCATIONS)[number];
export const EXPERIMENT_STATUSES = ['DRAFT', 'RUNNING', 'ENDED'] as const;
export type TExperimentStatus = (typeof EXPERIMENT_STATUSES)[number];

// --- what a variation overrides ------------------------------------------------------------------

/** One page of the base, replaced: its creative in each language given (others stay the base's). */
export const ZVariationPage = z.object({
  coordinate: zCoordinate(),
  creatives: z.partialRecord(ZSiteLanguage, ZCreative).default({}),
});
export type TVariationPage = z.infer<typeof ZVariationPage>;

export const ZVariationOverrides = z.object({
  pages: z.array(ZVariationPage).max(10_000).default([]),
  /** The popup CTAs instead of the base's (null: the base's). */
  popupCtas: ZSiteDocumentShape.shape.popupCtas.nullable().default(null),
  /** The forms' fields per language instead of the base's (contact, membership, homepage). */
  forms: z.partialRecord(ZSiteLanguage, ZLanguageContent.shape.forms).nullable().default(null),
});
export type TVariationOverrides = z.infer<typeof ZVariationOverrides>;
export type TVariationOverridesInput = z.input<typeof ZVariationOverrides>;

/**
 * The site as a variation shows it: the base with the variation's pages, popup CTAs and forms.
 * Pages the base no longer has (a later publish removed them) and languages it does not have are
 * left out; a creative keeps the base's coordinate.
 */
export function applyVariation(base: TSiteDocument, overrides: TVariationOverrides): TSiteDocument {
  const byPage = new Map(overrides.pages.map((p) => [p.coordinate, p.creatives]));
  const content = { ...base.content };
  for (const lang of base.languages) {
    const own = content[lang];
    if (!own) continue;
    const forms = overrides.forms?.[lang];
    content[lang] = {
      ...own,
      creatives: own.creatives.map((c) => {
        const replaced = byPage.get(c.coordinate)?.[lang];
        return replaced ? { ...replaced, coordinate: c.coordinate } : c;
      }),
      ...(forms ? { forms } : {}),
    };
  }
  return { ...base, content, ...(overrides.popupCtas ? { popupCtas: overrides.popupCtas } : {}) };
}

/**
 * The overrides that make `edited` of `base`: the creatives of `pages` in every language of the
 * base, and the popup CTAs and forms when chosen. The variation editor edits a whole document
 * (applyVariation's) and keeps only what the creator chose to override.
 */
export function overridesOf(
  base: TSiteDocument,
  edited: TSiteDocument,
  chosen: { pages: string[]; popupCtas: boolean; forms: boolean },
): TVariationOverrides {
  const langs = base.languages.filter((l) => base.content[l] && edited.content[l]);
  const pick = <T>(f: (lang: TSiteLanguage) => T | undefined) =>
    Object.fromEntries(langs.flatMap((l) => (f(l) === undefined ? [] : [[l, f(l)]]))) as Partial<
      Record<TSiteLanguage, T>
    >;
  return {
    pages: chosen.pages.map((coordinate) => ({
      coordinate,
      creatives: pick((l) => edited.content[l]!.creatives.find((c) => c.coordinate === coordinate)),
    })),
    popupCtas: chosen.popupCtas ? edited.popupCtas : null,
    forms: chosen.forms ? pick((l) => edited.content[l]!.forms) : null,
  };
}

// --- requests -------------------------------------------------------------------------------------

// An update changes only what it sends: its fields have no defaults (a default would turn "not
// sent" into a value and, say, switch a renamed experiment's fixed weights to automatic).
const ZExperimentSettings = z.object({
  name: zText(),
  goal: z.enum(EXPERIMENT_GOALS),
  /** The button whose click counts, for the BUTTON goal (ignored otherwise). */
  goalButton: ZGoalButton.nullable(),
  allocation: z.enum(ALLOCATIONS),
});
const goalButtonNeeded = (v: { goal?: TExperimentGoal; goalButton?: TGoalButton | null }) =>
  v.goal !== 'BUTTON' || !!v.goalButton;

/** POST /api/site/:id/experiments: a draft with the base and one challenger (a copy of it). */
export const ZCreateExperimentRequest = ZExperimentSettings.extend({
  goalButton: ZExperimentSettings.shape.goalButton.default(null),
  allocation: ZExperimentSettings.shape.allocation.default('AUTO'),
}).refine(goalButtonNeeded, {
  message: 'experiments.goalButtonRequired',
  path: ['goalButton'],
});
export type TCreateExperimentRequest = z.input<typeof ZCreateExperimentRequest>;

/**
 * PATCH /api/site/:id/experiments/:experimentId: goal and allocation only before it starts; what
 * is not sent stays as it is. A BUTTON goal with its button sent as null is refused here; one
 * without a button sent keeps the stored button (the service checks it is one).
 */
export const ZUpdateExperimentRequest = ZExperimentSettings.partial().refine(
  (v) => v.goal !== 'BUTTON' || v.goalButton !== null,
  { message: 'experiments.goalButtonRequired', path: ['goalButton'] },
);
export type TUpdateExperimentRequest = z.input<typeof ZUpdateExperimentRequest>;

/** POST .../variations: a new challenger (a copy of the base until its overrides are saved). */
export const ZCreateVariationRequest = z.object({ name: zText() });

/**
 * The overrides an update sends: the parts sent replace the stored ones (null: the base's popup
 * CTAs or forms again), the parts not sent stay as they are.
 */
export const ZVariationOverridesUpdate = z.object({
  pages: ZVariationOverrides.shape.pages.unwrap().optional(),
  popupCtas: ZVariationOverrides.shape.popupCtas.unwrap().optional(),
  forms: ZVariationOverrides.shape.forms.unwrap().optional(),
});

/**
 * PUT .../variations/:variationId: its name and weight (fixed allocation; the base has a weight
 * too); its overrides only while the experiment is a draft (never on the base). What is not sent
 * stays as it is.
 */
export const ZUpdateVariationRequest = z.object({
  name: zText().optional(),
  weight: z
    .number('common.invalid')
    .int('common.invalid')
    .min(0, 'experiments.weightRange')
    .max(100, 'experiments.weightRange')
    .optional(),
  overrides: ZVariationOverridesUpdate.optional(),
});
export type TUpdateVariationRequest = z.input<typeof ZUpdateVariationRequest>;

/** POST .../winner: publishes the variation as the base and ends the experiment. */
export const ZDeclareWinnerRequest = z.object({ variationId: z.uuid('common.invalid') });

export const ZExperimentParams = z.object({ id: z.uuid(), experimentId: z.uuid() });
export const ZVariationParams = ZExperimentParams.extend({ variationId: z.uuid() });

// --- answers --------------------------------------------------------------------------------------

export const ZVariationResult = z.object({
  /** Distinct visitors shown the variation since the experiment started. */
  visitors: z.number().int(),
  /** Of them, those who reached the goal. */
  conversions: z.number().int(),
  rate: z.number(),
  /** The 95 % (Wilson) interval of the rate. */
  low: z.number(),
  high: z.number(),
  /** The probability that its rate beats the base's (null for the base itself). */
  beatsBase: z.number().nullable(),
});
export type TVariationResult = z.infer<typeof ZVariationResult>;

export const ZVariation = z.object({
  id: z.uuid(),
  name: z.string(),
  isBase: z.boolean(),
  /** The fixed allocation's weight (0-100; the shares are the weights over their sum). */
  weight: z.number().int(),
  /** The share of new visitors it gets now (fixed: its weight's; automatic: Thompson sampling's). */
  share: z.number(),
  overrides: ZVariationOverrides,
  result: ZVariationResult,
});
export type TVariation = z.infer<typeof ZVariation>;

export const ZExperiment = z.object({
  id: z.uuid(),
  siteId: z.uuid(),
  name: z.string(),
  status: z.enum(EXPERIMENT_STATUSES),
  goal: z.enum(EXPERIMENT_GOALS),
  goalButton: ZGoalButton.nullable(),
  allocation: z.enum(ALLOCATIONS),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  /** The variation declared the winner (published as the base), if any. */
  winnerId: z.string().nullable(),
  /** The base first, then the challengers in the order they were added. */
  variations: z.array(ZVariation),
});
export type TExperiment = z.infer<typeof ZExperiment>;
export const ZExperimentResponse = envelope(ZExperiment);
/** The site's experiments, newest first (at most one is a draft or running). */
export const ZExperimentsResponse = envelope(z.array(ZExperiment));

/**
 * GET /api/site/:id/experiments/base: the published document variations are made of, with where
 * its media and the variations' media can be seen (for the variation editor's previews).
 */
export const ZExperimentBase = z.object({
  document: ZSiteDocumentShape,
  /** Asset id to URL, for the base's and every variation's media. */
  media: z.record(z.string(), z.string()),
  /** Asset id to the URL of the image's smallest variant (thumbnails). */
  thumbnails: z.record(z.string(), z.string()),
});
export type TExperimentBase = z.infer<typeof ZExperimentBase>;
export const ZExperimentBaseResponse = envelope(ZExperimentBase);
