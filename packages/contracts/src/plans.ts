import { z } from 'zod';

// SPEC 3 "Plan": the feature flags a plan grants.
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
