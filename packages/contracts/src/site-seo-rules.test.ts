import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  checkBodyTags,
  checkHeadTags,
  HEAD_ELEMENTS,
  isSeoDescriptionText,
  isSeoTitleText,
  ZSeoConfig,
  zSeoBodyTags,
  zSeoDescription,
  zSeoH1,
  zSeoHeadTags,
  zSeoTitle,
} from './site-seo-rules';
import { headTagProblem, normalizeHeadTags, readHeadTags } from './site-seo-tags';

/** The message of the first issue, or null when the value parses. */
const firstMessage = (schema: z.ZodType, value: unknown): string | null => {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'no issue');
};

const SCRIPT = '<script src="https://cdn.example.com/tag.js" defer></script>';

describe('title and H1 characters', () => {
  it('accept letters of any script, digits and spaces', () => {
    for (const v of [
      'Swipe Shop 2026',
      '日本語のタイトル',
      'カタカナ と ひらがな',
      '한국어 제목',
      '中文标题',
      'Café crème',
      'Cafe\u0301',
      'Привет мир',
      'タイトル\u3000サブ',
      '',
    ])
      expect(isSeoTitleText(v), v).toBe(true);
  });

  it('accept hyphen, vertical bar, colon, parentheses and brackets, half- and full-width', () => {
    for (const v of [
      'Home - Shop | Sale: (New) [2026]',
      '（新着）［限定］－セール｜店舗：東京',
      '【公式】「春」『夏』',
    ])
      expect(isSeoTitleText(v), v).toBe(true);
  });

  it('refuse underscore and other symbols', () => {
    for (const v of [
      'Hello_World',
      'Sale!',
      'A.B',
      'a, b',
      'a&b',
      '#1',
      '100%',
      'a/b',
      '<b>',
      'a@b',
      'x+y',
      '"q"',
    ])
      expect(isSeoTitleText(v), v).toBe(false);
  });

  it('refuse emoji, including keycaps, variation selectors and joiners', () => {
    for (const v of ['Hi 😀', '★', '☺\uFE0F', '1\uFE0F\u20E3', 'a\u200Db', 'a\uFE0F'])
      expect(isSeoTitleText(v), JSON.stringify(v)).toBe(false);
  });
});

describe('description characters', () => {
  it('accept the title set plus sentence punctuation', () => {
    for (const v of [
      'Hello, world! Is this ok? It’s fine.',
      "Don't wait…",
      '日本語の説明です。新商品、登場！本当？',
      '東京・大阪〜名古屋～福岡‥',
      'Sale: (New) [2026] | Shop - now',
    ])
      expect(isSeoDescriptionText(v), v).toBe(true);
  });

  it('refuse special symbols and emoji', () => {
    for (const v of [
      'a_b',
      '#tag',
      '$5',
      '50%',
      'a & b',
      'a*b',
      'a+b=c',
      '<b>bold</b>',
      '{x}',
      'a/b',
      'a\\b',
      'me@example',
      'a^b',
      '`code`',
      'a~b',
      '"quoted"',
      'a;b',
      'Great 👍',
    ])
      expect(isSeoDescriptionText(v), v).toBe(false);
  });
});

describe('zSeoTitle', () => {
  it('accepts up to 60 characters and the empty value', () => {
    expect(firstMessage(zSeoTitle(), 'a'.repeat(60))).toBeNull();
    expect(firstMessage(zSeoTitle(), '')).toBeNull();
  });

  it('refuses 61 characters', () => {
    expect(firstMessage(zSeoTitle(), 'a'.repeat(61))).toBe('common.tooLong');
  });

  it('refuses leading or trailing whitespace, the ideographic space included', () => {
    expect(firstMessage(zSeoTitle(), ' Title')).toBe('sites.seoSurroundingSpace');
    expect(firstMessage(zSeoTitle(), 'Title ')).toBe('sites.seoSurroundingSpace');
    expect(firstMessage(zSeoTitle(), '\u3000タイトル')).toBe('sites.seoSurroundingSpace');
    expect(firstMessage(zSeoTitle(), ' ')).toBe('sites.seoSurroundingSpace');
  });

  it('refuses other characters with sites.seoTitleChars', () => {
    expect(firstMessage(zSeoTitle(), 'My_Site')).toBe('sites.seoTitleChars');
    expect(firstMessage(zSeoTitle(), 'My Site!')).toBe('sites.seoTitleChars');
    expect(firstMessage(zSeoTitle(), 'My Site 🎉')).toBe('sites.seoTitleChars');
  });

  it('accepts Japanese, Korean and Chinese titles with the allowed symbols', () => {
    expect(firstMessage(zSeoTitle(), '【公式】スワイプ | 東京 - 한국 (中文)')).toBeNull();
  });
});

describe('zSeoH1', () => {
  it('accepts 70 characters and refuses 71', () => {
    expect(firstMessage(zSeoH1(), 'あ'.repeat(70))).toBeNull();
    expect(firstMessage(zSeoH1(), 'あ'.repeat(71))).toBe('common.tooLong');
  });

  it('applies the title rules', () => {
    expect(firstMessage(zSeoH1(), 'Welcome: (Spring) [Sale]')).toBeNull();
    expect(firstMessage(zSeoH1(), 'Welcome.')).toBe('sites.seoTitleChars');
    expect(firstMessage(zSeoH1(), 'Welcome\n')).toBe('sites.seoSurroundingSpace');
  });
});

describe('zSeoDescription', () => {
  it('accepts 160 characters and refuses 161', () => {
    expect(firstMessage(zSeoDescription(), 'a'.repeat(160))).toBeNull();
    expect(firstMessage(zSeoDescription(), 'a'.repeat(161))).toBe('common.tooLong');
  });

  it('refuses surrounding whitespace', () => {
    expect(firstMessage(zSeoDescription(), 'Text. ')).toBe('sites.seoSurroundingSpace');
  });

  it('refuses special symbols with sites.seoDescriptionChars', () => {
    expect(firstMessage(zSeoDescription(), 'Shop now, save 50%!')).toBe('sites.seoDescriptionChars');
    expect(firstMessage(zSeoDescription(), 'Shop now, save half!')).toBeNull();
  });
});

describe('checkHeadTags', () => {
  it('accepts nothing at all', () => {
    expect(checkHeadTags('')).toBeNull();
    expect(checkHeadTags('  \n ')).toBeNull();
  });

  it('accepts the tags a published page writes: meta with name or property and content, link with a listed rel', () => {
    expect(HEAD_ELEMENTS).toEqual(['meta', 'link']);
    const html = [
      '<meta name="viewport" content="width=device-width, initial-scale=1">',
      '<meta name="description" content="Spring sale, every shop.">',
      '<meta property="og:title" content="Swipe | Spring">',
      '<link rel="preconnect" href="https://cdn.example.com">',
      '<link rel="alternate" href="/en">',
      '<!-- analytics -->',
    ].join('\n');
    expect(checkHeadTags(html)).toBeNull();
  });

  it('refuses every tag a page would not write, naming it', () => {
    for (const [html, tag] of [
      ['<script>window.dataLayer = [];</script>', 'script'],
      ['<style>body { color: red; }</style>', 'style'],
      ['<title>My Site</title>', 'title'],
      ['<noscript></noscript>', 'noscript'],
      ['<base href="https://evil.example/">', 'base'],
      ['<div>hi</div>', 'div'],
      ['<meta name="a" content="b"><img src="x.png">', 'img'],
    ])
      expect(headTagProblem(html!), html).toEqual({ message: 'sites.seoHeadTagNotAllowed', params: { tag } });
    expect(checkHeadTags('just some text')).toBe('sites.seoHeadElement');
    expect(checkHeadTags('<html lang="en">')).toBe('sites.seoHeadElement');
  });

  it('refuses meta refreshes and charsets, and links to scripts or javascript: addresses', () => {
    expect(checkHeadTags('<meta http-equiv="refresh" content="0;url=javascript:alert(1)">')).toBe(
      'sites.seoHeadMeta',
    );
    expect(checkHeadTags('<meta charset="utf-8">')).toBe('sites.seoHeadMeta');
    expect(checkHeadTags('<meta name="robots">')).toBe('sites.seoHeadMeta');
    expect(checkHeadTags('<link rel="alternate" href="javascript:alert(1)">')).toBe('sites.seoHeadLink');
    expect(checkHeadTags('<link rel="stylesheet" href="https://cdn.example.com/a.css">')).toBe(
      'sites.seoHeadLink',
    );
    expect(checkHeadTags('<link rel="preconnect" href="http://cdn.example.com">')).toBe('sites.seoHeadLink');
    expect(checkHeadTags('<link rel="preconnect" href="//cdn.example.com">')).toBe('sites.seoHeadLink');
  });

  it('refuses event handlers', () => {
    expect(checkHeadTags('<link rel="preconnect" href="https://x.example/a" onload="go()">')).toBe(
      'sites.seoEventHandler',
    );
  });

  it('checks the texts meant for people', () => {
    expect(checkHeadTags('<meta name="description" content="a_b">')).toBe('sites.seoHeadText');
    expect(checkHeadTags('<meta name="Keywords" content="shoes; bags">')).toBe('sites.seoHeadText');
    expect(checkHeadTags('<meta property="og:description" content="50% off">')).toBe('sites.seoHeadText');
    expect(checkHeadTags('<meta name="twitter:title" content="Hi 😀">')).toBe('sites.seoHeadText');
    // Machine-read meta values are not texts for people.
    expect(checkHeadTags('<meta name="robots" content="noindex, nofollow_x">')).toBeNull();
  });

  it('stores the tags as the page writes them, and the viewer writes the same', () => {
    const typed = '<!-- seo -->\n<META NAME="robots" CONTENT="noindex">  <link href="/en" rel="alternate">';
    expect(normalizeHeadTags(typed)).toBe(
      '<meta name="robots" content="noindex">\n<link rel="alternate" href="/en">',
    );
    expect(readHeadTags(typed)).toEqual({
      tags: [
        { tag: 'meta', attrs: { name: 'robots', content: 'noindex' } },
        { tag: 'link', attrs: { rel: 'alternate', href: '/en' } },
      ],
    });
    // Tags stored before these rules: the valid ones are kept one by one.
    expect(readHeadTags('<script>x()</script><meta name="a" content="b">', { skipInvalid: true })).toEqual({
      tags: [{ tag: 'meta', attrs: { name: 'a', content: 'b' } }],
    });
  });

  it('refuses more than 65535 characters', () => {
    const comment = (n: number) => `<!--${'x'.repeat(n - 7)}-->`;
    expect(comment(65535)).toHaveLength(65535);
    expect(checkHeadTags(comment(65535))).toBeNull();
    expect(checkHeadTags(comment(65536))).toBe('common.tooLong');
  });
});

describe('checkBodyTags', () => {
  it('accepts nothing, or external deferred scripts', () => {
    expect(checkBodyTags('')).toBeNull();
    expect(checkBodyTags(SCRIPT)).toBeNull();
    expect(
      checkBodyTags(`${SCRIPT}\n<script src="https://x.example/b.js" defer="defer"></script>`),
    ).toBeNull();
    // A page loads scripts over https only: what it would drop is refused.
    expect(checkBodyTags('<script src="http://x.example/b.js" defer></script>')).toBe(
      'sites.seoBodyScriptSrc',
    );
    expect(checkBodyTags(`<!-- tag -->\n${SCRIPT}`)).toBeNull();
  });

  it('refuses other elements and stray text', () => {
    expect(checkBodyTags('<div>hi</div>')).toBe('sites.seoBodyScriptsOnly');
    expect(checkBodyTags('<img src="x" onerror="alert(1)">')).toBe('sites.seoBodyScriptsOnly');
    expect(checkBodyTags(`hello ${SCRIPT}`)).toBe('sites.seoBodyScriptsOnly');
    expect(checkBodyTags('<noscript></noscript>')).toBe('sites.seoBodyScriptsOnly');
    expect(checkBodyTags('<body onload="go()">')).toBe('sites.seoBodyScriptsOnly');
  });

  it('refuses inline code', () => {
    expect(checkBodyTags('<script>console.log(1)</script>')).toBe('sites.seoBodyInlineCode');
    expect(checkBodyTags('<script src="https://x.example/a.js" defer>alert(1)</script>')).toBe(
      'sites.seoBodyInlineCode',
    );
  });

  it('refuses eval, setTimeout and setInterval anywhere, even entity-encoded in a URL', () => {
    expect(checkBodyTags('<script>eval("1")</script>')).toBe('sites.seoForbiddenCall');
    expect(checkBodyTags('<script>setTimeout(f, 1)</script>')).toBe('sites.seoForbiddenCall');
    expect(checkBodyTags('<script>setInterval(f, 1)</script>')).toBe('sites.seoForbiddenCall');
    expect(checkBodyTags('<script src="https://x.example/a.js?cb=setTimeout" defer></script>')).toBe(
      'sites.seoForbiddenCall',
    );
    expect(checkBodyTags('<script src="https://x.example/ev&#97;l.js" defer></script>')).toBe(
      'sites.seoForbiddenCall',
    );
  });

  it('does not mistake longer words for the forbidden calls', () => {
    expect(checkBodyTags('<script src="https://x.example/evaluate.js" defer></script>')).toBeNull();
  });

  it('refuses event handlers', () => {
    expect(checkBodyTags('<script src="https://x.example/a.js" defer onload="go()"></script>')).toBe(
      'sites.seoEventHandler',
    );
  });

  it('requires an absolute http(s) src', () => {
    expect(checkBodyTags('<script defer></script>')).toBe('sites.seoBodyScriptSrc');
    expect(checkBodyTags('<script src="/local.js" defer></script>')).toBe('sites.seoBodyScriptSrc');
    expect(checkBodyTags('<script src="javascript:alert(1)" defer></script>')).toBe('sites.seoBodyScriptSrc');
    expect(checkBodyTags('<script src="data:text/javascript,1" defer></script>')).toBe(
      'sites.seoBodyScriptSrc',
    );
  });

  it('requires defer', () => {
    expect(checkBodyTags('<script src="https://x.example/a.js"></script>')).toBe('sites.seoBodyScriptDefer');
    expect(checkBodyTags('<script src="https://x.example/a.js" async></script>')).toBe(
      'sites.seoBodyScriptDefer',
    );
  });

  it('refuses an unclosed script', () => {
    expect(checkBodyTags('<script src="https://x.example/a.js" defer>')).toBe('sites.seoUnclosedTag');
  });

  it('refuses more than 65535 characters', () => {
    const long = `<script src="https://x.example/${'a'.repeat(65535)}.js" defer></script>`;
    expect(checkBodyTags(long)).toBe('common.tooLong');
  });
});

describe('tag schemas and ZSeoConfig', () => {
  it('report the check message', () => {
    expect(firstMessage(zSeoHeadTags(), '<base href="/">')).toBe('sites.seoHeadTagNotAllowed');
    expect(firstMessage(zSeoBodyTags(), '<script>eval(1)</script>')).toBe('sites.seoForbiddenCall');
    expect(firstMessage(zSeoBodyTags(), SCRIPT)).toBeNull();
  });

  it('defaults every field to the empty string', () => {
    expect(ZSeoConfig.parse({})).toEqual({ title: '', h1: '', description: '', head: '', body: '' });
  });

  it('reports each field on its path', () => {
    const result = ZSeoConfig.safeParse({ title: 'a_b', body: '<div></div>' });
    expect(result.error?.issues.map((i) => [i.path, i.message])).toEqual([
      [['title'], 'sites.seoTitleChars'],
      [['body'], 'sites.seoBodyScriptsOnly'],
    ]);
  });
});
