import { type DefaultTreeAdapterTypes, parse } from 'parse5';
import { z } from 'zod';
import type { TMessageKey } from './messages';
import { isExternalLink, TEXT_MAX } from './site-rules';

// SEO settings per language (SPEC 5 "SEO"). Every field may be left empty. Decisions where the
// spec is loose:
// - Title and H1: letters of any script (\p{L}, combining marks), decimal digits, spaces (incl. the
//   ideographic space), - | : ( ) [ ] and their full-width forms, plus the CJK brackets 【】「」『』.
//   No underscore, no other symbol, no emoji (variation selectors and joiners are refused too).
// - Description ("no special symbols"): the title set plus sentence punctuation . , … ! ? ' ’ and
//   the CJK forms 、。，．！？・〜～‥. Refused: _ # $ % & * + = < > { } / \ @ ^ ` ~ " ; and emoji.
// - Head tags: HTML elements allowed in <head> except <base> (it would redirect every relative URL
//   of the site): meta, link, script, style, noscript, title. Inline scripts are allowed there
//   (analytics snippets); the viewer runs them in its sandbox. Texts meant for people (<title>,
//   meta description/keywords/author, og:/twitter: title and description) take the title set plus
//   spaces, period, comma and ellipsis. No stray text, no on* handlers, every tag closed.
// - Body tags: only <script src="http(s)://..." defer></script>, no inline code, no on* handlers,
//   and eval / setTimeout / setInterval nowhere (not even inside a URL).

type TNode = DefaultTreeAdapterTypes.ChildNode;
type TElement = DefaultTreeAdapterTypes.Element;

const TITLE_CORE = String.raw`\p{L}\p{Mn}\p{Mc}\p{Nd} \u3000\-|:()\[\]（）［］【】「」『』－｜：`;
// Marks would otherwise let emoji sequences in: variation selectors, the keycap, joiners.
const NOT_EMOJI_PART = String.raw`(?![\uFE00-\uFE0F\u200C\u200D\u20E3]|\uDB40[\uDC00-\uDDEF])`;
const charset = (extra: string) => new RegExp(`^(?:${NOT_EMOJI_PART}[${TITLE_CORE}${extra}])*$`, 'u');

const TITLE_CHARS = charset('');
const DESCRIPTION_CHARS = charset(".,…!?'’、。，．！？・〜～‥");
const HEAD_TEXT_CHARS = charset('.,…、。，．‥');

export const isSeoTitleText = (value: string): boolean => TITLE_CHARS.test(value);
export const isSeoDescriptionText = (value: string): boolean => DESCRIPTION_CHARS.test(value);

const hasSurroundingSpace = (value: string) => value !== value.trim();

function textSchema(max: number, chars: RegExp, charsMessage: string) {
  return z
    .string()
    .max(max, 'common.tooLong')
    .superRefine((value, ctx) => {
      if (hasSurroundingSpace(value)) ctx.addIssue({ code: 'custom', message: 'sites.seoSurroundingSpace' });
      else if (!chars.test(value)) ctx.addIssue({ code: 'custom', message: charsMessage });
    });
}

export const zSeoTitle = () => textSchema(TEXT_MAX.seoTitle, TITLE_CHARS, 'sites.seoTitleChars');
export const zSeoH1 = () => textSchema(TEXT_MAX.seoH1, TITLE_CHARS, 'sites.seoTitleChars');
export const zSeoDescription = () =>
  textSchema(TEXT_MAX.seoDescription, DESCRIPTION_CHARS, 'sites.seoDescriptionChars');

// ---------------------------------------------------------------------------------------------
// Head and body tags, parsed with parse5 (the HTML standard's algorithm, in Node and browsers).

export const HEAD_ELEMENTS = ['meta', 'link', 'script', 'style', 'noscript', 'title'] as const;
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
export function checkHeadTags(html: string): TMessageKey | null {
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
export function checkBodyTags(html: string): TMessageKey | null {
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

const tagsSchema = (check: (html: string) => TMessageKey | null) =>
  z
    .string()
    .max(TEXT_MAX.tags, 'common.tooLong')
    .superRefine((value, ctx) => {
      const message = check(value);
      if (message) ctx.addIssue({ code: 'custom', message });
    });

export const zSeoHeadTags = () => tagsSchema(checkHeadTags);
export const zSeoBodyTags = () => tagsSchema(checkBodyTags);

/** seoConfig of SPEC 3 "Per-language settings". */
export const ZSeoConfig = z.object({
  id: z.string().optional(),
  title: zSeoTitle().default(''),
  h1: zSeoH1().default(''),
  description: zSeoDescription().default(''),
  head: zSeoHeadTags().default(''),
  body: zSeoBodyTags().default(''),
});
export type TSeoConfig = z.infer<typeof ZSeoConfig>;

/** The src of every script of valid body tags (checkBodyTags), in order; [] for anything else. */
export function bodyScriptSources(html: string): string[] {
  if (html.trim() === '' || checkBodyTags(html) !== null) return [];
  const { body } = parseDocument('', html);
  return body.childNodes.filter(isElement).map((el) => attr(el, 'src')!);
}
