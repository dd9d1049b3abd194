import { type DefaultTreeAdapterTypes, parse } from 'parse5';
import { isExternalLink, TEXT_MAX } from './site-rules';
import { HEAD_LINK_RELS, HEAD_TEXT_CHARS } from './site-seo-basics';

// Head and body tags of the SEO settings (the spec's SEO rules), parsed with parse5 (the HTML
// standard's algorithm). The server and the viewer import this through site-seo-rules.ts; browsers
// get site-seo-tags.browser.ts instead (package.json "imports"), which loads this file on demand,
// so parse5 never weighs on a console page that does not edit tags.
// What the editor accepts is exactly what a published page writes, and it is stored as the page
// writes it (re-serialized from the parse):
// - Head tags: <meta name|property content> (not http-equiv or charset) and <link rel href> with
//   a rel of HEAD_LINK_RELS and an https:// or same-site address; comments and blank lines go.
//   Texts meant for people (meta description/keywords/author, og:/twitter: title and
//   description) take the title set plus spaces, period, comma and ellipsis.
// - Body tags: only <script src="https://..." defer></script>, no inline code, no on* handlers,
//   and eval / setTimeout / setInterval nowhere (not even inside a URL).

type TNode = DefaultTreeAdapterTypes.ChildNode;
type TElement = DefaultTreeAdapterTypes.Element;

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
const isClosed = (el: TElement) => el.sourceCodeLocation?.endTag != null;

/** A rule the tags break: its message key, with the tag it names when there is one. */
export type TTagProblem = { message: string; params?: Record<string, string> };

/** A head tag as a published page writes it. */
export type THeadTag =
  | { tag: 'meta'; attrs: { name?: string; property?: string; content: string } }
  | { tag: 'link'; attrs: { rel: string; href: string } };

const SAFE_HEAD_URL = /^(https:\/\/|\/(?!\/))/i;
const META_ATTRS = new Set(['name', 'property', 'content']);
const LINK_ATTRS = new Set(['rel', 'href']);

/**
 * The head tags as a published page writes them, or the first rule they break. `skipInvalid`
 * (the viewer, for tags stored before these rules): keep the valid tags and leave out the rest.
 */
export function readHeadTags(
  html: string,
  opts: { skipInvalid?: boolean } = {},
): { tags: THeadTag[] } | { problem: TTagProblem } {
  if (html.trim() === '') return { tags: [] };
  if (html.length > TEXT_MAX.tags) return { problem: { message: 'common.tooLong' } };
  const { head, body, hijacked } = parseDocument(html, '');
  // Anything that is not head content makes the parser open the body (or attach it to <html>).
  const stray = body.childNodes.find((n) => !isBlank(n));
  if ((hijacked || stray) && !opts.skipInvalid) {
    const tag = stray && isElement(stray) ? stray.tagName : null;
    return { problem: tag ? tagNotAllowed(tag) : { message: 'sites.seoHeadElement' } };
  }
  const tags: THeadTag[] = [];
  for (const node of head.childNodes) {
    const read = isElement(node)
      ? headTagOf(node)
      : isBlank(node)
        ? null
        : { problem: { message: 'sites.seoHeadElement' } };
    if (!read) continue;
    if ('tag' in read) tags.push(read);
    else if (!opts.skipInvalid) return read;
  }
  return { tags };
}

/** One element of the head tags: the tag a page writes, or the rule it breaks. */
function headTagOf(node: TElement): THeadTag | { problem: TTagProblem } {
  if (node.tagName !== 'meta' && node.tagName !== 'link') return { problem: tagNotAllowed(node.tagName) };
  if (hasHandler(node)) return { problem: { message: 'sites.seoEventHandler' } };
  if (node.tagName === 'meta') {
    const name = attr(node, 'name');
    const property = attr(node, 'property');
    const content = attr(node, 'content');
    const extra = node.attrs.find((a) => !META_ATTRS.has(a.name));
    if (extra || content === undefined || (name === undefined) === (property === undefined))
      return { problem: { message: 'sites.seoHeadMeta', params: { attribute: extra?.name ?? '' } } };
    if (HUMAN_META_NAMES.has((name ?? property ?? '').toLowerCase()) && !HEAD_TEXT_CHARS.test(content))
      return { problem: { message: 'sites.seoHeadText' } };
    return { tag: 'meta', attrs: { ...(name !== undefined ? { name } : { property: property! }), content } };
  }
  const rel = (attr(node, 'rel') ?? '').toLowerCase();
  const href = attr(node, 'href') ?? '';
  const extra = node.attrs.some((a) => !LINK_ATTRS.has(a.name));
  if (extra || !(HEAD_LINK_RELS as readonly string[]).includes(rel) || !SAFE_HEAD_URL.test(href))
    return { problem: { message: 'sites.seoHeadLink', params: { rels: HEAD_LINK_RELS.join(', ') } } };
  return { tag: 'link', attrs: { rel, href } };
}

const tagNotAllowed = (tag: string): TTagProblem => ({
  message: 'sites.seoHeadTagNotAllowed',
  params: { tag },
});

const escapeAttr = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Head tags written out one per line, exactly as a published page writes them. */
export const headTagsHtml = (tags: THeadTag[]) =>
  tags
    .map(
      ({ tag, attrs }) =>
        `<${tag}${Object.entries(attrs)
          .map(([k, v]) => ` ${k}="${escapeAttr(v)}"`)
          .join('')}>`,
    )
    .join('\n');

/** The first rule the head tags break (with the tag it names), or null when they are fine. */
export function headTagProblem(html: string): TTagProblem | null {
  const read = readHeadTags(html);
  return 'problem' in read ? read.problem : null;
}

/** The message key of the first broken rule of the head tags, or null when they are fine. */
export const checkHeadTags = (html: string): string | null => headTagProblem(html)?.message ?? null;

/** Valid head tags as they are stored and published; anything else unchanged (it is refused). */
export function normalizeHeadTags(html: string): string {
  const read = readHeadTags(html);
  return 'tags' in read ? headTagsHtml(read.tags) : html;
}

/** The message key of the first broken rule of the body tags, or null when they are fine. */
export const checkBodyTags = (html: string): string | null => bodyRuleBroken(html, false);

/** `legacyHttp`: the rules before scripts had to be https (for tags stored then). */
function bodyRuleBroken(html: string, legacyHttp: boolean): string | null {
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
    const src = attr(node, 'src') ?? '';
    if (!isExternalLink(src) || (!legacyHttp && !/^https:\/\//i.test(src))) return 'sites.seoBodyScriptSrc';
    if (attr(node, 'defer') === undefined) return 'sites.seoBodyScriptDefer';
  }
  return null;
}

/** The first rule the body tags break, or null (the body's rules name no tag: scripts only). */
export function bodyTagProblem(html: string): TTagProblem | null {
  const message = checkBodyTags(html);
  return message ? { message } : null;
}

/** Valid body tags as they are stored and published; anything else unchanged (it is refused). */
export function normalizeBodyTags(html: string): string {
  if (html.trim() === '' || checkBodyTags(html) !== null) return html.trim() === '' ? '' : html;
  return bodyScriptSources(html)
    .map((src) => `<script src="${escapeAttr(src)}" defer></script>`)
    .join('\n');
}

/** The https src of every script of valid body tags, in order; [] for anything else. */
export function bodyScriptSources(html: string): string[] {
  // Tags saved when http:// was still accepted are read by those rules; the page loads only the
  // https:// ones of them.
  if (html.trim() === '' || bodyRuleBroken(html, true) !== null) return [];
  const { body } = parseDocument('', html);
  return body.childNodes
    .filter(isElement)
    .map((el) => attr(el, 'src')!)
    .filter((src) => /^https:\/\//i.test(src));
}

/** Nothing to load here: the parser is part of this module (see site-seo-tags.browser.ts). */
export async function loadSeoTagRules(): Promise<void> {}
