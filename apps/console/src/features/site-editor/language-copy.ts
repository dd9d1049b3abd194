import {
  POPUP_KINDS,
  type TCreative,
  type TLanguageContent,
  type TSiteDocument,
  type TSiteLanguage,
} from '@swipe/contracts/sites';
import { copyPopupText } from './editor-state';
import { pageHoldsWork } from './page-ops';

// "Copy from" the default language: a language tab, or one of its pages, starts as a
// copy of the default language's, to be translated in place. Pure: the whole document in, a new
// one out; the editor asks before a copy replaces what the tab or page already holds.
//
// What a whole-tab copy takes: the pages (image or video, alt text, texts, colours, button and
// its link, display flags, products with their images and hotspots), the global menu, SEO and
// tags, SNS links, company information, and the popup CTAs' image and button text of the
// language. What it leaves: the forms, because a changed contact form deletes the contact
// submissions received so far, and their built-in fields are already named per language.

const clone = <T>(value: T): T => structuredClone(value);

/** The source's page, keeping the target page's own id (ids belong to one language's entry). */
const copiedPage = (source: TCreative, target: TCreative): TCreative => ({ ...clone(source), id: target.id });

/** Whether a language holds anything a whole-tab copy would replace. */
export function languageHoldsWork(doc: TSiteDocument, lang: TSiteLanguage): boolean {
  const c = doc.content[lang];
  if (!c) return false;
  const seo = Object.entries(c.seo).some(([key, v]) => key !== 'id' && typeof v === 'string' && v !== '');
  const { companyProfile, companyClause, termsOfService, privacyPolicy, companyWebsite } = c.company;
  const company = [companyProfile, companyClause, termsOfService, privacyPolicy, companyWebsite].some(
    (v) => v !== '',
  );
  const popup = POPUP_KINDS.some((kind) => {
    const text = doc.popupCtas[kind].texts[lang];
    return Boolean(text && (text.image || text.linkButtonText));
  });
  return c.creatives.some(pageHoldsWork) || c.menus.length > 0 || c.sns.length > 0 || seo || company || popup;
}

/** Whether the language's page at `coordinate` holds anything a page copy would replace. */
export function pageCopyLosesWork(doc: TSiteDocument, lang: TSiteLanguage, coordinate: string): boolean {
  const page = doc.content[lang]?.creatives.find((c) => c.coordinate === coordinate);
  return page ? pageHoldsWork(page) : false;
}

/**
 * The page at `coordinate` of `to` becomes a copy of the same page of `from`. The document is
 * returned as it is when either language or page is missing, or `from` is `to`.
 */
export function copyPage(
  doc: TSiteDocument,
  from: TSiteLanguage,
  to: TSiteLanguage,
  coordinate: string,
): TSiteDocument {
  const source = doc.content[from]?.creatives.find((c) => c.coordinate === coordinate);
  const target = doc.content[to];
  const at = target?.creatives.findIndex((c) => c.coordinate === coordinate) ?? -1;
  if (from === to || !source || !target || at < 0) return doc;
  const creatives = target.creatives.map((c, i) => (i === at ? copiedPage(source, c) : c));
  return { ...doc, content: { ...doc.content, [to]: { ...target, creatives } } };
}

/**
 * `to` becomes a copy of `from` (see the top of this file for what is taken and what stays). Each
 * page is copied from the page at its coordinate; a page `from` lacks keeps its own.
 */
export function copyLanguage(doc: TSiteDocument, from: TSiteLanguage, to: TSiteLanguage): TSiteDocument {
  const source = doc.content[from];
  const target = doc.content[to];
  if (from === to || !source || !target || !doc.languages.includes(to)) return doc;
  const pages = new Map(source.creatives.map((c) => [c.coordinate, c]));
  const content: TLanguageContent = {
    ...target,
    creatives: target.creatives.map((c) => {
      const page = pages.get(c.coordinate);
      return page ? copiedPage(page, c) : c;
    }),
    menus: clone(source.menus),
    seo: { ...clone(source.seo), id: target.seo.id },
    sns: clone(source.sns),
    company: { ...clone(source.company), id: target.company.id },
  };
  let next: TSiteDocument = { ...doc, content: { ...doc.content, [to]: content } };
  // The popup's image and button text, as its own "Copy from" does; a popup without them in `from`
  // leaves `to` without its own too (it shows the default language's).
  for (const kind of POPUP_KINDS) {
    if (doc.popupCtas[kind].texts[from]) next = copyPopupText(next, kind, from, to);
    else if (doc.popupCtas[kind].texts[to]) {
      const { [to]: _replaced, ...texts } = next.popupCtas[kind].texts;
      next = { ...next, popupCtas: { ...next.popupCtas, [kind]: { ...next.popupCtas[kind], texts } } };
    }
  }
  return next;
}
