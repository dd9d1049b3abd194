import { z } from 'zod';
import { envelope } from './envelope';
import { ZContractStatus } from './roles';

// The feature flags a plan grants.
export const PLAN_FLAGS = [
  'swipe',
  'privateDomain',
  'settingPopupCta',
  'settingFormContact',
  'analyticsEffect',
  'settingTagSeo',
  'multiLanguage',
] as const;
export const ZPlanFlag = z.enum(PLAN_FLAGS);
export type TPlanFlag = z.infer<typeof ZPlanFlag>;

/** Which features a plan grants, every flag present. */
export const ZGrantedPlanFlags = z.object(
  Object.fromEntries(PLAN_FLAGS.map((f) => [f, z.boolean()])) as Record<TPlanFlag, z.ZodBoolean>,
);
export const NO_PLAN_FLAGS = Object.fromEntries(PLAN_FLAGS.map((f) => [f, false])) as Record<
  TPlanFlag,
  boolean
>;

/** Plan tiers; `trial` is the free trial, the others come with a multilingual variant. */
export const PLAN_TIERS = ['trial', 'light', 'standard', 'premium', 'pro'] as const;
export const ZPlanTier = z.enum(PLAN_TIERS);

/** One version of a plan. Editing a plan writes a new version; contracts keep theirs. */
export const ZPlan = z.object({
  id: z.string(),
  code: z.string(),
  version: z.number().int(),
  tier: ZPlanTier,
  multilingual: z.boolean(),
  name: z.string(),
  /** Monthly fee in JPY, tax excluded. */
  price: z.number().int(),
  quantitySwipe: z.number().int(),
  quantitySite: z.number().int(),
  limitAccess: z.number().int(),
  limitAccessPrice: z.number().int(),
  flags: ZGrantedPlanFlags,
  /** False for an older version that a newer edit replaced. */
  isCurrent: z.boolean(),
  retired: z.boolean(),
  createdAt: z.string(),
  /** Plan management only (MASTER): live contracts (active or suspended) on this very version. */
  contractCount: z.number().int().optional(),
  /** MASTER only: live contracts still on earlier versions of the same plan. */
  olderVersionsContractCount: z.number().int().optional(),
});
export type TPlan = z.infer<typeof ZPlan>;

// GET /api/plans: the current version of every plan (retired ones only with include_retired).
export const ZListPlansQuery = z.object({ includeRetired: z.stringbool().default(false) });
export const ZListPlansResponse = envelope(z.array(ZPlan));

/** The order of the catalogue: by tier as listed, the multilingual variant after its base plan. */
export const tierRank = (tier: string) => {
  const i = (PLAN_TIERS as readonly string[]).indexOf(tier);
  return i === -1 ? PLAN_TIERS.length : i;
};

/**
 * `limitAccessPrice` is the fee (JPY, tax excluded) per this many page views beyond
 * `limitAccess` in a month (page views beyond the plan's limit are charged extra).
 */
export const OVER_LIMIT_PV_UNIT = 1_000;

export const PLAN_NAME_MAX = 50;
export const PLAN_CODE_MAX = 32;
/** Far below PostgreSQL's integer ceiling; no plan fee or limit comes near it. */
export const PLAN_NUMBER_MAX = 1_000_000_000;

const ZPlanCode = z
  .string({ error: 'common.required' })
  .trim()
  .min(1, 'common.required')
  .max(PLAN_CODE_MAX, 'common.tooLong')
  // '*': an empty code is only "required", not also "wrong format".
  .regex(/^[a-z0-9_]*$/, 'plans.codeFormat');

const ZPlanName = z
  .string({ error: 'common.required' })
  .trim()
  .min(1, 'common.required')
  .max(PLAN_NAME_MAX, 'common.tooLong');

// A form's empty number input arrives as '' (or null): that is "required", anything else
// that is not a whole number is "whole number".
const ZPlanNumber = z
  .number({
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ''
        ? 'common.required'
        : 'plans.wholeNumber',
  })
  .int('plans.wholeNumber')
  .min(0, 'plans.wholeNumber')
  .max(PLAN_NUMBER_MAX, 'plans.numberTooLarge');

export const ZPlanFlags = z.object(
  Object.fromEntries(PLAN_FLAGS.map((f) => [f, z.boolean().default(false)])) as Record<
    TPlanFlag,
    z.ZodDefault<z.ZodBoolean>
  >,
);
export type TPlanFlags = Record<TPlanFlag, boolean>;

/** What plan management edits: a new version carries these; code and tier stay with the plan. */
export const ZPlanTerms = z.object({
  name: ZPlanName,
  /** Monthly fee in JPY, tax excluded. */
  price: ZPlanNumber,
  /** Pages (swipe creatives) per site. */
  quantitySwipe: ZPlanNumber,
  quantitySite: ZPlanNumber,
  /** Monthly page views included. */
  limitAccess: ZPlanNumber,
  /** JPY per OVER_LIMIT_PV_UNIT page views beyond the limit. */
  limitAccessPrice: ZPlanNumber,
  flags: ZPlanFlags.prefault({}),
});
export type TPlanTerms = z.input<typeof ZPlanTerms>;

// POST /api/plans (MASTER): a new plan, version 1. `multilingual` follows the multiLanguage flag.
export const ZCreatePlanRequest = ZPlanTerms.extend({ code: ZPlanCode, tier: ZPlanTier });
export type TCreatePlanRequest = z.input<typeof ZCreatePlanRequest>;
export const ZCreatePlanResponse = envelope(ZPlan);

// PUT /api/plans/:id (MASTER): saves the terms as version N+1; contracts stay on version N.
export const ZUpdatePlanRequest = ZPlanTerms;
export const ZUpdatePlanResponse = envelope(ZPlan);

// DELETE /api/plans/:id (MASTER): retires the plan; existing contracts keep it.
export const ZRetirePlanResponse = envelope(ZPlan);

// GET /api/plans/:id: one version (any, current or not).
export const ZGetPlanResponse = envelope(ZPlan);

// GET /api/check-plan: the caller's plan, contract and usage. Null for the platform (MASTER),
// which works under no plan.
export const ZPlanUsage = z.object({
  sites: z.number().int(),
  /** The page count of the caller's largest site. */
  largestSitePages: z.number().int(),
  /** Page views so far this month (JST). */
  monthlyPageViews: z.number().int(),
  /** Page views of the months before this one (JST, 'YYYY-MM'), newest first. */
  pageViewHistory: z.array(z.object({ month: z.string(), views: z.number().int() })).default([]),
});
/** How many months before this one Check Plan lists. */
export const PAGE_VIEW_HISTORY_MONTHS = 6;

export const ZCheckPlan = z.object({
  /** The account whose contract applies (an OEM admin works under the OEM account's). */
  account: z.object({ id: z.string(), name: z.string() }),
  /** The version the contract points at, which may be older than the catalogue's. */
  plan: ZPlan,
  /** The catalogue's current version of this plan (equal to plan.version when up to date). */
  currentVersion: z.number().int(),
  contract: z.object({
    status: ZContractStatus,
    startDate: z.string(),
    endDate: z.string(),
  }),
  pendingPlan: z
    .object({
      id: z.string(),
      name: z.string(),
      version: z.number().int(),
      price: z.number().int(),
      from: z.string(),
    })
    .nullable(),
  limits: z.object({
    sites: z.number().int(),
    pagesPerSite: z.number().int(),
    monthlyPageViews: z.number().int(),
    /** JPY per OVER_LIMIT_PV_UNIT page views beyond the limit. */
    overLimitPrice: z.number().int(),
  }),
  usage: ZPlanUsage,
});
export type TCheckPlan = z.infer<typeof ZCheckPlan>;
export const ZCheckPlanResponse = envelope(ZCheckPlan.nullable());
