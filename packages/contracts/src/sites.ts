import { z } from 'zod';
import { scriptProblem } from '#button-script';
import { zEmail } from './auth';
import { toMessageKey } from './messages';
import { gridCoordinates, zCoordinate } from './site-grid-rules';
import {
  addRuleIssues,
  checkDateRange,
  checkMenuEntries,
  TEXT_MAX,
  zColour,
  zExternalLinkUrl,
  zLimitField,
  zLinkUrl,
  zText,
  zTextarea,
} from './site-rules';
import { type TSeoConfig, ZSeoConfig } from './site-seo-rules';

// The site, its pages (creatives) and products, per-language settings, forms and popup CTAs:
// the whole site document the editor saves and the viewer renders. The draft and the published
// version are both one such document.

// The rules of buttons' custom scripts need a JavaScript parser (button-script.ts): browsers
// get it on demand, through these (package.json "imports", condition "browser").
export { loadScriptRules, scriptProblem, scriptRulesLoaded } from '#button-script';

/** Site content languages: JP is the default. */
export const SITE_LANGUAGES = ['JP', 'EN', 'KR', 'CN'] as const;
export const ZSiteLanguage = z.enum(SITE_LANGUAGES);
export type TSiteLanguage = z.infer<typeof ZSiteLanguage>;
/** The URL segment of a language; the default language adds none. */
export const LANGUAGE_SEGMENT: Record<TSiteLanguage, string> = { JP: 'ja', EN: 'en', KR: 'ko', CN: 'zh' };

/**
 * Site statuses: DRAFT (never published), PUBLISH (public), PRIVATE (published
 * before, now unpublished), DOMAIN_VERIFYING (public on the default domain while the custom
 * domain's CNAME is checked), EXPIRED (the contract ended).
 */
export const SITE_STATUSES = ['DRAFT', 'PUBLISH', 'PRIVATE', 'DOMAIN_VERIFYING', 'EXPIRED'] as const;
export const ZSiteStatus = z.enum(SITE_STATUSES);
export type TSiteStatus = z.infer<typeof ZSiteStatus>;

export const VIEW_MODES = ['MOBILE', 'PC'] as const;
export const SNS_TYPES = [
  'youtube',
  'line',
  'instagram',
  'x',
  'tiktok',
  'facebook',
  'phone_number',
  'google_map',
] as const;
export const FORM_TYPES = ['CONTACT_SETTING', 'MEMBERSHIP_SETTING', 'HOMEPAGE_SETTING'] as const;
export type TFormType = (typeof FORM_TYPES)[number];
export const INPUT_TYPES = ['SELECT', 'TEXT_BOX', 'NUMBER', 'SELECT_OPTIONS'] as const;
/**
 * Where a link button leads (its link type): nowhere, a visitor page of the site, an external
 * URL, a survey, another page of this site (CREATIVE_BLOCK), the site's popup CTA
 * (POPUP_CTA_TRANSITION), or it runs the creator's script (SCRIPT).
 */
export const LINK_KINDS = [
  'NONE',
  'INTERNAL',
  'EXTERNAL',
  'SURVEY',
  'CREATIVE_BLOCK',
  'POPUP_CTA_TRANSITION',
  'SCRIPT',
] as const;
export type TLinkKind = (typeof LINK_KINDS)[number];
/** Internal link targets: the site's own visitor pages. */
export const INTERNAL_TARGETS = ['CONTACT', 'FORM', 'MEMBERSHIP'] as const;
export const POPUP_POSITIONS = ['TOP', 'BOTTOM'] as const;
export const POPUP_KINDS = ['timeLimit', 'applicantLimit'] as const;
export type TPopupKind = (typeof POPUP_KINDS)[number];

/** The designer frame is 389 x 737; product hotspots are placed in its coordinates. */
export const DESIGN_FRAME = { width: 389, height: 737 } as const;
export const PRODUCTS_PER_PAGE_MAX = 10;
export const MENU_ENTRIES_MAX = 20;
export const FORM_FIELDS_MAX = 30;
export const FORM_OPTIONS_MAX = 50;
/** The longest custom script of a button (SCRIPT links). */
export const LINK_SCRIPT_MAX = 2_000;

const ZId = z.string().max(64).optional();

/** A file of the site's media library (uploaded through generate-urls), by its id. */
export const ZMediaRef = z.object({
  assetId: z.uuid('sites.invalidAsset'),
  kind: z.enum(['IMAGE', 'VIDEO']),
});
export type TMediaRef = z.infer<typeof ZMediaRef>;

export const ZLink = z
  .object({
    kind: z.enum(LINK_KINDS).default('NONE'),
    internalTarget: z.enum(INTERNAL_TARGETS).nullable().default(null),
    url: z.string().trim().max(TEXT_MAX.url, 'common.tooLong').default(''),
    surveyId: z.string().max(64).nullable().default(null),
    /** CREATIVE_BLOCK: the page of this site it jumps to (checkSiteDocument: a page of the grid). */
    page: zCoordinate().nullable().default(null),
    /** POPUP_CTA_TRANSITION: the popup CTA it opens (checkSiteDocument: one that is enabled). */
    popup: z.enum(POPUP_KINDS).nullable().default(null),
    /** SCRIPT: code run on a click, the body of a function (only if it parses). */
    script: z.string().trim().max(LINK_SCRIPT_MAX, 'common.tooLong').default(''),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'INTERNAL' && !v.internalTarget)
      ctx.addIssue({ code: 'custom', path: ['internalTarget'], message: 'common.required' });
    if (v.kind === 'EXTERNAL') {
      const r = zExternalLinkUrl().safeParse(v.url);
      if (!r.success) ctx.addIssue({ code: 'custom', path: ['url'], message: r.error.issues[0]!.message });
    }
    if (v.kind === 'SURVEY' && !v.surveyId)
      ctx.addIssue({ code: 'custom', path: ['surveyId'], message: 'common.required' });
    if (v.kind === 'CREATIVE_BLOCK' && !v.page)
      ctx.addIssue({ code: 'custom', path: ['page'], message: 'common.required' });
    if (v.kind === 'POPUP_CTA_TRANSITION' && !v.popup)
      ctx.addIssue({ code: 'custom', path: ['popup'], message: 'common.required' });
    if (v.kind === 'SCRIPT') {
      const problem = v.script === '' ? { message: 'common.required' } : scriptProblem(v.script);
      if (problem) ctx.addIssue({ code: 'custom', path: ['script'], ...problem });
    }
  });
export type TLink = z.infer<typeof ZLink>;

/** A product: a hotspot on a page. */
export const ZProduct = z.object({
  id: ZId,
  productName: zText(),
  image: ZMediaRef.nullable().default(null),
  /** Tax included, JPY. */
  price: z
    .number()
    .int('sites.wholeNumber')
    .min(0, 'sites.wholeNumber')
    .max(1_000_000_000)
    .nullable()
    .default(null),
  description: zTextarea({ optional: true }).default(''),
  linkButtonText: zText(TEXT_MAX.short, { optional: true }).default(''),
  link: ZLink.prefault({}),
  linkButtonColor: zColour().default('#2BAA50'),
  linkTextColor: zColour().default('#FFFFFF'),
  coordinateX: z.number().min(0).max(DESIGN_FRAME.width).default(65),
  coordinateY: z.number().min(0).max(DESIGN_FRAME.height).default(260),
  textColor: zColour().default('#000000'),
  backgroundColor: zColour().default('#FFFFFF'),
});
export type TProduct = z.infer<typeof ZProduct>;

/** A creative: one page of the grid, in one language. */
export const ZCreative = z.object({
  id: ZId,
  coordinate: zCoordinate(),
  media: ZMediaRef.nullable().default(null),
  imageAlt: zText(TEXT_MAX.default, { optional: true }).default(''),
  mainText: zTextarea({ optional: true }).default(''),
  mainTextColor: zColour().default('#FFFFFF'),
  price: zText(TEXT_MAX.short, { optional: true }).default(''),
  priceTextColor: zColour().default('#FFFFFF'),
  linkButtonText: zText(TEXT_MAX.short, { optional: true }).default(''),
  link: ZLink.prefault({}),
  /** SPEC's buttonImageUrl: the button drawn as this image, its text the image's alternative text. */
  buttonImage: ZMediaRef.nullable().default(null),
  linkButtonColor: zColour().default('#99D52A'),
  linkTextColor: zColour().default('#FFFFFF'),
  showSns: z.boolean().default(true),
  showCompany: z.boolean().default(true),
  membersOnlyLock: z.boolean().default(false),
  hoverArrowColor: zColour().default('#FFFFFF'),
  /** Seconds before the swipe arrows fade (0: they stay). */
  arrowFadeInterval: z.number().int().min(0).max(60).default(3),
  products: z.array(ZProduct).max(PRODUCTS_PER_PAGE_MAX, 'sites.tooManyProducts').default([]),
});
export type TCreative = z.infer<typeof ZCreative>;
export type TCreativeInput = z.input<typeof ZCreative>;

export const ZMenuEntry = z.object({
  id: ZId,
  name: z.string().trim().max(TEXT_MAX.default, 'common.tooLong'),
  textColor: zColour({ optional: true }).default(''),
  /** The page the entry jumps to. */
  target: zCoordinate(),
  /**
   * Words shown small under the entry's name in the published menu; the page's meta keywords
   * (when its head tags have them) get them too.
   */
  keywords: zText(TEXT_MAX.default, { optional: true }).default(''),
  /** The heading the entry is grouped under in the published menu (none: listed first, ungrouped). */
  category: zText(TEXT_MAX.default, { optional: true }).default(''),
});

export const ZSnsEntry = z
  .object({
    id: ZId,
    snsType: z.enum(SNS_TYPES),
    snsUrl: z.string().trim().max(TEXT_MAX.url, 'common.tooLong'),
  })
  .superRefine((v, ctx) => {
    // A phone entry holds a number and opens a tel: link; the others are web links.
    const value = v.snsType === 'phone_number' ? `tel:${v.snsUrl.replace(/^tel:/, '')}` : v.snsUrl;
    const r = (v.snsType === 'phone_number' ? zLinkUrl() : zExternalLinkUrl()).safeParse(value);
    if (!r.success) ctx.addIssue({ code: 'custom', path: ['snsUrl'], message: r.error.issues[0]!.message });
  });

export const ZFormField = z
  .object({
    id: ZId,
    typeInput: z.enum(INPUT_TYPES),
    title: zText(),
    isRequired: z.boolean().default(false),
    placeholder: zText(TEXT_MAX.default, { optional: true }).default(''),
    options: z
      .array(z.object({ value: zText() }))
      .max(FORM_OPTIONS_MAX)
      .default([]),
    /** Built-in fields (email, password, confirmation) cannot be removed or retyped. */
    builtIn: z.enum(['EMAIL', 'COMPANY', 'PASSWORD', 'CONFIRM_PASSWORD']).nullable().default(null),
  })
  .superRefine((v, ctx) => {
    if ((v.typeInput === 'SELECT' || v.typeInput === 'SELECT_OPTIONS') && v.options.length === 0)
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'sites.optionsRequired' });
  });
export type TFormField = z.infer<typeof ZFormField>;

export const ZCompany = z.object({
  id: ZId,
  companyWebsite: zExternalLinkUrl({ optional: true }).default(''),
  companyProfile: z.string().max(TEXT_MAX.tags, 'common.tooLong').default(''),
  /** SPECIFIC_COMMERCIAL: the notation under the Act on Specified Commercial Transactions. */
  companyClause: z.string().max(TEXT_MAX.tags, 'common.tooLong').default(''),
  termsOfService: z.string().max(TEXT_MAX.tags, 'common.tooLong').default(''),
  privacyPolicy: z.string().max(TEXT_MAX.tags, 'common.tooLong').default(''),
  showInForm: z.boolean().default(true),
  showInMemberShip: z.boolean().default(true),
  showInContact: z.boolean().default(true),
  /** Visitors must agree to the terms and privacy policy before sending a form. */
  agreementRequired: z.boolean().default(false),
});

/**
 * The titles built-in fields start with. Visitor pages show them in the page's language as long
 * as the creator has not renamed the field.
 */
export const BUILT_IN_FIELD_TITLES = {
  EMAIL: 'Email',
  COMPANY: 'Company name',
  PASSWORD: 'Password',
  CONFIRM_PASSWORD: 'Confirm password',
} as const;

/** Default form fields: contact and homepage ask email and company, membership email and passwords. */
export function defaultFormFields(type: TFormType): z.input<typeof ZFormField>[] {
  const text = (title: string, builtIn: TFormField['builtIn']) => ({
    typeInput: 'TEXT_BOX' as const,
    title,
    isRequired: true,
    builtIn,
  });
  if (type === 'MEMBERSHIP_SETTING')
    return [
      text(BUILT_IN_FIELD_TITLES.EMAIL, 'EMAIL'),
      text(BUILT_IN_FIELD_TITLES.PASSWORD, 'PASSWORD'),
      text(BUILT_IN_FIELD_TITLES.CONFIRM_PASSWORD, 'CONFIRM_PASSWORD'),
    ];
  return [text(BUILT_IN_FIELD_TITLES.EMAIL, 'EMAIL'), text(BUILT_IN_FIELD_TITLES.COMPANY, 'COMPANY')];
}

const ZFormFieldList = z.array(ZFormField);
const ZForms = z.object(
  Object.fromEntries(
    FORM_TYPES.map((type) => [
      type,
      z
        .array(ZFormField)
        .max(FORM_FIELDS_MAX, 'sites.tooManyFields')
        .default(() => ZFormFieldList.parse(defaultFormFields(type))),
    ]),
  ) as Record<TFormType, z.ZodDefault<z.ZodArray<typeof ZFormField>>>,
);

/** Everything of a site that exists once per language. */
export const ZLanguageContent = z.object({
  creatives: z.array(ZCreative).default([]),
  menus: z.array(ZMenuEntry).max(MENU_ENTRIES_MAX, 'sites.tooManyMenus').default([]),
  seo: ZSeoConfig.prefault({}),
  sns: z
    .array(ZSnsEntry)
    .max(SNS_TYPES.length * 2)
    .default([]),
  company: ZCompany.prefault({}),
  forms: ZForms.prefault({}),
});
export type TLanguageContent = z.infer<typeof ZLanguageContent>;

/** What a popup CTA shows in one language: its image and its button's text. */
export const ZPopupText = z.object({
  image: ZMediaRef.nullable().default(null),
  linkButtonText: zText(TEXT_MAX.short, { optional: true }).default(''),
});
export type TPopupText = z.infer<typeof ZPopupText>;

/**
 * A popup CTA. `limit` (applicantLimit) is the number of applicants accepted. Its image and
 * button text are per site language (`texts`); a language without its own shows the default
 * language's (see popupText). Dates, pages, link and colours are the same in every language.
 */
export const ZPopupCta = z.object({
  id: ZId,
  enabled: z.boolean().default(false),
  texts: z.partialRecord(ZSiteLanguage, ZPopupText).default({}),
  link: ZLink.prefault({}),
  linkButtonColor: zColour().default('#FA5252'),
  linkTextColor: zColour().default('#FFFFFF'),
  startDate: z.string().nullable().default(null),
  endDate: z.string().nullable().default(null),
  limit: z.string().trim().default(''),
  showRemainingTime: z.boolean().default(true),
  effectivePages: z.array(zCoordinate()).default([]),
  position: z.enum(POPUP_POSITIONS).default('BOTTOM'),
});
export type TPopupCta = z.infer<typeof ZPopupCta>;

/**
 * What the popup shows on a page in `lang`: that language's image and button text, each falling
 * back to the default language's when the language has none.
 */
export function popupText(cta: TPopupCta, lang: TSiteLanguage, defaultLanguage: TSiteLanguage): TPopupText {
  const own = cta.texts[lang];
  const base = cta.texts[defaultLanguage];
  return {
    image: own?.image ?? base?.image ?? null,
    linkButtonText: own?.linkButtonText || base?.linkButtonText || '',
  };
}

/** The custom domain and path of the domain wizard; empty means the default domain. */
export const ZDomainSetting = z.object({
  customDomain: z
    .string()
    .trim()
    .toLowerCase()
    .max(253, 'common.tooLong')
    .refine((v) => v === '' || isDomainName(v), 'sites.invalidDomain')
    .default(''),
  customPath: z
    .string()
    .trim()
    .max(TEXT_MAX.default, 'common.tooLong')
    .refine((v) => v === '' || /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/.test(v), 'sites.invalidCustomPath')
    .default(''),
});

/** A host name of at least two labels, letters, digits and hyphens (IDNs in punycode). */
export function isDomainName(value: string): boolean {
  if (value.length > 253) return false;
  const labels = value.split('.');
  if (labels.length < 2) return false;
  return (
    labels.every((l) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(l)) && !/^\d+$/.test(labels.at(-1)!)
  );
}

/** The document without the cross-field rules: what answers carry (a stored draft may be incomplete). */
export const ZSiteDocumentShape = z.object({
  name: zText(),
  numberVertical: z.number().int().min(0).max(100).default(1),
  numberHorizontal: z.number().int().min(0).max(100).default(1),
  viewMode: z.enum(VIEW_MODES).default('MOBILE'),
  defaultLanguage: ZSiteLanguage.default('JP'),
  /** The site's languages in tab order; always includes the default language. */
  languages: z.array(ZSiteLanguage).min(1).max(SITE_LANGUAGES.length).default(['JP']),
  logo: ZMediaRef.nullable().default(null),
  favicon: ZMediaRef.nullable().default(null),
  globalMenuTextColor: zColour().default('#FFFFFF'),
  /** The colour of the sound (mute/unmute) button on video pages; videos start muted. */
  speakerColor: zColour().default('#FFFFFF'),
  displayLanguageIcon: z.boolean().default(true),
  displayGlobalMenu: z.boolean().default(true),
  displayPageCount: z.boolean().default(true),
  /** A header control opens an overview of all pages (thumbnails by coordinate) that jumps to one. */
  displayAlbum: z.boolean().default(false),
  /**
   * Swiping forward (to the right) past the last page of a row, or pressing the key for it,
   * follows that page's link button when it has one, as stories' "swipe up to open" does.
   */
  swipeRedirection: z.boolean().default(false),
  /**
   * Seconds between automatic slides (0: off): the page advances row by row and stops at the last
   * page; it waits while the visitor touches, scrolls or types, while the tab is hidden, and never
   * runs for visitors who asked for reduced motion.
   */
  sliderTime: z.number().int().min(0).max(60).default(0),
  /** The Settings tab's default SEO: each field a language leaves empty is taken from here (seoOf). */
  seo: ZSeoConfig.prefault({}),
  /** Where contact form submissions are also mailed (empty: only the site's owner hears of them). */
  contactRecipient: z
    .string()
    .trim()
    .refine((v) => v === '' || zEmail().safeParse(v).success, 'common.invalidEmail')
    .default(''),
  content: z.partialRecord(ZSiteLanguage, ZLanguageContent).default({}),
  popupCtas: z
    .object({ timeLimit: ZPopupCta.prefault({}), applicantLimit: ZPopupCta.prefault({}) })
    .prefault({}),
  domain: ZDomainSetting.prefault({}),
});

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A stored document in the current shape, before it is parsed (no database migration needed).
 * Popup CTAs saved before their image and button text were per language hold them once, as
 * `image` and `linkButtonText`: they become the default language's `texts`. Anything else is
 * returned as it is (the same object when nothing changes).
 */
export function upgradeSiteDocument(stored: unknown): unknown {
  if (!isRecord(stored) || !isRecord(stored.popupCtas)) return stored;
  const lang = ZSiteLanguage.safeParse(stored.defaultLanguage).data ?? 'JP';
  const ctas: Record<string, unknown> = { ...stored.popupCtas };
  let changed = false;
  for (const kind of POPUP_KINDS) {
    const cta = ctas[kind];
    if (!isRecord(cta) || !('image' in cta || 'linkButtonText' in cta)) continue;
    const { image, linkButtonText, ...rest } = cta;
    ctas[kind] = {
      ...rest,
      texts: isRecord(rest.texts)
        ? rest.texts
        : { [lang]: { image: image ?? null, linkButtonText: linkButtonText ?? '' } },
    };
    changed = true;
  }
  return changed ? { ...stored, popupCtas: ctas } : stored;
}

/** A document read back from storage: upgraded from an older shape (upgradeSiteDocument), then parsed. */
export const ZStoredSiteDocument = z.preprocess(upgradeSiteDocument, ZSiteDocumentShape);

/**
 * The rules that tie the document together: languages unique and with the default;
 * every language holds exactly the grid's pages in order; menus unique and pointing at pages;
 * popup dates and effective pages valid. Plan limits are the server's (they need the plan).
 */
export function checkSiteDocument(doc: z.output<typeof ZSiteDocumentShape>, now?: () => Date) {
  const issues: Parameters<typeof addRuleIssues>[1] = [];
  if (new Set(doc.languages).size !== doc.languages.length)
    issues.push({ path: ['languages'], message: 'sites.languageDuplicate' });
  if (!doc.languages.includes(doc.defaultLanguage))
    issues.push({ path: ['defaultLanguage'], message: 'sites.defaultLanguageMissing' });
  if (doc.numberVertical < 1) issues.push({ path: ['numberVertical'], message: 'sites.gridZero' });
  if (doc.numberHorizontal < 1) issues.push({ path: ['numberHorizontal'], message: 'sites.gridZero' });
  const pages =
    doc.numberVertical >= 1 && doc.numberHorizontal >= 1
      ? gridCoordinates(doc.numberVertical, doc.numberHorizontal)
      : [];
  const pageSet = new Set(pages);
  for (const lang of Object.keys(doc.content) as TSiteLanguage[])
    if (!doc.languages.includes(lang))
      issues.push({ path: ['content', lang], message: 'sites.languageUnknown' });
  for (const lang of doc.languages) {
    const content = doc.content[lang];
    if (!content) {
      issues.push({ path: ['content', lang], message: 'sites.languageContentMissing' });
      continue;
    }
    const coords = content.creatives.map((c) => c.coordinate);
    if (coords.length !== pages.length || coords.some((c, i) => c !== pages[i]))
      issues.push({ path: ['content', lang, 'creatives'], message: 'sites.pagesMismatch' });
    for (const issue of checkMenuEntries(content.menus.map((m) => m.name)))
      issues.push({ ...issue, path: ['content', lang, 'menus', ...issue.path] });
    content.menus.forEach((m, i) => {
      if (!pageSet.has(m.target))
        issues.push({ path: ['content', lang, 'menus', i, 'target'], message: 'sites.pageUnknown' });
    });
  }
  for (const kind of POPUP_KINDS) {
    const cta = doc.popupCtas[kind];
    if (!cta.enabled) continue;
    for (const issue of checkDateRange(cta, { now }))
      issues.push({ ...issue, path: ['popupCtas', kind, ...issue.path] });
    if (!cta.startDate) issues.push({ path: ['popupCtas', kind, 'startDate'], message: 'common.required' });
    cta.effectivePages.forEach((p, i) => {
      if (!pageSet.has(p))
        issues.push({ path: ['popupCtas', kind, 'effectivePages', i], message: 'sites.pageUnknown' });
    });
    if (cta.effectivePages.length === 0)
      issues.push({ path: ['popupCtas', kind, 'effectivePages'], message: 'sites.itemRequired' });
    if (kind === 'applicantLimit') {
      const r = zLimitField().safeParse(cta.limit);
      if (!r.success)
        issues.push({
          path: ['popupCtas', kind, 'limit'],
          message: toMessageKey(r.error.issues[0]!.message),
        });
    }
  }
  for (const { link, path } of documentLinks(doc)) {
    if (link.kind === 'CREATIVE_BLOCK' && link.page && !pageSet.has(link.page))
      issues.push({ path: [...path, 'page'], message: 'sites.pageUnknown' });
    if (link.kind !== 'POPUP_CTA_TRANSITION') continue;
    if (path[0] === 'popupCtas') issues.push({ path: [...path, 'kind'], message: 'sites.popupOpensPopup' });
    else if (link.popup && !doc.popupCtas[link.popup].enabled)
      issues.push({ path: [...path, 'popup'], message: 'sites.popupDisabled' });
  }
  return issues;
}

/**
 * Every link of the document (pages' and products' buttons in each language of its tabs, the
 * popup CTAs' buttons) with the path of the field that holds it.
 */
export function documentLinks(
  doc: Pick<TSiteDocument, 'languages' | 'content' | 'popupCtas'>,
): { link: TLink; path: (string | number)[] }[] {
  const out: { link: TLink; path: (string | number)[] }[] = [];
  for (const lang of doc.languages)
    doc.content[lang]?.creatives.forEach((c, i) => {
      const at = ['content', lang, 'creatives', i];
      out.push({ link: c.link, path: [...at, 'link'] });
      c.products.forEach((p, j) => {
        out.push({ link: p.link, path: [...at, 'products', j, 'link'] });
      });
    });
  for (const kind of POPUP_KINDS)
    out.push({ link: doc.popupCtas[kind].link, path: ['popupCtas', kind, 'link'] });
  return out;
}

/** The site document as saved (a draft may be incomplete; see checkPublishable). */
export const ZSiteDocument = ZSiteDocumentShape.superRefine((doc, ctx) =>
  addRuleIssues(
    ctx,
    checkSiteDocument(doc, () => new Date()),
  ),
);
export type TSiteDocument = z.output<typeof ZSiteDocumentShape>;
export type TSiteDocumentInput = z.input<typeof ZSiteDocumentShape>;

/**
 * The SEO a language's pages use: its own, each empty field taken from the site's default SEO
 * (the Settings tab). Head tags and body scripts are taken whole, never mixed.
 */
export function seoOf(doc: Pick<TSiteDocument, 'content' | 'seo'>, lang: TSiteLanguage): TSeoConfig {
  const own = doc.content[lang]?.seo;
  const base = doc.seo;
  return {
    ...(own?.id ? { id: own.id } : {}),
    title: own?.title || base.title,
    h1: own?.h1 || base.h1,
    description: own?.description || base.description,
    head: own?.head || base.head,
    body: own?.body || base.body,
  };
}

/**
 * Before publishing: at least one creative image, and images placed consecutively from
 * the first page (no empty page before a filled one), in every language.
 */
export function checkPublishable(doc: TSiteDocument) {
  const issues: Parameters<typeof addRuleIssues>[1] = [];
  for (const lang of doc.languages) {
    const creatives = doc.content[lang]?.creatives ?? [];
    const filled = creatives.map((c) => c.media !== null);
    if (!filled.some(Boolean)) {
      issues.push({ path: ['content', lang, 'creatives'], message: 'sites.imageRequired' });
      continue;
    }
    const gap = filled.findIndex((f, i) => !f && filled.slice(i + 1).some(Boolean));
    if (gap >= 0)
      issues.push({ path: ['content', lang, 'creatives', gap, 'media'], message: 'sites.imagesConsecutive' });
  }
  return issues;
}

/** An empty page of the grid at `coordinate`, every setting at its default. */
export const emptyCreative = (coordinate: string): TCreative => ZCreative.parse({ coordinate });

/** The language content of a fresh tab: the grid's empty pages and the default forms. */
export const emptyLanguageContent = (rows: number, columns: number): TLanguageContent =>
  ZLanguageContent.parse({ creatives: gridCoordinates(rows, columns).map((coordinate) => ({ coordinate })) });
