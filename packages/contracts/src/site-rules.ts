import { z } from 'zod';
import type { TMessageKey } from './messages';

// Pure validation rules of the site editor, shared by the server and the
// console. Issue messages are catalogue keys (sites-messages.ts, or common.* for generic ones).
// Grid/coordinates, SEO and upload rules live in site-grid-rules.ts, site-seo-rules.ts and
// site-upload-rules.ts.

// ---------------------------------------------------------------------------------------------
// Text lengths (default 50; URLs 256; textareas 120). Lengths count UTF-16 units, like Zod's .max().

export const TEXT_MAX = {
  /** Any text input without a more specific limit. */
  default: 50,
  short: 20,
  seoTitle: 60,
  seoH1: 70,
  seoDescription: 160,
  url: 256,
  /** SEO head and body tags (the UI label of the original said 65355; the real limit is 65535). */
  tags: 65535,
  textarea: 120,
} as const;

/** The popup CTA "limit" field takes fewer than 10 characters. */
export const LIMIT_FIELD_MAX_CHARS = 9;

export const isWithinLength = (text: string, max: number = TEXT_MAX.default): boolean => text.length <= max;

/** A text input: `max` characters (default 50), trimmed; required unless `optional`. */
export function zText(max: number = TEXT_MAX.default, options: { optional?: boolean } = {}) {
  const base = z.string('common.required').trim().max(max, 'common.tooLong');
  return options.optional ? base : base.min(1, 'common.required');
}

/** A textarea holds at most 120 characters. */
export const zTextarea = (options: { optional?: boolean } = {}) => zText(TEXT_MAX.textarea, options);

/** The popup CTA limit: a whole number typed in a field of fewer than 10 characters. */
export const zLimitField = () =>
  z
    .string('common.required')
    .trim()
    .min(1, 'common.required')
    .max(LIMIT_FIELD_MAX_CHARS, 'sites.limitTooLong')
    .regex(/^\d+$/, 'sites.limitDigits');

// ---------------------------------------------------------------------------------------------
// Colour codes: #rgb, #rrggbb, rgb(r, g, b), rgba(r, g, b, a), hsl(h, s%, l%),
// hsla(h, s%, l%, a). Comma syntax only, which is what the colour pickers produce.

const NUM = String.raw`\s*([+-]?(?:\d+\.?\d*|\.\d+))(%?)\s*`;
const FUNCTION_COLOUR = new RegExp(String.raw`^(rgba?|hsla?)\((${NUM}(?:,${NUM}){2,3})\)$`, 'i');
const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

type TPart = { value: number; percent: boolean };

function parseParts(inner: string): TPart[] | null {
  const parts: TPart[] = [];
  for (const raw of inner.split(',')) {
    const m = /^\s*([+-]?(?:\d+\.?\d*|\.\d+))(%?)\s*$/.exec(raw);
    if (!m) return null;
    parts.push({ value: Number(m[1]), percent: m[2] === '%' });
  }
  return parts;
}

const inRange = (v: number, min: number, max: number) => Number.isFinite(v) && v >= min && v <= max;
/** Alpha: 0 to 1, or 0% to 100%. */
const isAlpha = (p: TPart) => (p.percent ? inRange(p.value, 0, 100) : inRange(p.value, 0, 1));
/** An rgb channel: an integer 0 to 255, or 0% to 100%. */
const isChannel = (p: TPart) =>
  p.percent ? inRange(p.value, 0, 100) : Number.isInteger(p.value) && inRange(p.value, 0, 255);

/** Whether `value` is a colour code the editor accepts (hex 3/6 digits, rgb(a), hsl(a)). */
export function isColour(value: string): boolean {
  if (HEX_COLOUR.test(value)) return true;
  const m = FUNCTION_COLOUR.exec(value);
  if (!m) return false;
  const fn = m[1]!.toLowerCase();
  const parts = parseParts(m[2]!);
  if (!parts) return false;
  // rgb/hsl take three values, rgba/hsla four (the legacy forms, kept strict on purpose).
  if (parts.length !== (fn.endsWith('a') ? 4 : 3)) return false;
  const alphaOk = parts.length === 3 || isAlpha(parts[3]!);
  if (fn.startsWith('rgb')) {
    const channels = parts.slice(0, 3);
    // CSS forbids mixing numbers and percentages among the three channels.
    const mixed = channels.some((p) => p.percent !== channels[0]!.percent);
    return !mixed && channels.every(isChannel) && alphaOk;
  }
  const [h, s, l] = parts as [TPart, TPart, TPart];
  return (
    !h.percent &&
    inRange(h.value, 0, 360) &&
    s.percent &&
    l.percent &&
    inRange(s.value, 0, 100) &&
    inRange(l.value, 0, 100) &&
    alphaOk
  );
}

/** A colour field (trimmed); required unless `optional` (then '' is accepted). */
export function zColour(options: { optional?: boolean } = {}) {
  const base = z.string('common.required').trim();
  if (options.optional) return base.refine((v) => v === '' || isColour(v), 'sites.invalidColour');
  return base.min(1, 'common.required').refine(isColour, 'sites.invalidColour');
}

// ---------------------------------------------------------------------------------------------
// Links: user links only http, https, mailto and tel (no javascript:); at most 256, valid URLs.

export const USER_LINK_SCHEMES = ['http:', 'https:', 'mailto:', 'tel:'] as const;
export const EXTERNAL_LINK_SCHEMES = ['http:', 'https:'] as const;

// Whitespace or control characters make browsers and servers disagree about a URL: refuse them.
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
const UNSAFE_CHARS = /[\s\u0000-\u001f\u007f]/;

function parseUrl(value: string): URL | null {
  if (!value || UNSAFE_CHARS.test(value)) return null;
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

const isWebUrl = (url: URL) => EXTERNAL_LINK_SCHEMES.includes(url.protocol as 'http:') && url.hostname !== '';

/** A link a visitor may follow: absolute http(s) with a host, mailto: with an address, tel: with a number. */
export function isSafeUserLink(value: string): boolean {
  const url = parseUrl(value);
  if (!url) return false;
  // A malformed escape ('mailto:%') is not a link, and must not throw out of a validator.
  let target: string;
  try {
    target = decodeURIComponent(url.pathname);
  } catch {
    return false;
  }
  if (url.protocol === 'mailto:') return /^[^@\s]+@[^@\s]+$/.test(target);
  if (url.protocol === 'tel:') return /^\+?[0-9().\- ]{3,}$/.test(target);
  return isWebUrl(url);
}

/** Only absolute http(s) URLs (external link buttons, company website...). */
export function isExternalLink(value: string): boolean {
  const url = parseUrl(value);
  return url !== null && isWebUrl(url);
}

function linkSchema(check: (v: string) => TMessageKey | null, optional: boolean) {
  return z
    .string('common.required')
    .trim()
    .max(TEXT_MAX.url, 'common.tooLong')
    .superRefine((value, ctx) => {
      if (value === '') {
        if (!optional) ctx.addIssue({ code: 'custom', message: 'common.required' });
        return;
      }
      const message = check(value);
      if (message) ctx.addIssue({ code: 'custom', message });
    });
}

/** A user link (http, https, mailto, tel), max 256 characters. */
export const zLinkUrl = (options: { optional?: boolean } = {}) =>
  linkSchema((v) => {
    if (isSafeUserLink(v)) return null;
    const url = parseUrl(v);
    return url && !USER_LINK_SCHEMES.includes(url.protocol as 'tel:')
      ? 'sites.unsafeLinkScheme'
      : 'sites.invalidUrl';
  }, options.optional ?? false);

/** An external link button's destination: http(s) only, max 256 characters. */
export const zExternalLinkUrl = (options: { optional?: boolean } = {}) =>
  linkSchema((v) => {
    if (isExternalLink(v)) return null;
    return parseUrl(v) ? 'sites.externalLinkHttp' : 'sites.invalidUrl';
  }, options.optional ?? false);

// ---------------------------------------------------------------------------------------------
// Dates: end required if a start is given; end after start; end after now. Shared by the
// popup CTA, campaign and news forms; `now` is injected so the server and tests control the clock.

export type TDateInput = string | Date | null | undefined;

export type TRuleIssue = {
  path: (string | number)[];
  message: TMessageKey;
  params?: Record<string, string | number>;
};

const toDate = (v: TDateInput): Date | null | 'invalid' => {
  if (v === null || v === undefined || v === '') return null;
  const d = v instanceof Date ? v : new Date(v);
  return Number.isNaN(d.getTime()) ? 'invalid' : d;
};

export type TDateRangeOptions = {
  /** Property names of the start and end dates (default startDate / endDate). */
  start?: string;
  end?: string;
  /** The clock; the end must be after it. Leave out `now` to skip the "after now" rule. */
  now?: () => Date;
};

/** The date-range issues of `value`, each on the end (or start) field's path. */
export function checkDateRange(
  value: Record<string, unknown>,
  options: TDateRangeOptions = {},
): TRuleIssue[] {
  const startKey = options.start ?? 'startDate';
  const endKey = options.end ?? 'endDate';
  const start = toDate(value[startKey] as TDateInput);
  const end = toDate(value[endKey] as TDateInput);
  const issues: TRuleIssue[] = [];
  if (start === 'invalid') issues.push({ path: [startKey], message: 'common.invalidDate' });
  if (end === 'invalid') issues.push({ path: [endKey], message: 'common.invalidDate' });
  if (start === 'invalid' || end === 'invalid') return issues;
  if (!end) {
    if (start) issues.push({ path: [endKey], message: 'sites.endDateRequired' });
    return issues;
  }
  if (start && end.getTime() <= start.getTime())
    issues.push({ path: [endKey], message: 'sites.endBeforeStart' });
  else if (options.now && end.getTime() <= options.now().getTime())
    issues.push({ path: [endKey], message: 'sites.endInPast' });
  return issues;
}

/** Reports rule issues on a Zod refinement context (paths relative to the refined value). */
export function addRuleIssues(ctx: z.RefinementCtx, issues: TRuleIssue[]): void {
  for (const issue of issues)
    ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message, params: issue.params });
}

/** `.superRefine(refineDateRange({ now: () => new Date() }))` on an object with startDate/endDate. */
export const refineDateRange =
  (options: TDateRangeOptions = {}) =>
  (value: Record<string, unknown>, ctx: z.RefinementCtx): void =>
    addRuleIssues(ctx, checkDateRange(value, options));

// ---------------------------------------------------------------------------------------------
// Global menu entries: each required and unique, ignoring case, width and whitespace.

/** The form two menu names are compared in: NFKC (full-width = half-width), lower case, single spaces. */
export const menuNameKey = (name: string): string =>
  name.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

/** Issues for the menu names, on `[index, field]` of each offending entry (every repeat after the first). */
export function checkMenuEntries(names: readonly string[], field = 'name'): TRuleIssue[] {
  const seen = new Set<string>();
  const issues: TRuleIssue[] = [];
  names.forEach((name, index) => {
    const key = menuNameKey(name ?? '');
    if (key === '') issues.push({ path: [index, field], message: 'sites.itemRequired' });
    else if (seen.has(key)) issues.push({ path: [index, field], message: 'sites.menuDuplicate' });
    seen.add(key);
  });
  return issues;
}

/** A global menu list: entries `{ name, ... }`, names required (max 50) and unique. */
export function zMenuEntries<T extends z.ZodRawShape>(extra?: T) {
  const entry = z.object({
    name: z.string('sites.itemRequired').max(TEXT_MAX.default, 'common.tooLong'),
    ...extra,
  });
  return z
    .array(entry)
    .superRefine((entries, ctx) =>
      addRuleIssues(ctx, checkMenuEntries(entries.map((e) => e.name as string))),
    );
}
