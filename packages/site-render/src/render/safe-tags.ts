import { bodyScriptSources, readHeadTags, type THeadTag } from '@swipe/contracts/site-seo-rules';

export type { THeadTag };

// The creator's head tags and body scripts reach a page only in a shape we write ourselves, by
// the same reading the editor's check uses (site-seo-tags.ts), so what was accepted is what is
// published: <meta name|property content>, <link rel href> (https or same-site) and
// <script src="https://..." defer>. Tags stored before those rules that break them are left out
// one by one.

/** The meta and link elements of stored head tags, exactly as the editor accepted them. */
export function safeHeadTags(html: string): THeadTag[] {
  const read = readHeadTags(html, { skipInvalid: true });
  return 'tags' in read ? read.tags : [];
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
