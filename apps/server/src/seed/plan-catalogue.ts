import type { plans } from '../db/schema/plans';

// The plan catalogue every database starts with (demo and production alike).

export type TPlanSeed = Omit<typeof plans.$inferInsert, 'id' | 'createdAt' | 'version' | 'isCurrent'>;

// A free trial (no multilingual variant) and the four paid tiers (Light, Standard, Premium, Pro, each with a multilingual variant).
const TRIAL: TPlanSeed = {
  code: 'trial',
  tier: 'trial',
  multilingual: false,
  name: 'Trial',
  price: 0,
  quantitySwipe: 6,
  quantitySite: 1,
  limitAccess: 1_000,
  limitAccessPrice: 0,
  swipe: true,
};

const TIERS = [
  {
    tier: 'light',
    name: 'Light',
    price: 30_000,
    quantitySwipe: 12,
    quantitySite: 1,
    limitAccess: 10_000,
    limitAccessPrice: 1_000,
    flags: {},
  },
  {
    tier: 'standard',
    name: 'Standard',
    price: 50_000,
    quantitySwipe: 30,
    quantitySite: 3,
    limitAccess: 50_000,
    limitAccessPrice: 800,
    flags: { privateDomain: true, settingFormContact: true, settingPopupCta: true },
  },
  {
    tier: 'premium',
    name: 'Premium',
    price: 100_000,
    quantitySwipe: 60,
    quantitySite: 10,
    limitAccess: 200_000,
    limitAccessPrice: 600,
    flags: {
      privateDomain: true,
      settingFormContact: true,
      settingPopupCta: true,
      analyticsEffect: true,
      settingTagSeo: true,
    },
  },
  {
    tier: 'pro',
    name: 'Pro',
    price: 200_000,
    quantitySwipe: 100,
    quantitySite: 30,
    limitAccess: 1_000_000,
    limitAccessPrice: 500,
    flags: {
      privateDomain: true,
      settingFormContact: true,
      settingPopupCta: true,
      analyticsEffect: true,
      settingTagSeo: true,
    },
  },
] as const;

const MULTILINGUAL_SURCHARGE: Record<string, number> = {
  light: 20_000,
  standard: 30_000,
  premium: 50_000,
  pro: 80_000,
};

/** Light, Standard, Premium, Pro and their multilingual variants (monthly JPY, tax excluded). */
export const PLAN_CATALOGUE: TPlanSeed[] = [
  TRIAL,
  ...TIERS.flatMap((t) => {
    const base: TPlanSeed = {
      code: t.tier,
      tier: t.tier,
      multilingual: false,
      name: t.name,
      price: t.price,
      quantitySwipe: t.quantitySwipe,
      quantitySite: t.quantitySite,
      limitAccess: t.limitAccess,
      limitAccessPrice: t.limitAccessPrice,
      swipe: true,
      ...t.flags,
    };
    return [
      base,
      {
        ...base,
        code: `${t.tier}_multi`,
        multilingual: true,
        name: `${t.name} Multilingual`,
        price: t.price + MULTILINGUAL_SURCHARGE[t.tier]!,
        multiLanguage: true,
      },
    ];
  }),
];
