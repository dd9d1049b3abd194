import { z } from 'zod';
import { checkBodyTags, checkHeadTags } from '#seo-tags';
import { TEXT_MAX } from './site-rules';
import { DESCRIPTION_CHARS, TITLE_CHARS } from './site-seo-basics';

// SEO settings per language (SPEC 5 "SEO"). Every field may be left empty. Decisions where the
// spec is loose:
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

const tagsSchema = (check: (html: string) => string | null) =>
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

// The tag rules and the element list live in site-seo-tags.ts and site-seo-basics.ts; callers
// keep importing them from here.
export { bodyScriptSources, checkBodyTags, checkHeadTags, loadSeoTagRules } from '#seo-tags';
export { HEAD_ELEMENTS } from './site-seo-basics';
