import { type DefaultTreeAdapterTypes, parse } from 'parse5';
import { isExternalLink, TEXT_MAX } from './site-rules';
import { HEAD_ELEMENTS, HEAD_TEXT_CHARS } from './site-seo-basics';

// Head and body tags of the SEO settings (SPEC 5 "SEO"), parsed with parse5 (the HTML standard's
// algorithm). The server and the viewer import this through site-seo-rules.ts; browsers get
// site-seo-tags.browser.ts instead (package.json "imports"), which loads this file on demand,
// so parse5 never weighs on a console page that does not edit tags.
// - Head tags: HTML elements allowed in <head> except <base> (it would redirect every relative URL
//   of the site): meta, link, script, style, noscript, title. Inline scripts are allowed there
//   (analytics snippets); the viewer runs them in its sandbox. Texts meant for people (<title>,
//   meta description/keywords/author, og:/twitter: title and description) take the title set plus
//   spaces, period, comma and ellipsis. No stray text, no on* handlers, every tag closed.
// - Body tags: only <script src="http(s)://..." defer></script>, no inline code, no on* handlers,
//   and eval / setTimeout / setInterval nowhere (not even inside a URL).

type TNode = DefaultTreeAdapterTypes.ChildNode;
type TElement = DefaultTreeAdapterTypes.Element;

const VOID_ELEMENTS = new Set(['meta', 'link']);
const HUMAN_META_NAMES = new Set([
  'description',
  'keywords',
  'author',
  'og:title',
  'og:description',
  'twitter:title',
  'twitter:description',
]);
const FORBIDDEN_CALL = /\b(?:eval|setTimeout|setInterval)\b/;

const isElement = (node: TNode): node is TElement => 'tagName' in node;
const attr = (el: TElement, name: string) => el.attrs.find((a) => a.name === name)?.value;
const textOf = (el: TElement) =>
  el.childNodes
    .map((n) => (n.nodeName === '#text' ? (n as DefaultTreeAdapterTypes.TextNode).value : ''))
    .join('');
const isBlank = (node: TNode) =>
  node.nodeName === '#comment' ||
  (node.nodeName === '#text' && (node as DefaultTreeAdapterTypes.TextNode).value.trim() === '');

/** The document's <html>, <head> and <body> once `headHtml` and `bodyHtml` are put in place. */
function parseDocument(headHtml: string, bodyHtml: string) {
  const doc = parse(`<!DOCTYPE html><html><head>${headHtml}</head><body>${bodyHtml}</body></html>`, {
    sourceCodeLocationInfo: true,
  });
  const html = doc.childNodes.find(isElement)!;
  const head = html.childNodes.find((n): n is TElement => isElement(n) && n.tagName === 'head')!;
  const body = html.childNodes.find((n): n is TElement => isElement(n) && n.tagName === 'body')!;
  // Attributes on <html> or <body> can only come from the user's text (e.g. <body onload=...>).
  const hijacked = html.attrs.length > 0 || body.attrs.length > 0;
  return { head, body, hijacked };
}

const hasHandler = (el: TElement) => el.attrs.some((a) => a.name.toLowerCase().startsWith('on'));
const isClosed = (el: TElement) => VOID_ELEMENTS.has(el.tagName) || el.sourceCodeLocation?.endTag != null;

/** The message key of the first broken rule of the head tags, or null when they are fine. */
export function checkHeadTags(html: string): string | null {
  if (html.trim() === '') return null;
  if (html.length > TEXT_MAX.tags) return 'common.tooLong';
  const { head, body, hijacked } = parseDocument(html, '');
  // Anything that is not head content makes the parser open the body (or attach it to <html>).
  if (hijacked || body.childNodes.some((n) => !isBlank(n))) return 'sites.seoHeadElement';
  for (const node of head.childNodes) {
    if (!isElement(node)) {
      if (!isBlank(node)) return 'sites.seoHeadElement';
      continue;
    }
    if (!(HEAD_ELEMENTS as readonly string[]).includes(node.tagName)) return 'sites.seoHeadElement';
    if (!isClosed(node)) return 'sites.seoUnclosedTag';
    if (hasHandler(node)) return 'sites.seoEventHandler';
    const metaName = (attr(node, 'name') ?? attr(node, 'property') ?? '').toLowerCase();
    const humanText =
      node.tagName === 'title'
        ? textOf(node)
        : node.tagName === 'meta' && HUMAN_META_NAMES.has(metaName)
          ? (attr(node, 'content') ?? '')
          : null;
    if (humanText !== null && !HEAD_TEXT_CHARS.test(humanText)) return 'sites.seoHeadText';
  }
  return null;
}

/** The message key of the first broken rule of the body tags, or null when they are fine. */
export function checkBodyTags(html: string): string | null {
  if (html.trim() === '') return null;
  if (html.length > TEXT_MAX.tags) return 'common.tooLong';
  if (FORBIDDEN_CALL.test(html)) return 'sites.seoForbiddenCall';
  const { head, body, hijacked } = parseDocument('', html);
  if (hijacked || head.childNodes.length > 0) return 'sites.seoBodyScriptsOnly';
  for (const node of body.childNodes) {
    if (!isElement(node)) {
      if (!isBlank(node)) return 'sites.seoBodyScriptsOnly';
      continue;
    }
    if (node.tagName !== 'script') return 'sites.seoBodyScriptsOnly';
    if (!isClosed(node)) return 'sites.seoUnclosedTag';
    if (hasHandler(node)) return 'sites.seoEventHandler';
    // After entity decoding, so `ev&#97;l` cannot slip through.
    if (node.attrs.some((a) => FORBIDDEN_CALL.test(a.value))) return 'sites.seoForbiddenCall';
    if (textOf(node).trim() !== '') return 'sites.seoBodyInlineCode';
    if (!isExternalLink(attr(node, 'src') ?? '')) return 'sites.seoBodyScriptSrc';
    if (attr(node, 'defer') === undefined) return 'sites.seoBodyScriptDefer';
  }
  return null;
}

/** The src of every script of valid body tags (checkBodyTags), in order; [] for anything else. */
export function bodyScriptSources(html: string): string[] {
  if (html.trim() === '' || checkBodyTags(html) !== null) return [];
  const { body } = parseDocument('', html);
  return body.childNodes.filter(isElement).map((el) => attr(el, 'src')!);
}

/** Nothing to load here: the parser is part of this module (see site-seo-tags.browser.ts). */
export async function loadSeoTagRules(): Promise<void> {}
