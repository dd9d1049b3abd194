import type { TUiLanguage } from '@swipe/contracts/i18n';
import type { TSiteTemplateCategory } from '@swipe/contracts/site-templates';
import type { INPUT_TYPES, SNS_TYPES } from '@swipe/contracts/sites';
import type { TMotif } from './template-motifs';

// The shape of a starter site's definition (templates/*.ts): plain data, written in Japanese and
// English; template-document.ts turns one into a site document, template-art.ts draws its images.

/** The content languages every template is written in; the first is the default. */
export const TEMPLATE_LANGUAGES = ['JP', 'EN'] as const;
export type TTemplateLanguage = (typeof TEMPLATE_LANGUAGES)[number];
export type TBilingual = Record<TTemplateLanguage, string>;

/** Where a button leads: a visitor page of the site, another page, the popup CTA, or outside. */
export type TTemplateLink =
  | { kind: 'INTERNAL'; target: 'CONTACT' | 'FORM' | 'MEMBERSHIP' }
  | { kind: 'PAGE'; page: string }
  | { kind: 'POPUP' }
  | { kind: 'EXTERNAL'; url: string };

export type TTemplatePage = {
  /** The picture drawn in the middle of the page's image. */
  motif: TMotif;
  /** The small label above the headline in the image ('NEW', 'STEP 1'). */
  kicker: TBilingual;
  /** The image's headline; '\n' breaks it into lines (at most three). */
  headline: TBilingual;
  /** The page's main text (shown over the image's lower part, at most 120 characters). */
  text: TBilingual;
  price?: TBilingual;
  button?: { text: TBilingual; link: TTemplateLink };
  /** Only signed-in members see the page (membersOnlyLock). */
  membersOnly?: boolean;
};

export type TTemplateField = {
  typeInput: (typeof INPUT_TYPES)[number];
  title: TBilingual;
  placeholder?: TBilingual;
  options?: TBilingual[];
  isRequired?: boolean;
};

export type TSiteTemplateDef = {
  id: string;
  category: TSiteTemplateCategory;
  /** What the gallery calls it and says of it, in every UI language. */
  name: Record<TUiLanguage, string>;
  description: Record<TUiLanguage, string>;
  /** The new site's name. */
  siteName: TBilingual;
  rows: number;
  columns: number;
  /** Brand colours: the image's gradient, its accent, and the buttons. */
  palette: { from: string; to: string; accent: string; button: string; buttonText: string };
  /** The pages row by row (A1, B1, ..., A2, ...): rows x columns of them. */
  pages: TTemplatePage[];
  /** Global menu entries, each jumping to a page ('B2'). */
  menu: { name: TBilingual; page: string }[];
  seo: { title: TBilingual; description: TBilingual };
  sns?: { snsType: (typeof SNS_TYPES)[number]; snsUrl: string }[];
  company?: { website?: string; profile: TBilingual };
  /** The creator's own fields after the built-in ones, per form. */
  forms?: { contact?: TTemplateField[]; homepage?: TTemplateField[] };
  /** A time-limited popup CTA from creation for `days` days; its thumbnail shows the motif. */
  popup?: {
    motif: TMotif;
    button: TBilingual;
    link: Exclude<TTemplateLink, { kind: 'POPUP' }>;
    pages: string[];
    days: number;
  };
};
