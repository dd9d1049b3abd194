import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { UI_LANGUAGES } from './i18n';
import { MESSAGE_CATALOGUES, toMessageKey, translate } from './messages';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

// Every `<domain>-messages.ts` beside this file, with what it exports.
const catalogueFiles = readdirSync(new URL('.', import.meta.url)).filter((f) => f.endsWith('-messages.ts'));

describe('message catalogue', () => {
  it('merges every *-messages.ts file of the contracts', async () => {
    const listed = new Set<object>(Object.values(MESSAGE_CATALOGUES));
    expect(catalogueFiles.length).toBe(listed.size - 1);
    for (const file of catalogueFiles) {
      const exported = Object.values(await import(/* @vite-ignore */ new URL(file, import.meta.url).href));
      expect(exported.length, file).toBe(1);
      expect(listed.has(exported[0] as object), `${file} is not in MESSAGE_CATALOGUES`).toBe(true);
    }
  });

  it('never defines a key twice (a later catalogue would silently win)', () => {
    const seen = new Map<string, string>();
    for (const [name, messages] of Object.entries(MESSAGE_CATALOGUES))
      for (const key of Object.keys(messages)) {
        expect(seen.get(key), `${key} in ${name}`).toBeUndefined();
        seen.set(key, name);
      }
  });

  it.each(Object.entries(MESSAGE_CATALOGUES))(
    '%s: every key in en, ja, cn and kr, non-empty, with the same placeholders',
    (_name, messages) => {
      expect(Object.keys(messages).length).toBeGreaterThan(0);
      for (const [key, entry] of Object.entries(messages) as [string, Record<string, string>][]) {
        expect(Object.keys(entry).sort(), key).toEqual([...UI_LANGUAGES].sort());
        for (const lang of UI_LANGUAGES) {
          expect(entry[lang]?.trim(), `${key} (${lang})`).not.toBe('');
          expect(placeholders(entry[lang] ?? ''), `${key} (${lang})`).toEqual(placeholders(entry.en ?? ''));
        }
      }
    },
  );

  const prefixes: Record<string, string[]> = {
    users: ['users'],
    plans: ['plans'],
    admins: ['admins'],
    profile: ['profile'],
    userImport: ['userImport'],
    apiAccess: ['apiAccess'],
    sites: ['sites'],
    zipUpload: ['zipUpload'],
    preview: ['preview'],
    visitors: ['visitors', 'surveys'],
    submissions: ['submissions'],
  };
  it.each(Object.entries(prefixes))('keeps the %s keys under their own prefix', (name, own) => {
    const messages = MESSAGE_CATALOGUES[name as keyof typeof MESSAGE_CATALOGUES];
    for (const key of Object.keys(messages))
      expect(
        own.some((p) => key.startsWith(`${p}.`)),
        key,
      ).toBe(true);
  });

  it('translates with parameters; a non-key is a type error and reads as itself', () => {
    expect(translate('common.tooLong', 'en', { max: 50 })).toBe('Please enter at most 50 characters.');
    // @ts-expect-error only catalogue keys are accepted
    expect(translate('Plain text', 'ja')).toBe('Plain text');
    expect(translate(toMessageKey('users.emailTaken'), 'en')).toBe(translate('users.emailTaken', 'en'));
    expect(toMessageKey('Plain text')).toBe('common.invalid');
    expect(toMessageKey('auth.requestPasswordResetSent', 'common.required')).toBe('common.required');
  });
});
