import type { TUiLanguage } from '@swipe/contracts/i18n';

// The dashboard's money, short and in the words of the UI language: Japanese and Chinese count
// in 万 (10,000) and 億/亿 (100,000,000), Korean in 만 and 억, English in K, M and B. MRR and ARR
// read "51万円" or "¥510K", "6.12億円" or "¥612M": three significant digits, never fewer than the
// whole units (1,235万円, not 1,230万円); the exact yen is shown beside them. Pure, so unit-tested.

const LOCALES: Record<TUiLanguage, string> = { en: 'en-US', ja: 'ja-JP', cn: 'zh-CN', kr: 'ko-KR' };

/** How yen is written around the number: ¥510K, 51万円, 51万日元, 51만 엔. */
const YEN: Record<TUiLanguage, { before: string; after: string }> = {
  en: { before: '¥', after: '' },
  ja: { before: '', after: '円' },
  cn: { before: '', after: '日元' },
  kr: { before: '', after: ' 엔' },
};

const formatters = new Map<string, Intl.NumberFormat>();
function compactNumber(n: number, lang: TUiLanguage) {
  let f = formatters.get(lang);
  if (!f) {
    f = new Intl.NumberFormat(LOCALES[lang], {
      notation: 'compact',
      maximumSignificantDigits: 3,
      maximumFractionDigits: 0,
      // Whichever keeps more: 61.2万 (three significant digits), 1,235万 (every whole 万).
      roundingPriority: 'morePrecision',
      useGrouping: 'always',
    });
    formatters.set(lang, f);
  }
  return f.format(n);
}

/** Yen in the UI language's short form: ¥612K / 61.2万円 / 61.2万日元 / 61.2만 엔. */
export function compactYen(yen: number, lang: string): string {
  const l: TUiLanguage = lang in LOCALES ? (lang as TUiLanguage) : 'ja';
  const sign = yen < 0 ? '-' : '';
  return `${sign}${YEN[l].before}${compactNumber(Math.abs(yen), l)}${YEN[l].after}`;
}

/** A month (YYYY-MM) as the first day (YYYY-MM-DD) the month pickers take, and back. */
export const monthToDay = (month: string) => `${month}-01`;
export const dayToMonth = (day: string) => day.slice(0, 7);
