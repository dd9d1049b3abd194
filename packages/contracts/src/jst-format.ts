import type { TUiLanguage } from './i18n';

// The one way dates and money are written for people: the console's screens, the server's mails,
// CSV exports and invoice PDFs all print through these functions. The product's days are
// Japan's: an instant is always read in Japan time (UTC+9, no daylight saving), never in the
// zone of the machine or browser, so nothing here calls a local-time Date getter. Dates follow
// the spec's "Y/m/d and variants" in the UI language; yen has separators and no decimals.

export const JST_TIME_ZONE = 'Asia/Tokyo';
export const JST_OFFSET_MS = 9 * 3_600_000;

const LOCALES: Record<TUiLanguage, string> = { en: 'en-US', ja: 'ja-JP', cn: 'zh-CN', kr: 'ko-KR' };
/** The published pages' html languages (ja, en, ko, zh) name the same four. */
const HTML_LANGS: Record<string, TUiLanguage> = { ko: 'kr', zh: 'cn' };

/** The BCP 47 locale of a UI language, or of a published page's html language (Japanese for anything else). */
export const localeOf = (lang: string) => LOCALES[(HTML_LANGS[lang] ?? lang) as TUiLanguage] ?? 'ja-JP';

type TInstant = Date | string | number;

const timeOf = (instant: TInstant) =>
  instant instanceof Date ? instant.getTime() : new Date(instant).getTime();

/** The calendar day (YYYY-MM-DD) in Japan of an instant; '' when it is not one. */
export function jstDay(instant: TInstant): string {
  const time = timeOf(instant);
  return Number.isNaN(time) ? '' : new Date(time + JST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The month (YYYY-MM) in Japan of an instant; '' when it is not one. */
export const jstMonthOf = (instant: TInstant) => jstDay(instant).slice(0, 7);

/** The last calendar day (YYYY-MM-DD) of a month (YYYY-MM): calendar arithmetic, no zone read. */
export function lastDayOfMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/** The calendar day (YYYY-MM-DD) `n` days after `day`: calendar arithmetic, no zone read. */
export const addDays = (day: string, n: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const CALENDAR_MONTH = /^(\d{4})-(\d{2})$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T/;

/**
 * The calendar day a value names: a date (YYYY-MM-DD) is itself, an instant (a Date, or an ISO
 * time with its zone: a bill issued at 00:00 JST is 15:00 UTC the day before) is its day in
 * Japan. Null when it is neither.
 */
function dayOf(value: TInstant): { year: number; month: number; day: number } | null {
  let text: string;
  if (value instanceof Date || typeof value === 'number') text = jstDay(value);
  else if (INSTANT.test(value) && !Number.isNaN(Date.parse(value))) text = jstDay(value);
  else text = value;
  const m = CALENDAR_DAY.exec(text);
  return m ? { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) } : null;
}

type TDateInput = TInstant | null | undefined;

/** Formats a calendar day at UTC midnight in UTC, so that no zone moves it. */
function formatDay(value: TDateInput, lang: string, parts: Intl.DateTimeFormatOptions): string {
  if (value === null || value === undefined || value === '') return '';
  const day = dayOf(value);
  if (!day) return String(value);
  const utc = new Date(Date.UTC(day.year, day.month - 1, day.day));
  return new Intl.DateTimeFormat(localeOf(lang), { year: 'numeric', ...parts, timeZone: 'UTC' }).format(utc);
}

/** A date in the UI language: Nov 1, 2026 / 2026年11月1日 / 2026年11月1日 / 2026년 11월 1일. */
export const formatDate = (date: TDateInput, lang: string) =>
  formatDay(date, lang, { month: 'short', day: 'numeric' });

/** A date written out, for mails and invoices: November 1, 2026 / 2026年11月1日 / 2026년 11월 1일. */
export const formatLongDate = (date: TDateInput, lang: string) =>
  formatDay(date, lang, { month: 'long', day: 'numeric' });

/** A day of the year without its year, for texts that name a near date: December 31 / 12月31日 / 12월 31일. */
export const formatMonthDay = (date: TDateInput, lang: string) =>
  formatDay(date, lang, { year: undefined, month: 'long', day: 'numeric' });

/** The compact form for tables: 2026/11/01 (ja, cn), 11/01/2026 (en), 2026. 11. 01. (kr). */
export const formatShortDate = (date: TDateInput, lang: string) =>
  formatDay(date, lang, { month: '2-digit', day: '2-digit' });

/** A month (YYYY-MM, or any date or instant in it) in the UI language: November 2026 / 2026年11月 / 2026년 11월. */
export function formatMonth(month: TDateInput, lang: string): string {
  if (month === null || month === undefined || month === '') return '';
  const m = typeof month === 'string' ? CALENDAR_MONTH.exec(month) : null;
  if (m) {
    const n = Number(m[2]);
    if (n < 1 || n > 12) return month as string;
    return formatDay(`${m[1]}-${m[2]}-01`, lang, { month: 'long' });
  }
  return formatDay(month, lang, { month: 'long' });
}

/** An instant in Japan time (unless told another zone) and the UI language: Nov 1, 2026, 09:00 AM / 2026年11月1日 09:00. */
export function formatDateTime(
  instant: TDateInput,
  lang: string,
  timeZone = JST_TIME_ZONE,
  seconds = false,
): string {
  if (instant === null || instant === undefined || instant === '') return '';
  const time = timeOf(instant);
  if (Number.isNaN(time)) return String(instant);
  return new Intl.DateTimeFormat(localeOf(lang), {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    ...(seconds ? { second: '2-digit' } : {}),
    timeZone,
  }).format(time);
}

/** The time of an instant in Japan, hours and minutes in the UI language ("Saved at 12:03"). */
export const formatJstTime = (instant: TInstant, lang: string) =>
  new Intl.DateTimeFormat(localeOf(lang), {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: JST_TIME_ZONE,
  }).format(timeOf(instant));

// --- exports read by spreadsheets: one form in every language -----------------------------------

/** A date cell of a CSV export, Y/m/d in Japan: 2026/11/01 ('' when there is none). */
export function formatCsvDate(date: TDateInput): string {
  if (date === null || date === undefined || date === '') return '';
  const day = dayOf(date);
  if (!day) return String(date);
  return `${day.year}/${String(day.month).padStart(2, '0')}/${String(day.day).padStart(2, '0')}`;
}

/** A date-time cell of a CSV export, Y/m/d H:i in Japan: 2026/11/01 09:05 ('' when there is none). */
export function formatCsvDateTime(instant: TDateInput): string {
  if (instant === null || instant === undefined || instant === '') return '';
  const time = timeOf(instant);
  if (Number.isNaN(time)) return String(instant);
  const jst = new Date(time + JST_OFFSET_MS).toISOString();
  return `${jst.slice(0, 10).replace(/-/g, '/')} ${jst.slice(11, 16)}`;
}

/** A month cell of a CSV export (YYYY-MM): 2026/11. */
export const formatCsvMonth = (month: string | null | undefined) =>
  month && CALENDAR_MONTH.test(month) ? month.replace('-', '/') : (month ?? '');

// --- numbers and money ----------------------------------------------------------------------------

const YEN = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Yen rounded to whole yen, with separators and the sign first in every language: ¥1,234,567 (negative: -¥1,000). */
export function formatYen(amount: number, _lang?: string): string {
  const rounded = Math.round(amount);
  return `${rounded < 0 ? '-' : ''}¥${YEN.format(Math.abs(rounded))}`;
}

/** A count with the UI language's separators: 1,234. */
export const formatCount = (n: number, lang: string) => new Intl.NumberFormat(localeOf(lang)).format(n);
