import type * as TParsed from './site-seo-tags';

// What browsers get for site-seo-tags.ts (package.json "imports", condition "browser"): the same
// functions, with parse5 (~45 KB gzip) fetched only when loadSeoTagRules() is called. The
// console's site editor calls it before it opens, so its checks are exactly the server's; until
// then (site lists, answers parsed elsewhere) tags are not checked here. The server checks every
// save with the parser built in.

let parsed: typeof TParsed | null = null;

/** Fetches the HTML parser behind the tag rules, once. */
export async function loadSeoTagRules(): Promise<void> {
  parsed ??= await import('./site-seo-tags');
}

export const checkHeadTags: typeof TParsed.checkHeadTags = (html) =>
  parsed ? parsed.checkHeadTags(html) : null;
export const checkBodyTags: typeof TParsed.checkBodyTags = (html) =>
  parsed ? parsed.checkBodyTags(html) : null;
export const bodyScriptSources: typeof TParsed.bodyScriptSources = (html) =>
  parsed ? parsed.bodyScriptSources(html) : [];
export const headTagProblem: typeof TParsed.headTagProblem = (html) =>
  parsed ? parsed.headTagProblem(html) : null;
export const bodyTagProblem: typeof TParsed.bodyTagProblem = (html) =>
  parsed ? parsed.bodyTagProblem(html) : null;
export const normalizeHeadTags: typeof TParsed.normalizeHeadTags = (html) =>
  parsed ? parsed.normalizeHeadTags(html) : html;
export const normalizeBodyTags: typeof TParsed.normalizeBodyTags = (html) =>
  parsed ? parsed.normalizeBodyTags(html) : html;
export const readHeadTags: typeof TParsed.readHeadTags = (html) =>
  parsed ? parsed.readHeadTags(html) : { tags: [] };
export const headTagsHtml: typeof TParsed.headTagsHtml = (tags) => (parsed ? parsed.headTagsHtml(tags) : '');
