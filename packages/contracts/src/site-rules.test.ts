import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  checkDateRange,
  checkMenuEntries,
  isColour,
  isExternalLink,
  isSafeUserLink,
  isWithinLength,
  LIMIT_FIELD_MAX_CHARS,
  menuNameKey,
  refineDateRange,
  TEXT_MAX,
  zColour,
  zExternalLinkUrl,
  zLimitField,
  zLinkUrl,
  zMenuEntries,
  zText,
  zTextarea,
} from './site-rules';

/** The message of the first issue, or null when the value parses. */
const firstMessage = (schema: z.ZodType, value: unknown): string | null => {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'no issue');
};

describe('text lengths', () => {
  it("has the spec's input limits (50 by default, 20, URL 256, textarea 120, tags 65535)", () => {
    expect(TEXT_MAX).toMatchObject({ default: 50, short: 20, url: 256, textarea: 120, tags: 65535 });
    expect(LIMIT_FIELD_MAX_CHARS).toBe(9);
  });

  it('isWithinLength counts up to the limit inclusive, 50 by default', () => {
    expect(isWithinLength('x'.repeat(50))).toBe(true);
    expect(isWithinLength('x'.repeat(51))).toBe(false);
    expect(isWithinLength('abc', 3)).toBe(true);
    expect(isWithinLength('abcd', 3)).toBe(false);
  });

  describe('zText', () => {
    it('accepts 50 characters by default and refuses 51', () => {
      expect(firstMessage(zText(), 'x'.repeat(50))).toBeNull();
      expect(firstMessage(zText(), 'x'.repeat(51))).toBe('common.tooLong');
    });

    it('takes a custom maximum', () => {
      expect(firstMessage(zText(20), 'x'.repeat(20))).toBeNull();
      expect(firstMessage(zText(20), 'x'.repeat(21))).toBe('common.tooLong');
    });

    it('trims before measuring and returns the trimmed text', () => {
      expect(zText(5).parse('  hello  ')).toBe('hello');
    });

    it('is required unless optional', () => {
      expect(firstMessage(zText(), '')).toBe('common.required');
      expect(firstMessage(zText(), '   ')).toBe('common.required');
      expect(firstMessage(zText(), undefined)).toBe('common.required');
      expect(firstMessage(zText(), 42)).toBe('common.required');
      expect(firstMessage(zText(50, { optional: true }), '')).toBeNull();
      expect(firstMessage(zText(50, { optional: true }), 'x'.repeat(51))).toBe('common.tooLong');
    });
  });

  describe('zTextarea', () => {
    it('holds at most 120 characters', () => {
      expect(firstMessage(zTextarea(), 'x'.repeat(120))).toBeNull();
      expect(firstMessage(zTextarea(), 'x'.repeat(121))).toBe('common.tooLong');
    });

    it('is required unless optional', () => {
      expect(firstMessage(zTextarea(), '')).toBe('common.required');
      expect(firstMessage(zTextarea({ optional: true }), '')).toBeNull();
    });
  });

  describe('zLimitField', () => {
    it('accepts a whole number of up to 9 digits, trimmed', () => {
      expect(zLimitField().parse('123456789')).toBe('123456789');
      expect(zLimitField().parse(' 42 ')).toBe('42');
      expect(firstMessage(zLimitField(), '0')).toBeNull();
    });

    it('refuses 10 characters or more', () => {
      expect(firstMessage(zLimitField(), '1234567890')).toBe('sites.limitTooLong');
    });

    it('refuses anything but digits', () => {
      expect(firstMessage(zLimitField(), '12a')).toBe('sites.limitDigits');
      expect(firstMessage(zLimitField(), '-5')).toBe('sites.limitDigits');
      expect(firstMessage(zLimitField(), '1.5')).toBe('sites.limitDigits');
      expect(firstMessage(zLimitField(), '1 000')).toBe('sites.limitDigits');
    });

    it('is required', () => {
      expect(firstMessage(zLimitField(), '')).toBe('common.required');
      expect(firstMessage(zLimitField(), '  ')).toBe('common.required');
    });
  });
});

describe('colours', () => {
  describe('isColour: hex', () => {
    it('accepts 3 and 6 hex digits in either case', () => {
      for (const v of ['#fff', '#FFF', '#a1B', '#000000', '#FFAA00', '#c0ffee'])
        expect(isColour(v)).toBe(true);
    });

    it('refuses other lengths, non-hex digits and a missing #', () => {
      for (const v of ['#ff', '#ffff', '#fffff', '#fffffff', '#ggg', 'fff', 'ffffff', '#', ''])
        expect(isColour(v), v).toBe(false);
    });

    it('does not trim', () => {
      expect(isColour(' #fff')).toBe(false);
    });
  });

  describe('isColour: rgb and rgba', () => {
    it('accepts integer channels 0 to 255 with optional spaces, in either case', () => {
      expect(isColour('rgb(0,0,0)')).toBe(true);
      expect(isColour('rgb(255, 255, 255)')).toBe(true);
      expect(isColour('rgb( 12 , 34 , 56 )')).toBe(true);
      expect(isColour('RGB(1,2,3)')).toBe(true);
    });

    it('refuses channels out of range or fractional', () => {
      expect(isColour('rgb(256,0,0)')).toBe(false);
      expect(isColour('rgb(-1,0,0)')).toBe(false);
      expect(isColour('rgb(1.5,0,0)')).toBe(false);
    });

    it('accepts percentages 0% to 100% on all three channels', () => {
      expect(isColour('rgb(100%, 0%, 50%)')).toBe(true);
      expect(isColour('rgb(12.5%, 0%, 0%)')).toBe(true);
      expect(isColour('rgb(101%, 0%, 0%)')).toBe(false);
    });

    it('refuses mixed numbers and percentages among the channels', () => {
      expect(isColour('rgb(100%, 0, 0)')).toBe(false);
      expect(isColour('rgb(255, 0%, 0)')).toBe(false);
      expect(isColour('rgb(255, 0, 0%)')).toBe(false);
    });

    it('accepts an alpha of 0 to 1 or 0% to 100% on rgba', () => {
      expect(isColour('rgba(0, 0, 0, 0)')).toBe(true);
      expect(isColour('rgba(0, 0, 0, 0.5)')).toBe(true);
      expect(isColour('rgba(0, 0, 0, .5)')).toBe(true);
      expect(isColour('rgba(0, 0, 0, 1)')).toBe(true);
      expect(isColour('rgba(0, 0, 0, 50%)')).toBe(true);
      expect(isColour('rgba(100%, 0%, 0%, 0.25)')).toBe(true);
    });

    it('refuses an alpha out of range', () => {
      expect(isColour('rgba(0, 0, 0, 1.5)')).toBe(false);
      expect(isColour('rgba(0, 0, 0, -0.1)')).toBe(false);
      expect(isColour('rgba(0, 0, 0, 101%)')).toBe(false);
    });

    it('takes exactly three values for rgb and four for rgba', () => {
      expect(isColour('rgb(0, 0, 0, 0.5)')).toBe(false);
      expect(isColour('rgba(0, 0, 0)')).toBe(false);
      expect(isColour('rgb(0, 0)')).toBe(false);
      expect(isColour('rgba(0, 0, 0, 0, 0)')).toBe(false);
    });

    it('refuses the space syntax, empty values and units', () => {
      expect(isColour('rgb(0 0 0)')).toBe(false);
      expect(isColour('rgb(0 0 0 / 50%)')).toBe(false);
      expect(isColour('rgb(,0,0)')).toBe(false);
      expect(isColour('rgb(0px,0,0)')).toBe(false);
      expect(isColour('rgb(0,0,0);')).toBe(false);
    });
  });

  describe('isColour: hsl and hsla', () => {
    it('accepts a hue 0 to 360 and saturation/lightness percentages', () => {
      expect(isColour('hsl(0, 0%, 0%)')).toBe(true);
      expect(isColour('hsl(120, 50%, 50%)')).toBe(true);
      expect(isColour('hsl(360, 100%, 100%)')).toBe(true);
      expect(isColour('HSL(210.5, 12.5%, 40%)')).toBe(true);
    });

    it('refuses a hue out of range or in percent', () => {
      expect(isColour('hsl(361, 50%, 50%)')).toBe(false);
      expect(isColour('hsl(-1, 50%, 50%)')).toBe(false);
      expect(isColour('hsl(50%, 50%, 50%)')).toBe(false);
      expect(isColour('hsl(120deg, 50%, 50%)')).toBe(false);
    });

    it('requires percent saturation and lightness within 0% to 100%', () => {
      expect(isColour('hsl(120, 50, 50%)')).toBe(false);
      expect(isColour('hsl(120, 50%, 50)')).toBe(false);
      expect(isColour('hsl(120, 101%, 50%)')).toBe(false);
      expect(isColour('hsl(120, 50%, 100.1%)')).toBe(false);
    });

    it('accepts an alpha on hsla only, within range', () => {
      expect(isColour('hsla(120, 50%, 50%, 0.3)')).toBe(true);
      expect(isColour('hsla(120, 50%, 50%, 100%)')).toBe(true);
      expect(isColour('hsla(120, 50%, 50%, 2)')).toBe(false);
      expect(isColour('hsl(120, 50%, 50%, 0.3)')).toBe(false);
      expect(isColour('hsla(120, 50%, 50%)')).toBe(false);
    });
  });

  it('refuses names and other functions', () => {
    for (const v of ['red', 'transparent', 'hwb(0, 0%, 0%)', 'rgb', 'rgb()', 'url(#fff)'])
      expect(isColour(v), v).toBe(false);
  });

  describe('zColour', () => {
    it('trims and accepts a colour', () => {
      expect(zColour().parse('  #abc  ')).toBe('#abc');
      expect(firstMessage(zColour(), 'rgba(1, 2, 3, 0.4)')).toBeNull();
    });

    it('refuses a non-colour with sites.invalidColour', () => {
      expect(firstMessage(zColour(), 'red')).toBe('sites.invalidColour');
      expect(firstMessage(zColour(), 'rgb(300,0,0)')).toBe('sites.invalidColour');
      expect(firstMessage(zColour({ optional: true }), '#12')).toBe('sites.invalidColour');
    });

    it('is required unless optional', () => {
      expect(firstMessage(zColour(), '')).toBe('common.required');
      expect(firstMessage(zColour(), '   ')).toBe('common.required');
      expect(firstMessage(zColour(), null)).toBe('common.required');
      expect(firstMessage(zColour({ optional: true }), '')).toBeNull();
      expect(firstMessage(zColour({ optional: true }), '  ')).toBeNull();
    });
  });
});

describe('links', () => {
  describe('isSafeUserLink', () => {
    it('refuses a malformed escape instead of throwing', () => {
      for (const link of ['mailto:%', 'tel:%', 'mailto:%E0%A4%A'])
        expect(isSafeUserLink(link), link).toBe(false);
      expect(zLinkUrl().safeParse('mailto:%').error?.issues[0]?.message).toBe('sites.invalidUrl');
    });

    it('accepts absolute http(s) URLs with a host', () => {
      expect(isSafeUserLink('https://example.com')).toBe(true);
      expect(isSafeUserLink('http://example.com/path?q=1#top')).toBe(true);
      expect(isSafeUserLink('HTTPS://EXAMPLE.COM')).toBe(true);
    });

    it('accepts mailto: with an address and tel: with a number', () => {
      expect(isSafeUserLink('mailto:info@example.com')).toBe(true);
      expect(isSafeUserLink('mailto:info@example.com?subject=Hello')).toBe(true);
      expect(isSafeUserLink('tel:+81-3-1234-5678')).toBe(true);
      expect(isSafeUserLink('tel:(03)1234.5678')).toBe(true);
    });

    it('refuses mailto: without an address and tel: without a number', () => {
      expect(isSafeUserLink('mailto:')).toBe(false);
      expect(isSafeUserLink('mailto:info')).toBe(false);
      expect(isSafeUserLink('mailto:a@b@c')).toBe(false);
      expect(isSafeUserLink('tel:12')).toBe(false);
      expect(isSafeUserLink('tel:call-me')).toBe(false);
    });

    it('refuses javascript:, data:, vbscript:, file: and ftp:', () => {
      for (const v of [
        'javascript:alert(1)',
        'JavaScript:alert(1)',
        'data:text/html,<script>alert(1)</script>',
        'data:image/png;base64,AAAA',
        'vbscript:msgbox(1)',
        'file:///etc/passwd',
        'ftp://example.com/file',
      ])
        expect(isSafeUserLink(v), v).toBe(false);
    });

    it('refuses whitespace and control characters anywhere', () => {
      for (const v of [
        'https://exa mple.com',
        ' https://example.com',
        'https://example.com\n',
        'java\tscript:alert(1)',
        'https://example.com/\u0000',
        'https://example.com/\u001f',
        'https://example.com/\u007f',
      ])
        expect(isSafeUserLink(v), JSON.stringify(v)).toBe(false);
    });

    it('refuses relative, scheme-relative and malformed URLs', () => {
      for (const v of ['', 'example.com', '/path', '//example.com', 'https://', 'http://[::1'])
        expect(isSafeUserLink(v), v).toBe(false);
    });
  });

  describe('isExternalLink', () => {
    it('accepts only absolute http(s) URLs', () => {
      expect(isExternalLink('https://example.com/a')).toBe(true);
      expect(isExternalLink('http://example.com')).toBe(true);
      expect(isExternalLink('mailto:info@example.com')).toBe(false);
      expect(isExternalLink('tel:+81312345678')).toBe(false);
      expect(isExternalLink('javascript:alert(1)')).toBe(false);
      expect(isExternalLink('https://example.com /a')).toBe(false);
      expect(isExternalLink('example.com')).toBe(false);
    });
  });

  describe('zLinkUrl', () => {
    it('accepts http, https, mailto and tel, trimmed', () => {
      expect(zLinkUrl().parse('  https://example.com  ')).toBe('https://example.com');
      expect(firstMessage(zLinkUrl(), 'mailto:info@example.com')).toBeNull();
      expect(firstMessage(zLinkUrl(), 'tel:0312345678')).toBeNull();
    });

    it('refuses other schemes with sites.unsafeLinkScheme', () => {
      expect(firstMessage(zLinkUrl(), 'javascript:alert(1)')).toBe('sites.unsafeLinkScheme');
      expect(firstMessage(zLinkUrl(), 'data:text/html,hi')).toBe('sites.unsafeLinkScheme');
      expect(firstMessage(zLinkUrl(), 'ftp://example.com')).toBe('sites.unsafeLinkScheme');
    });

    it('refuses what is not a valid URL with sites.invalidUrl', () => {
      expect(firstMessage(zLinkUrl(), 'example.com')).toBe('sites.invalidUrl');
      expect(firstMessage(zLinkUrl(), 'https://exa mple.com')).toBe('sites.invalidUrl');
      expect(firstMessage(zLinkUrl(), 'https://example.com/\u0000')).toBe('sites.invalidUrl');
      expect(firstMessage(zLinkUrl(), 'mailto:nobody')).toBe('sites.invalidUrl');
      expect(firstMessage(zLinkUrl(), 'https://')).toBe('sites.invalidUrl');
    });

    it('accepts 256 characters and refuses 257', () => {
      const base = 'https://example.com/';
      const url256 = base + 'a'.repeat(256 - base.length);
      expect(url256).toHaveLength(256);
      expect(firstMessage(zLinkUrl(), url256)).toBeNull();
      expect(firstMessage(zLinkUrl(), `${url256}a`)).toBe('common.tooLong');
    });

    it('is required unless optional', () => {
      expect(firstMessage(zLinkUrl(), '')).toBe('common.required');
      expect(firstMessage(zLinkUrl(), '  ')).toBe('common.required');
      expect(firstMessage(zLinkUrl(), undefined)).toBe('common.required');
      expect(firstMessage(zLinkUrl({ optional: true }), '')).toBeNull();
      expect(firstMessage(zLinkUrl({ optional: true }), 'javascript:x')).toBe('sites.unsafeLinkScheme');
    });
  });

  describe('zExternalLinkUrl', () => {
    it('accepts http(s)', () => {
      expect(firstMessage(zExternalLinkUrl(), 'https://example.com/landing')).toBeNull();
    });

    it('refuses other valid URLs with sites.externalLinkHttp', () => {
      expect(firstMessage(zExternalLinkUrl(), 'mailto:info@example.com')).toBe('sites.externalLinkHttp');
      expect(firstMessage(zExternalLinkUrl(), 'tel:0312345678')).toBe('sites.externalLinkHttp');
      expect(firstMessage(zExternalLinkUrl(), 'javascript:alert(1)')).toBe('sites.externalLinkHttp');
    });

    it('refuses invalid URLs with sites.invalidUrl', () => {
      expect(firstMessage(zExternalLinkUrl(), 'www.example.com')).toBe('sites.invalidUrl');
      expect(firstMessage(zExternalLinkUrl(), 'https://example.com/\ta')).toBe('sites.invalidUrl');
    });

    it('limits to 256 characters and is required unless optional', () => {
      expect(firstMessage(zExternalLinkUrl(), `https://example.com/${'a'.repeat(237)}`)).toBe(
        'common.tooLong',
      );
      expect(firstMessage(zExternalLinkUrl(), '')).toBe('common.required');
      expect(firstMessage(zExternalLinkUrl({ optional: true }), '')).toBeNull();
    });
  });
});

describe('date ranges', () => {
  const clock = (iso: string) => () => new Date(iso);

  describe('checkDateRange', () => {
    it('has no issue when no date is given', () => {
      expect(checkDateRange({})).toEqual([]);
      expect(checkDateRange({ startDate: '', endDate: null })).toEqual([]);
    });

    it('requires an end when a start is given', () => {
      expect(checkDateRange({ startDate: '2026-01-01' })).toEqual([
        { path: ['endDate'], message: 'sites.endDateRequired' },
      ]);
      expect(checkDateRange({ startDate: '2026-01-01', endDate: '' })).toEqual([
        { path: ['endDate'], message: 'sites.endDateRequired' },
      ]);
    });

    it('accepts an end alone', () => {
      expect(checkDateRange({ endDate: '2026-01-01' })).toEqual([]);
    });

    it('requires the end strictly after the start', () => {
      expect(checkDateRange({ startDate: '2026-01-01', endDate: '2026-01-02' })).toEqual([]);
      expect(checkDateRange({ startDate: '2026-01-02', endDate: '2026-01-01' })).toEqual([
        { path: ['endDate'], message: 'sites.endBeforeStart' },
      ]);
      expect(checkDateRange({ startDate: '2026-01-01T10:00:00Z', endDate: '2026-01-01T10:00:00Z' })).toEqual([
        { path: ['endDate'], message: 'sites.endBeforeStart' },
      ]);
    });

    it('takes Date objects as well as strings', () => {
      const start = new Date('2026-03-01T00:00:00Z');
      expect(checkDateRange({ startDate: start, endDate: new Date('2026-02-01T00:00:00Z') })).toEqual([
        { path: ['endDate'], message: 'sites.endBeforeStart' },
      ]);
      expect(checkDateRange({ startDate: start, endDate: new Date('2026-04-01T00:00:00Z') })).toEqual([]);
    });

    it('requires the end strictly after the injected clock', () => {
      const now = clock('2026-06-01T12:00:00Z');
      expect(checkDateRange({ endDate: '2026-06-01T12:00:01Z' }, { now })).toEqual([]);
      expect(checkDateRange({ endDate: '2026-06-01T12:00:00Z' }, { now })).toEqual([
        { path: ['endDate'], message: 'sites.endInPast' },
      ]);
      expect(checkDateRange({ startDate: '2026-01-01', endDate: '2026-05-01' }, { now })).toEqual([
        { path: ['endDate'], message: 'sites.endInPast' },
      ]);
    });

    it('skips the "after now" rule without a clock', () => {
      expect(checkDateRange({ endDate: '2000-01-01' })).toEqual([]);
    });

    it('reports only end-before-start when the end is also in the past', () => {
      const now = clock('2026-06-01T00:00:00Z');
      expect(checkDateRange({ startDate: '2026-03-01', endDate: '2026-02-01' }, { now })).toEqual([
        { path: ['endDate'], message: 'sites.endBeforeStart' },
      ]);
    });

    it('reports invalid dates on their own field and nothing else', () => {
      expect(checkDateRange({ startDate: 'not a date', endDate: '2026-01-01' })).toEqual([
        { path: ['startDate'], message: 'common.invalidDate' },
      ]);
      expect(checkDateRange({ startDate: '2026-01-01', endDate: '2026-13-45' })).toEqual([
        { path: ['endDate'], message: 'common.invalidDate' },
      ]);
      expect(checkDateRange({ startDate: 'x', endDate: new Date(Number.NaN) })).toEqual([
        { path: ['startDate'], message: 'common.invalidDate' },
        { path: ['endDate'], message: 'common.invalidDate' },
      ]);
    });

    it('reads custom property names', () => {
      expect(checkDateRange({ from: '2026-02-01', to: '2026-01-01' }, { start: 'from', end: 'to' })).toEqual([
        { path: ['to'], message: 'sites.endBeforeStart' },
      ]);
      expect(checkDateRange({ from: '2026-02-01' }, { start: 'from', end: 'to' })).toEqual([
        { path: ['to'], message: 'sites.endDateRequired' },
      ]);
    });
  });

  describe('refineDateRange', () => {
    const schema = z
      .object({ startDate: z.string().optional(), endDate: z.string().optional() })
      .superRefine(refineDateRange({ now: clock('2026-06-01T00:00:00Z') }));

    it('passes a valid range', () => {
      expect(schema.safeParse({ startDate: '2026-07-01', endDate: '2026-08-01' }).success).toBe(true);
    });

    it('reports the issues on the end field path', () => {
      const result = schema.safeParse({ startDate: '2026-07-01' });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({ path: ['endDate'], message: 'sites.endDateRequired' });
      expect(schema.safeParse({ endDate: '2026-05-01' }).error?.issues[0]).toMatchObject({
        path: ['endDate'],
        message: 'sites.endInPast',
      });
    });
  });
});

describe('global menu entries', () => {
  describe('menuNameKey', () => {
    it('folds width, case and whitespace', () => {
      expect(menuNameKey('  Ｈｏｍｅ　　Ｐａｇｅ ')).toBe('home page');
      expect(menuNameKey('ｶﾀｶﾅ')).toBe('カタカナ');
    });
  });

  describe('checkMenuEntries', () => {
    it('accepts distinct names', () => {
      expect(checkMenuEntries(['Home', 'About', 'Contact'])).toEqual([]);
    });

    it('requires every name, blank ones included', () => {
      expect(checkMenuEntries(['Home', '', '   ', '\u3000'])).toEqual([
        { path: [1, 'name'], message: 'sites.itemRequired' },
        { path: [2, 'name'], message: 'sites.itemRequired' },
        { path: [3, 'name'], message: 'sites.itemRequired' },
      ]);
    });

    it('reports duplicates ignoring case, on every repeat after the first', () => {
      expect(checkMenuEntries(['Home', 'HOME', 'About', 'home'])).toEqual([
        { path: [1, 'name'], message: 'sites.menuDuplicate' },
        { path: [3, 'name'], message: 'sites.menuDuplicate' },
      ]);
    });

    it('treats full-width and half-width forms as the same (NFKC)', () => {
      expect(checkMenuEntries(['News', 'Ｎｅｗｓ'])).toEqual([
        { path: [1, 'name'], message: 'sites.menuDuplicate' },
      ]);
      expect(checkMenuEntries(['カタカナ', 'ｶﾀｶﾅ'])).toEqual([
        { path: [1, 'name'], message: 'sites.menuDuplicate' },
      ]);
      expect(checkMenuEntries(['Item 1', 'Item １'])).toEqual([
        { path: [1, 'name'], message: 'sites.menuDuplicate' },
      ]);
    });

    it('ignores surrounding and repeated whitespace', () => {
      expect(checkMenuEntries(['Our Shop', '  our   shop ', 'our\u3000shop'])).toEqual([
        { path: [1, 'name'], message: 'sites.menuDuplicate' },
        { path: [2, 'name'], message: 'sites.menuDuplicate' },
      ]);
    });

    it('keeps names with different inner letters apart', () => {
      expect(checkMenuEntries(['OurShop', 'Our Shop'])).toEqual([]);
    });

    it('puts issues on a custom field', () => {
      expect(checkMenuEntries(['a', 'A'], 'label')).toEqual([
        { path: [1, 'label'], message: 'sites.menuDuplicate' },
      ]);
    });
  });

  describe('zMenuEntries', () => {
    const schema = zMenuEntries({ url: z.string() });

    it('accepts distinct named entries with the extra fields', () => {
      expect(
        schema.parse([
          { name: 'Home', url: '/a' },
          { name: 'About', url: '/b' },
        ]),
      ).toEqual([
        { name: 'Home', url: '/a' },
        { name: 'About', url: '/b' },
      ]);
    });

    it('reports a duplicate on the repeated entry name', () => {
      const result = schema.safeParse([
        { name: 'Home', url: '/a' },
        { name: 'ｈｏｍｅ ', url: '/b' },
      ]);
      expect(result.error?.issues[0]).toMatchObject({ path: [1, 'name'], message: 'sites.menuDuplicate' });
    });

    it('requires a name', () => {
      expect(firstMessage(zMenuEntries(), [{ name: '' }])).toBe('sites.itemRequired');
      expect(firstMessage(zMenuEntries(), [{}])).toBe('sites.itemRequired');
    });

    it('limits a name to 50 characters', () => {
      expect(firstMessage(zMenuEntries(), [{ name: 'x'.repeat(50) }])).toBeNull();
      expect(firstMessage(zMenuEntries(), [{ name: 'x'.repeat(51) }])).toBe('common.tooLong');
    });
  });
});
