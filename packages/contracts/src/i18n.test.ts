import { describe, expect, it } from 'vitest';
import { parseAcceptLanguage } from './i18n';

describe('parseAcceptLanguage', () => {
  it('defaults to ja', () => {
    expect(parseAcceptLanguage(undefined)).toBe('ja');
    expect(parseAcceptLanguage('fr-FR')).toBe('ja');
  });
  it('accepts the product codes and the standard tags', () => {
    expect(parseAcceptLanguage('en')).toBe('en');
    expect(parseAcceptLanguage('cn')).toBe('cn');
    expect(parseAcceptLanguage('zh-CN,zh;q=0.9')).toBe('cn');
    expect(parseAcceptLanguage('ko-KR')).toBe('kr');
    expect(parseAcceptLanguage('fr;q=1, en;q=0.5, kr;q=0.8')).toBe('kr');
  });
});
