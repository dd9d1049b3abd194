import { z } from 'zod';
import {
  bodyTagProblem,
  headTagProblem,
  normalizeBodyTags,
  normalizeHeadTags,
  type TTagProblem,
} from '#seo-tags';
import { TEXT_MAX } from './site-rules';
import { DESCRIPTION_CHARS, TITLE_CHARS } from './site-seo-basics';

// SEO settings per language (the spec's SEO rules). Every field may be left empty. Decisions where
// the spec is loose:
// - Title and H1: letters of any script (\p{L}, combining marks), decimal digits, spaces (incl. the
//   ideographic space), - | : ( ) [ ] and their full-width forms, plus the CJK brackets 【】「」『』.
//   No underscore, no other symbol, no emoji (variation selectors and joiners are refused too).
// - Description ("no special symbols"): the title set plus sentence punctuation . , … ! ? ' ’ and
//   the CJK forms 、。，．！？・〜～‥. Refused: _ # $ % & * + = < > { } / \ @ ^ ` ~ " ; and emoji.
// - Head and body tags: see site-seo-tags.ts (the rules that need an HTML parser).

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

// Valid tags are stored as the published page writes them (re-serialized from the parse).
const tagsSchema = (problem: (html: string) => TTagProblem | null, normalize: (html: string) => string) =>
  z
    .string()
    .max(TEXT_MAX.tags, 'common.tooLong')
    .superRefine((value, ctx) => {
      const found = problem(value);
      if (found)
        ctx.addIssue({
          code: 'custom',
          message: found.message,
          ...(found.params ? { params: found.params } : {}),
        });
    })
    .transform(normalize);

export const zSeoHeadTags = () => tagsSchema(headTagProblem, normalizeHeadTags);
export const zSeoBodyTags = () => tagsSchema(bodyTagProblem, normalizeBodyTags);

/** seoConfig of the per-language settings: title, h1, description, head and body tags. */
export const ZSeoConfig = z.object({
  id: z.string().optional(),
  title: zSeoTitle().default(''),
  h1: zSeoH1().default(''),
  description: zSeoDescription().default(''),
  head: zSeoHeadTags().default(''),
  body: zSeoBodyTags().default(''),
});
export type TSeoConfig = z.infer<typeof ZSeoConfig>;

// The tag rules and the element list live in site-seo-tags.ts and site-seo-basics.ts; callers
// keep importing them from here.
export {
  bodyScriptSources,
  checkBodyTags,
  checkHeadTags,
  headTagsHtml,
  loadSeoTagRules,
  readHeadTags,
  type THeadTag,
} from '#seo-tags';
export { HEAD_ELEMENTS, HEAD_LINK_RELS } from './site-seo-basics';
