// The dashboard's money in the units SPEC 2 names: MRR in 万円 (10,000 yen), ARR in 億円
// (100,000,000 yen). Pure, so it is unit-tested; the unit's wording comes from the texts.

const LOCALES: Record<string, string> = { en: 'en-US', ja: 'ja-JP', cn: 'zh-CN', kr: 'ko-KR' };

/** Yen as a number of `unit`s with at most `digits` decimals: 123,000 in 万 is "12.3". */
export function inUnits(yen: number, unit: 10_000 | 100_000_000, digits: number, lang: string): string {
  return new Intl.NumberFormat(LOCALES[lang] ?? 'ja-JP', { maximumFractionDigits: digits }).format(
    yen / unit,
  );
}

/** MRR in 万円: one decimal. */
export const manYen = (yen: number, lang: string) => inUnits(yen, 10_000, 1, lang);

/** ARR in 億円: two decimals. */
export const okuYen = (yen: number, lang: string) => inUnits(yen, 100_000_000, 2, lang);

/** A month (YYYY-MM) as the first day (YYYY-MM-DD) the month pickers take, and back. */
export const monthToDay = (month: string) => `${month}-01`;
export const dayToMonth = (day: string) => day.slice(0, 7);
