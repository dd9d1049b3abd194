import { type DefaultTreeAdapterTypes, parseFragment } from 'parse5';

// The HTML of a campaign's HTML button (the campaign field buttonContentHtml), as a published
// page writes it: parsed with parse5 (the HTML standard's algorithm), then written again by us
// from a small allowlist, so nothing the creator typed reaches the page as markup we did not
// write ourselves:
// - elements b, i, em, strong, span, br, small, u; any other element is left out but its text
//   is kept, except those whose content is never text for people (script, style, template...),
//   which go whole;
// - one attribute, `style`, with only the properties of STYLE_PROPERTIES and plain values (no
//   url(), no expression, no escapes, no comments);
// - text escaped; comments dropped.
// Server-side only (the published page's render): the console imports campaigns.ts, never this
// file, so parse5 stays off its bundle.

type TNode = DefaultTreeAdapterTypes.ChildNode;
type TElement = DefaultTreeAdapterTypes.Element;

export const BUTTON_HTML_TAGS = new Set(['b', 'i', 'em', 'strong', 'span', 'br', 'small', 'u']);
/** Elements whose content is dropped with them (never text for people). */
const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'template',
  'iframe',
  'object',
  'embed',
  'noscript',
  'noembed',
  'noframes',
  'xmp',
  'textarea',
  'select',
  'svg',
  'math',
  'head',
  'title',
]);
export const STYLE_PROPERTIES = new Set([
  'color',
  'background-color',
  'font-size',
  'font-weight',
  'font-style',
  'font-family',
  'text-decoration',
  'letter-spacing',
  'line-height',
  'text-transform',
]);
/** Colours, lengths, keywords and font names: no url(), quotes, escapes or comments. */
const SAFE_VALUE = /^[#a-z0-9.,%() -]{1,100}$/i;
const UNSAFE_VALUE = /url|expression|image|var\(|attr\(|\/\*/i;

const isElement = (node: TNode): node is TElement => 'tagName' in node;
const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** The allowed declarations of a style attribute, written again (`color:#f00;font-size:12px`). */
export function sanitizeStyle(style: string): string {
  const out: string[] = [];
  for (const decl of style.split(';')) {
    const colon = decl.indexOf(':');
    if (colon < 0) continue;
    const name = decl.slice(0, colon).trim().toLowerCase();
    const value = decl
      .slice(colon + 1)
      .trim()
      .replace(/\s+/g, ' ');
    if (!STYLE_PROPERTIES.has(name) || !SAFE_VALUE.test(value) || UNSAFE_VALUE.test(value)) continue;
    out.push(`${name}:${value}`);
  }
  return out.join(';');
}

function write(nodes: TNode[], out: string[]) {
  for (const node of nodes) {
    if (node.nodeName === '#text') {
      out.push(escapeText((node as DefaultTreeAdapterTypes.TextNode).value));
      continue;
    }
    if (!isElement(node)) continue; // comments, doctypes
    const tag = node.tagName.toLowerCase();
    if (DROPPED_WITH_CONTENT.has(tag) || node.namespaceURI !== 'http://www.w3.org/1999/xhtml') continue;
    const children = tag === 'template' ? [] : node.childNodes;
    if (!BUTTON_HTML_TAGS.has(tag)) {
      write(children, out);
      continue;
    }
    const raw = node.attrs.find((a) => a.name === 'style')?.value;
    const style = raw ? sanitizeStyle(raw) : '';
    out.push(`<${tag}${style ? ` style="${escapeAttr(style)}"` : ''}>`);
    if (tag === 'br') continue;
    write(children, out);
    out.push(`</${tag}>`);
  }
}

/** The creator's button HTML as the published page writes it (see above); '' for nothing. */
export function sanitizeButtonHtml(html: string): string {
  if (html.trim() === '') return '';
  const out: string[] = [];
  write(parseFragment(html).childNodes, out);
  return out.join('');
}
