import { describe, expect, it } from 'vitest';
import cn from './cn.json';
import en from './en.json';
import ja from './ja.json';
import kr from './kr.json';

type Tree = { [key: string]: string | Tree };

const leaves = (tree: Tree, prefix = ''): Map<string, string> => {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
};

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

const featureFiles = import.meta.glob<Tree>('../features/*/i18n/*.json', { eager: true, import: 'default' });
const withFeatures = (lang: string, shell: Tree): Tree => {
  const merged: Tree = { ...shell };
  for (const [file, texts] of Object.entries(featureFiles)) {
    if (!file.endsWith(`/${lang}.json`)) continue;
    for (const key of Object.keys(texts)) expect(merged[key], `${file} redefines ${key}`).toBeUndefined();
    Object.assign(merged, texts);
  }
  return merged;
};

describe('console translations', () => {
  const base = leaves(withFeatures('en', en));
  it.each([
    ['ja', ja],
    ['cn', cn],
    ['kr', kr],
  ])('%s has exactly the English keys, non-empty, with the same placeholders', (_lang, tree) => {
    const other = leaves(withFeatures(_lang, tree as Tree));
    expect([...other.keys()].sort()).toEqual([...base.keys()].sort());
    for (const [key, text] of base) {
      const translated = other.get(key) ?? '';
      expect(translated.trim(), key).not.toBe('');
      expect(placeholders(translated), key).toEqual(placeholders(text));
    }
  });
});
