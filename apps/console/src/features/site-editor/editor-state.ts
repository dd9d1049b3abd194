import type { TUiLanguage } from '@swipe/contracts/i18n';
import {
  emptyLanguageContent,
  POPUP_KINDS,
  type TPopupCta,
  type TPopupKind,
  type TPopupText,
  type TSiteDocument,
  type TSiteLanguage,
  ZSiteDocument,
} from '@swipe/contracts/sites';
import { issueText } from '../../app/forms';
import { applyPageOp, removalLosesWork } from './page-ops';

// The editor's document operations (grid resize, language tabs), pure so they are tested
// on their own. Each returns a new document; the page asks for confirmation before the ones
// that throw work away.

/** A new site: one language, a 1 x 1 grid, every setting at its default. */
export function newDocument(name = '', language: TSiteLanguage = 'JP'): TSiteDocument {
  return ZSiteDocument.parse({
    name: name || 'New site',
    numberVertical: 1,
    numberHorizontal: 1,
    defaultLanguage: language,
    languages: [language],
    content: { [language]: emptyLanguageContent(1, 1) },
  });
}

/** True when a grid of `rows` x `columns` would remove a page that holds work (the warning is due). */
export const resizeLosesWork = (doc: TSiteDocument, rows: number, columns: number): boolean =>
  removalLosesWork(doc, { kind: 'resize', rows, columns });

/**
 * Changing the grid keeps every page that is still on it, with what it holds, in every
 * language; new pages start empty. Only the pages it removes are lost (the editor warns about
 * them), and references to them go (see page-ops, whose renames the save needs: prefer it).
 */
export const resizeGrid = (doc: TSiteDocument, rows: number, columns: number): TSiteDocument =>
  applyPageOp(doc, { kind: 'resize', rows, columns }).doc;

/** Adding a language tab adds its entries (the grid's empty pages, default forms). */
export function addLanguage(doc: TSiteDocument, lang: TSiteLanguage): TSiteDocument {
  if (doc.languages.includes(lang)) return doc;
  return {
    ...doc,
    languages: [...doc.languages, lang],
    content: { ...doc.content, [lang]: emptyLanguageContent(doc.numberVertical, doc.numberHorizontal) },
  };
}

/** Both popup CTAs with their per-language texts changed by `map`. */
function mapPopupTexts(
  doc: TSiteDocument,
  map: (texts: TPopupCta['texts']) => TPopupCta['texts'],
): TSiteDocument['popupCtas'] {
  const ctas = { ...doc.popupCtas };
  for (const kind of POPUP_KINDS) ctas[kind] = { ...ctas[kind], texts: map(ctas[kind].texts) };
  return ctas;
}

/** Removing a language deletes its data (its popup texts too). The default language cannot be removed. */
export function removeLanguage(doc: TSiteDocument, lang: TSiteLanguage): TSiteDocument {
  if (lang === doc.defaultLanguage || !doc.languages.includes(lang)) return doc;
  const { [lang]: _removed, ...content } = doc.content;
  return {
    ...doc,
    languages: doc.languages.filter((l) => l !== lang),
    content,
    popupCtas: mapPopupTexts(doc, ({ [lang]: _gone, ...texts }) => texts),
  };
}

/** Changes one language's popup image or button text, the entry created with its defaults if new. */
export function setPopupText(
  doc: TSiteDocument,
  kind: TPopupKind,
  lang: TSiteLanguage,
  patch: Partial<TPopupText>,
): TSiteDocument {
  const cta = doc.popupCtas[kind];
  const current = cta.texts[lang] ?? { image: null, linkButtonText: '' };
  return {
    ...doc,
    popupCtas: {
      ...doc.popupCtas,
      [kind]: { ...cta, texts: { ...cta.texts, [lang]: { ...current, ...patch } } },
    },
  };
}

/** "Copy from the default language": `to` gets `from`'s popup image and button text. */
export function copyPopupText(
  doc: TSiteDocument,
  kind: TPopupKind,
  from: TSiteLanguage,
  to: TSiteLanguage,
): TSiteDocument {
  const source = doc.popupCtas[kind].texts[from] ?? { image: null, linkButtonText: '' };
  return setPopupText(doc, kind, to, { ...source });
}

/**
 * In single-language mode the first tab's data is renamed to the chosen language
 * (nothing entered is lost); with several languages, changing the default resets all entered
 * information to a fresh tab of the new language.
 */
export function changeDefaultLanguage(doc: TSiteDocument, lang: TSiteLanguage): TSiteDocument {
  if (lang === doc.defaultLanguage) return doc;
  // The popup CTAs are site settings that stay: the old default's image and text become the new one's.
  const popupCtas = mapPopupTexts(doc, (texts) => {
    const kept = texts[doc.defaultLanguage];
    return kept ? { [lang]: kept } : {};
  });
  if (doc.languages.length === 1) {
    const only = doc.content[doc.defaultLanguage];
    return { ...doc, defaultLanguage: lang, languages: [lang], content: { [lang]: only }, popupCtas };
  }
  return {
    ...doc,
    defaultLanguage: lang,
    languages: [lang],
    content: { [lang]: emptyLanguageContent(doc.numberVertical, doc.numberHorizontal) },
    popupCtas,
  };
}

/** Whether changing the default language would throw entered information away. */
export const defaultChangeLosesWork = (doc: TSiteDocument) => doc.languages.length > 1;

/** A JSON-pointer-like path ('content.JP.creatives.0.mainText') for a field of the document. */
export type TFieldPath = string;

/** The document's rule violations, keyed by field path, worded in the UI language. */
export function documentErrors(doc: TSiteDocument, lang: TUiLanguage): Record<TFieldPath, string> {
  // Documents are immutable: the check after the last keystroke serves the autosave that follows.
  const known = checked.get(doc);
  if (known?.lang === lang) return known.errors;
  const errors = computeErrors(doc, lang);
  checked.set(doc, { lang, errors });
  return errors;
}

const checked = new WeakMap<TSiteDocument, { lang: TUiLanguage; errors: Record<TFieldPath, string> }>();

/** What the worker (document-check.ts) found, for `documentErrors` to answer at once. */
export function rememberErrors(doc: TSiteDocument, lang: TUiLanguage, errors: Record<TFieldPath, string>) {
  checked.set(doc, { lang, errors });
}

function computeErrors(doc: TSiteDocument, lang: TUiLanguage): Record<TFieldPath, string> {
  const result = ZSiteDocument.safeParse(doc);
  return result.success ? {} : errorsFromIssues(result.error.issues, lang);
}

/** Issues as the errors to show: the first of each field, worded in the UI language. */
export function errorsFromIssues(
  issues: readonly { path: PropertyKey[]; message: string; code: string }[],
  lang: TUiLanguage,
): Record<TFieldPath, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues)
    errors[issue.path.map(String).join('.')] ??= issueText(issue as Parameters<typeof issueText>[0], lang);
  return errors;
}

/** The server's field errors (camelCased by the API client) as editor paths: 'document.' dropped. */
export function serverErrors(fieldErrors: Record<string, string>): Record<TFieldPath, string> {
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(fieldErrors))
    out[field.replace(/^document\./, '')] ??= message;
  return out;
}

/**
 * The errors to show: every one once a save or publish was attempted; before that only those of
 * fields the creator changed (the field itself, or a list or object it lies in), so a new site's
 * empty required fields are not red before anyone touched them.
 */
export function shownErrors(
  errors: Record<TFieldPath, string>,
  touched: ReadonlySet<TFieldPath>,
  attempted: boolean,
): Record<TFieldPath, string> {
  if (attempted) return errors;
  const isTouched = (key: string) => {
    const parts = key.split('.');
    for (let n = parts.length; n > 0; n--) if (touched.has(parts.slice(0, n).join('.'))) return true;
    return false;
  };
  return Object.fromEntries(Object.entries(errors).filter(([key]) => isTouched(key)));
}

/** How many errors lie under a path prefix (a tab, a page), to badge it. */
export const errorsUnder = (errors: Record<string, string>, prefix: string) =>
  Object.keys(errors).filter((k) => k === prefix || k.startsWith(`${prefix}.`)).length;

/** Sets the value at `path` in a copy of `doc` (arrays and objects are copied along the path). */
export function setIn<T>(doc: T, path: (string | number)[], value: unknown): T {
  if (path.length === 0) return value as T;
  const [head, ...rest] = path;
  if (Array.isArray(doc)) {
    const copy = [...doc];
    copy[head as number] = setIn(copy[head as number], rest, value);
    return copy as T;
  }
  const obj = (doc ?? {}) as Record<string, unknown>;
  return { ...obj, [head as string]: setIn(obj[head as string], rest, value) } as T;
}
