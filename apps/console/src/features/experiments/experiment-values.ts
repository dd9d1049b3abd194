import type { TExperiment, TGoalButton, TVariation, TVariationOverrides } from '@swipe/contracts/experiments';
import type { TSiteDocument } from '@swipe/contracts/sites';

// The experiments screens' pure parts (tested on their own): a BUTTON goal's select value read
// back (the buttons it may name are the contracts' goalButtonsOf), the figures of the results, what a variation overrides, and where the server's field
// errors of a saved variation show in the variation editor.

export const EXPERIMENTS_POLL_MS = 30_000;

/** What the creator chose to override in the variation editor. */
export type TChosen = { pages: string[]; popupCtas: boolean; forms: boolean };

export function goalButtonOf(value: string | null | undefined): TGoalButton | null {
  const m = /^(LINK|PRODUCT|CTA):(.+)$/.exec(value ?? '');
  return m ? { target: m[1] as TGoalButton['target'], targetId: m[2]! } : null;
}

/** A share (0-1) as a percentage in the UI language: 4.8 %, with `digits` decimals. */
export function formatPercent(share: number, lang: string, digits = 1): string {
  return new Intl.NumberFormat(lang, {
    style: 'percent',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(share);
}

/** The probability of beating the base, never said as a certainty: "<1 %" and ">99 %" at the ends. */
export function formatProbability(p: number | null, lang: string): string {
  if (p === null) return '—';
  if (p > 0.99) return `>${formatPercent(0.99, lang, 0)}`;
  if (p < 0.01) return `<${formatPercent(0.01, lang, 0)}`;
  return formatPercent(p, lang, 0);
}

/**
 * The variation converting best so far, once any visitor converted: the highest rate, the one
 * with more visitors on a tie of rates; none while two lead exactly alike.
 */
export function leadingVariationId(variations: readonly TVariation[]): string | null {
  const ranked = variations
    .filter((v) => v.result.conversions > 0)
    .sort((a, b) => b.result.rate - a.result.rate || b.result.visitors - a.result.visitors);
  const [first, second] = ranked;
  if (!first) return null;
  if (second && second.result.rate === first.result.rate && second.result.visitors === first.result.visitors)
    return null;
  return first.id;
}

/**
 * The share of new visitors a variation gets: the server's while the experiment runs; before it
 * starts, what it will start with (the weights' shares, or an even split for the automatic one).
 */
export function shareOf(e: TExperiment, v: TVariation): number {
  if (e.status === 'RUNNING') return v.share;
  if (e.status === 'ENDED') return 0;
  if (e.allocation === 'AUTO') return 1 / e.variations.length;
  const total = e.variations.reduce((n, x) => n + x.weight, 0);
  return total > 0 ? v.weight / total : 0;
}

/**
 * The share of the experiment's visitors so far that a variation got (what was served, unlike
 * shareOf, which is what new visitors get now); null before any visitor.
 */
export function visitorShareOf(e: TExperiment, v: TVariation): number | null {
  const total = e.variations.reduce((n, x) => n + x.result.visitors, 0);
  return total > 0 ? v.result.visitors / total : null;
}

/** What a variation replaces, as chips: its pages (in the grid's order), then the popups and forms. */
export function overrideChips(
  overrides: TVariationOverrides,
  order: readonly string[] = [],
): { pages: string[]; popupCtas: boolean; forms: boolean } {
  const rank = (c: string) => {
    const i = order.indexOf(c);
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  const pages = [...new Set(overrides.pages.map((p) => p.coordinate))].sort(
    (a, b) => rank(a) - rank(b) || a.localeCompare(b),
  );
  return { pages, popupCtas: overrides.popupCtas !== null, forms: overrides.forms !== null };
}

/** What a saved variation overrides, for the editor to start from (pages the base still has). */
export function chosenOf(base: TSiteDocument, overrides: TVariationOverrides): TChosen {
  const existing = new Set(base.content[base.defaultLanguage]?.creatives.map((c) => c.coordinate) ?? []);
  return {
    pages: overrides.pages.map((p) => p.coordinate).filter((c) => existing.has(c)),
    popupCtas: overrides.popupCtas !== null,
    forms: overrides.forms !== null,
  };
}

/** The active experiment (a draft or running one; at most one), and the ended ones. */
/** The published site's pages in the grid's order (its default language's), none while it loads. */
export const pageOrder = (doc: TSiteDocument | null): string[] =>
  doc?.content[doc.defaultLanguage]?.creatives.map((c) => c.coordinate) ?? [];

export function splitExperiments(list: readonly TExperiment[]) {
  return {
    current: list.find((e) => e.status !== 'ENDED') ?? null,
    past: list.filter((e) => e.status === 'ENDED'),
  };
}

/** Whether an error path of the document lies in what the variation overrides. */
export function inScope(path: string, doc: TSiteDocument, chosen: TChosen): boolean {
  if (path === 'popupCtas' || path.startsWith('popupCtas.')) return chosen.popupCtas;
  const m = /^content\.(\w+)\.(creatives|forms)(?:\.(\d+))?/.exec(path);
  if (!m) return false;
  if (m[2] === 'forms') return chosen.forms;
  const coordinate =
    m[3] === undefined ? undefined : doc.content[m[1] as 'JP']?.creatives[Number(m[3])]?.coordinate;
  return coordinate !== undefined && chosen.pages.includes(coordinate);
}

export const errorsInScope = (errors: Record<string, string>, doc: TSiteDocument, chosen: TChosen) =>
  Object.fromEntries(Object.entries(errors).filter(([path]) => inScope(path, doc, chosen)));

/**
 * The server's field errors of a saved variation as paths of the editor's document: an override's
 * page is found by its coordinate (`overrides.pages.0.creatives.JP.mainText` ->
 * `content.JP.creatives.3.mainText`), the popups and forms by their own paths; a document path
 * (a start's check) is kept. What names no field of the editor is left for a toast.
 */
export function editorErrorsOf(
  fieldErrors: Record<string, string>,
  sent: TVariationOverrides | null,
  doc: TSiteDocument,
): { fields: Record<string, string>; other: string[] } {
  const fields: Record<string, string> = {};
  const other: string[] = [];
  const put = (path: string, message: string) => {
    fields[path] ??= message;
  };
  for (const [field, message] of Object.entries(fieldErrors)) {
    const path = field.replace(/^(document|overrides\.document)\./, '');
    const page = /^overrides\.pages\.(\d+)\.creatives\.(\w+)(?:\.(.*))?$/.exec(path);
    if (page) {
      const coordinate = sent?.pages[Number(page[1])]?.coordinate;
      const lang = page[2] as 'JP';
      const index = doc.content[lang]?.creatives.findIndex((c) => c.coordinate === coordinate) ?? -1;
      if (index >= 0) put(`content.${lang}.creatives.${index}${page[3] ? `.${page[3]}` : ''}`, message);
      else other.push(message);
      continue;
    }
    const popup = /^overrides\.(popupCtas(?:\..*)?)$/.exec(path);
    if (popup) {
      put(popup[1]!, message);
      continue;
    }
    const forms = /^overrides\.forms\.(\w+)(?:\.(.*))?$/.exec(path);
    if (forms) {
      put(`content.${forms[1]}.forms${forms[2] ? `.${forms[2]}` : ''}`, message);
      continue;
    }
    if (/^(content|popupCtas)\./.test(path)) put(path, message);
    else other.push(message);
  }
  return { fields, other };
}

// --- the variation editor's document ------------------------------------------------------------

/** The page `coordinate` as the base has it, in every language (its override switched off). */
export function withBasePage(doc: TSiteDocument, base: TSiteDocument, coordinate: string): TSiteDocument {
  const content = { ...doc.content };
  for (const lang of doc.languages) {
    const own = content[lang];
    const original = base.content[lang]?.creatives.find((c) => c.coordinate === coordinate);
    if (!own || !original) continue;
    content[lang] = {
      ...own,
      creatives: own.creatives.map((c) => (c.coordinate === coordinate ? original : c)),
    };
  }
  return { ...doc, content };
}

/** The base's popup CTAs (their override switched off). */
export const withBasePopups = (doc: TSiteDocument, base: TSiteDocument): TSiteDocument => ({
  ...doc,
  popupCtas: base.popupCtas,
});

/** The base's forms in every language (their override switched off). */
export function withBaseForms(doc: TSiteDocument, base: TSiteDocument): TSiteDocument {
  const content = { ...doc.content };
  for (const lang of doc.languages) {
    const own = content[lang];
    const forms = base.content[lang]?.forms;
    if (own && forms) content[lang] = { ...own, forms };
  }
  return { ...doc, content };
}

/** A comparable form of what a save would send: unsaved changes are a different key. */
export const overridesKey = (overrides: TVariationOverrides) =>
  JSON.stringify({
    ...overrides,
    pages: [...overrides.pages].sort((a, b) => a.coordinate.localeCompare(b.coordinate)),
  });
