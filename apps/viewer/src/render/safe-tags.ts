import { bodyScriptSources } from '@swipe/contracts/site-seo-rules';
import type { DefaultTreeAdapterTypes } from 'parse5';
import { parse } from 'parse5';

// The creator's head tags and body scripts reach a page only in a shape we
// write ourselves. The editor already refused anything else; this is the second line: whatever
// is stored is parsed with a real HTML parser and only <meta name|property content>,
// <link rel href> (http(s) or same-site) and <script src="https://..." defer> come out.

type TElement = DefaultTreeAdapterTypes.Element;

const SAFE_URL = /^(https:\/\/|\/(?!\/))/i;
const META_KEYS = ['name', 'property', 'content', 'charset', 'http-equiv'] as const;
const LINK_RELS = new Set(['preconnect', 'dns-prefetch', 'alternate', 'author', 'license', 'me', 'manifest']);

export type THeadTag =
  | { tag: 'meta'; attrs: Partial<Record<(typeof META_KEYS)[number], string>> }
  | { tag: 'link'; attrs: { rel: string; href: string } };

/** The meta and link elements of stored head tags, rebuilt from their parsed attributes. */
export function safeHeadTags(html: string): THeadTag[] {
  if (!html.trim()) return [];
  const doc = parse(`<!DOCTYPE html><html><head>${html}</head><body></body></html>`);
  const root = doc.childNodes.find((n): n is TElement => 'tagName' in n)!;
  const head = root.childNodes.find((n): n is TElement => 'tagName' in n && n.tagName === 'head');
  const out: THeadTag[] = [];
  for (const node of head?.childNodes ?? []) {
    if (!('tagName' in node)) continue;
    const attr = (name: string) => node.attrs.find((a) => a.name === name)?.value;
    if (node.tagName === 'meta') {
      // http-equiv could refresh or set cookies: never passed on.
      if (attr('http-equiv') !== undefined || attr('charset') !== undefined) continue;
      const key = attr('name') !== undefined ? 'name' : attr('property') !== undefined ? 'property' : null;
      const content = attr('content');
      if (!key || content === undefined) continue;
      out.push({ tag: 'meta', attrs: { [key]: attr(key)!, content } });
    } else if (node.tagName === 'link') {
      const rel = (attr('rel') ?? '').toLowerCase();
      const href = attr('href') ?? '';
      if (LINK_RELS.has(rel) && SAFE_URL.test(href)) out.push({ tag: 'link', attrs: { rel, href } });
    }
  }
  return out;
}

/** The https script URLs of stored body tags (nothing when the tags break any rule). */
export const safeBodyScripts = (html: string): string[] =>
  bodyScriptSources(html).filter((src) => /^https:\/\//i.test(src));

/** The origins the page's CSP must allow for those scripts. */
export const scriptOrigins = (srcs: string[]): string[] => [
  ...new Set(
    srcs.flatMap((src) => {
      try {
        return [new URL(src).origin];
      } catch {
        return [];
      }
    }),
  ),
];
