import type { TUiLanguage } from '@swipe/contracts/i18n';

// Money, counts and dates in the UI language, shared by the feature pages; kept pure so they
// are unit-tested.

const LOCALES: Record<TUiLanguage, string> = { en: 'en-US', ja: 'ja-JP', cn: 'zh-CN', kr: 'ko-KR' };
const localeOf = (lang: string) => LOCALES[lang as TUiLanguage] ?? 'ja-JP';

/** Yen without decimals, the ¥ sign first in every UI language (prices are JPY). */
export const formatYen = (amount: number, lang: string) =>
  `¥${new Intl.NumberFormat(localeOf(lang), { maximumFractionDigits: 0 }).format(amount)}`;

export const formatCount = (n: number, lang: string) => new Intl.NumberFormat(localeOf(lang)).format(n);

/** The product's days are Japan's: an instant's calendar date there (YYYY-MM-DD). */
const jstDateOf = (instant: Date) => new Date(instant.getTime() + 9 * 3_600_000).toISOString().slice(0, 10);

/**
 * Reads a calendar date (YYYY-MM-DD) as UTC midnight, so that no time zone shifts its day; an
 * instant (an ISO time with its zone: a bill issued at 00:00 JST is 15:00 UTC the day before)
 * is first taken to its day in Japan, whatever the zone of the browser.
 */
function formatCalendarDate(
  date: string | null | undefined,
  lang: string,
  parts: Pick<Intl.DateTimeFormatOptions, 'month' | 'day'>,
): string {
  if (!date) return '';
  if (/^\d{4}-\d{2}-\d{2}T/.test(date) && !Number.isNaN(Date.parse(date))) date = jstDateOf(new Date(date));
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!m) return date;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return new Intl.DateTimeFormat(localeOf(lang), { year: 'numeric', ...parts, timeZone: 'UTC' }).format(d);
}

/** A calendar date (YYYY-MM-DD), or an instant's day in Japan, in the UI language: Dec 1, 2026 / 2026年12月1日. */
export const formatDate = (date: string | null | undefined, lang: string) =>
  formatCalendarDate(date, lang, { month: 'short', day: 'numeric' });

/** The compact form for tables: 2026/12/01, 12/01/2026, 2026. 12. 01. */
export const formatShortDate = (date: string | null | undefined, lang: string) =>
  formatCalendarDate(date, lang, { month: '2-digit', day: '2-digit' });

/** An instant in Japan time (the product's, whatever the browser's zone) and the UI language; `seconds` for logs. */
export function formatDateTime(
  iso: string | null | undefined,
  lang: string,
  timeZone = 'Asia/Tokyo',
  seconds = false,
): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(localeOf(lang), {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    ...(seconds ? { second: '2-digit' } : {}),
    timeZone,
  }).format(d);
}

/** Today's calendar date in Japan (contract dates are JST), as YYYY-MM-DD. */
export const todayJst = (now = new Date()) => jstDateOf(now);

/** Operators read visitor data (submissions, survey answers) in Japan time, as the filters count days. */
export const formatJstDateTime = (iso: string | null | undefined, lang: string, seconds = false) =>
  formatDateTime(iso, lang, 'Asia/Tokyo', seconds);

/** A time of today in Japan, hours and minutes in the UI language ("Saved at 12:03"). */
export const formatJstTime = (date: Date, lang: string) =>
  new Intl.DateTimeFormat(localeOf(lang), {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Asia/Tokyo',
  }).format(date);
