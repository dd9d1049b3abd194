import { describe, expect, it } from 'vitest';
import * as parsed from './site-seo-tags';
import * as browser from './site-seo-tags.browser';

// Browsers get these through the "browser" condition of package.json "imports"; node (the server,
// these tests) gets site-seo-tags.ts. Both must answer alike once the parser is loaded.
const CASES = [
  '',
  '<script src="https://cdn.example.com/tag.js" defer></script>',
  '<script src="https://cdn.example.com/tag.js"></script>',
  '<script>eval(1)</script>',
  '<div>hi</div>',
  '<meta name="description" content="Autumn sale">',
  '<base href="https://evil.example/">',
  '<title>Shop</title><style>p{}</style>',
];

describe('the SEO tag rules in the browser', () => {
  it('check nothing until the parser is loaded, then exactly as the server does', async () => {
    expect(browser.checkBodyTags('<div>hi</div>')).toBeNull();
    expect(browser.checkHeadTags('<base href="https://evil.example/">')).toBeNull();
    expect(browser.bodyScriptSources(CASES[1]!)).toEqual([]);

    await browser.loadSeoTagRules();
    for (const html of CASES) {
      expect(browser.checkHeadTags(html), html).toBe(parsed.checkHeadTags(html));
      expect(browser.checkBodyTags(html), html).toBe(parsed.checkBodyTags(html));
      expect(browser.bodyScriptSources(html), html).toEqual(parsed.bodyScriptSources(html));
    }
    expect(browser.checkBodyTags('<div>hi</div>')).toBe('sites.seoBodyScriptsOnly');
  });
});
