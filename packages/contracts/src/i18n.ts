import { z } from 'zod';
// UI languages of the console and of server messages: default ja, fallback en.
export const UI_LANGUAGES = ['en', 'ja', 'cn', 'kr'] as const;
export type TUiLanguage = (typeof UI_LANGUAGES)[number];
export const ZUiLanguage = z.enum(UI_LANGUAGES);
export const DEFAULT_UI_LANGUAGE: TUiLanguage = 'ja';
export const FALLBACK_UI_LANGUAGE: TUiLanguage = 'en';

const ALIASES: Record<string, TUiLanguage> = {
  en: 'en',
  ja: 'ja',
  jp: 'ja',
  cn: 'cn',
  zh: 'cn',
  kr: 'kr',
  ko: 'kr',
};

/** Picks the first supported language of an Accept-Language header ("ko-KR,en;q=0.8" gives kr). */
export function parseAcceptLanguage(header: string | undefined | null): TUiLanguage {
  if (!header) return DEFAULT_UI_LANGUAGE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q.trim().slice(2)) || 0 : 1, index };
    })
    .filter((x) => x.tag && x.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const lang = ALIASES[tag.split('-')[0] ?? ''];
    if (lang) return lang;
  }
  return DEFAULT_UI_LANGUAGE;
}
