// The character sets and the head elements the SEO rules share; no HTML parser here, so that
// the console can load the rules without one (site-seo-tags.ts has the parser).

const TITLE_CORE = String.raw`\p{L}\p{Mn}\p{Mc}\p{Nd} \u3000\-|:()\[\]（）［］【】「」『』－｜：`;
// Marks would otherwise let emoji sequences in: variation selectors, the keycap, joiners.
const NOT_EMOJI_PART = String.raw`(?![\uFE00-\uFE0F\u200C\u200D\u20E3]|\uDB40[\uDC00-\uDDEF])`;
const charset = (extra: string) => new RegExp(`^(?:${NOT_EMOJI_PART}[${TITLE_CORE}${extra}])*$`, 'u');

export const TITLE_CHARS = charset('');
export const DESCRIPTION_CHARS = charset(".,…!?'’、。，．！？・〜～‥");
export const HEAD_TEXT_CHARS = charset('.,…、。，．‥');

/** The head elements a published page writes (and so the only ones the editor accepts). */
export const HEAD_ELEMENTS = ['meta', 'link'] as const;
/** The rel values of a published <link>: hints and references, nothing that runs or restyles. */
export const HEAD_LINK_RELS = [
  'preconnect',
  'dns-prefetch',
  'alternate',
  'author',
  'license',
  'me',
  'manifest',
] as const;
