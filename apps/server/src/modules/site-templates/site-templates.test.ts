import { UI_LANGUAGES } from '@swipe/contracts/i18n';
import { checkSite } from '@swipe/contracts/site-check';
import { SITE_TEMPLATE_CATEGORIES, zSiteTemplateId } from '@swipe/contracts/site-templates';
import { checkPublishable, type TSiteDocument, ZSiteDocument } from '@swipe/contracts/sites';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { templateImages } from './site-templates.service';
import { missingGlyphs, PAGE_IMAGE, POPUP_IMAGE, renderJpeg } from './template-art';
import { type TTemplateBuild, templateDocument } from './template-document';
import { TEMPLATE_LANGUAGES, type TTemplateLanguage } from './template-types';
import { SITE_TEMPLATES } from './templates/catalogue';

// The starter sites' data: each one makes a valid, publishable site in both languages, alone or
// together, with or without the plan features it may use; and every text can be drawn.

const ALL_FEATURES = { popupCta: true, contactForms: true };
const NO_FEATURES = { popupCta: false, contactForms: false };

/** The template's document with a made-up image for every key (as if all were stored). */
function build(
  def: (typeof SITE_TEMPLATES)[number],
  opts: Partial<TTemplateBuild> & { defaultLanguage: TTemplateLanguage },
): TSiteDocument {
  const ids = new Map<string, string>();
  return templateDocument(def, {
    languages: TEMPLATE_LANGUAGES,
    features: ALL_FEATURES,
    now: new Date(),
    media: (key) => {
      if (!ids.has(key)) ids.set(key, crypto.randomUUID());
      return { assetId: ids.get(key)!, kind: 'IMAGE' };
    },
    ...opts,
  });
}

const linksOf = (doc: TSiteDocument) =>
  Object.values(doc.content).flatMap((c) => c!.creatives.map((cr) => cr.link));

describe('the template catalogue', () => {
  it('has a template of every category, with a usable id and gallery texts in every UI language', () => {
    expect(SITE_TEMPLATES.length).toBeGreaterThanOrEqual(6);
    expect(new Set(SITE_TEMPLATES.map((t) => t.category))).toEqual(new Set(SITE_TEMPLATE_CATEGORIES));
    expect(new Set(SITE_TEMPLATES.map((t) => t.id)).size).toBe(SITE_TEMPLATES.length);
    for (const def of SITE_TEMPLATES) {
      expect(zSiteTemplateId().safeParse(def.id).success, def.id).toBe(true);
      for (const lang of UI_LANGUAGES) {
        expect(def.name[lang].trim(), `${def.id} ${lang}`).not.toBe('');
        expect(def.description[lang].trim(), `${def.id} ${lang}`).not.toBe('');
      }
    }
  });

  it.each(SITE_TEMPLATES.map((t) => [t.id, t] as const))('%s is a grid of 4 to 8 pages', (_id, def) => {
    expect(def.pages).toHaveLength(def.rows * def.columns);
    expect(def.pages.length).toBeGreaterThanOrEqual(4);
    expect(def.pages.length).toBeLessThanOrEqual(8);
  });
});

describe.each(SITE_TEMPLATES.map((t) => [t.id, t] as const))('the %s template', (_id, def) => {
  it.each(TEMPLATE_LANGUAGES)(
    'makes a valid, publishable bilingual site with %s as the default language',
    (defaultLanguage) => {
      const doc = build(def, { defaultLanguage });
      expect(doc.defaultLanguage).toBe(defaultLanguage);
      expect(doc.languages).toEqual([
        defaultLanguage,
        ...TEMPLATE_LANGUAGES.filter((l) => l !== defaultLanguage),
      ]);
      expect(doc.name).toBe(def.siteName[defaultLanguage]);
      // Parsed again as a save would: the rules that tie the document together hold.
      const again = ZSiteDocument.safeParse(doc);
      expect(again.success, JSON.stringify(again.error?.issues)).toBe(true);
      expect(checkPublishable(doc)).toEqual([]);
      for (const lang of TEMPLATE_LANGUAGES) {
        const content = doc.content[lang]!;
        expect(content.creatives.every((c) => c.media && c.imageAlt && c.mainText)).toBe(true);
        expect(content.menus.length).toBeGreaterThan(0);
        expect(content.seo.title).not.toBe('');
        expect(content.seo.description).not.toBe('');
      }
      // Pages the image sizes of the pipeline would make: nothing for the pre-publish check to flag
      // (alt texts, SEO titles, contrast of texts and buttons, image sizes).
      const sizes = Object.fromEntries(
        Object.values(doc.content)
          .flatMap((c) => c!.creatives.map((cr) => cr.media!.assetId))
          .map((id) => [id, { ...PAGE_IMAGE, bytes: 300_000 }]),
      );
      expect(checkSite(doc, { media: sizes })).toEqual([]);
    },
  );

  it('makes a one-language site in either language', () => {
    for (const lang of TEMPLATE_LANGUAGES) {
      const doc = build(def, { defaultLanguage: lang, languages: [lang] });
      expect(doc.languages).toEqual([lang]);
      expect(Object.keys(doc.content)).toEqual([lang]);
      expect(checkPublishable(doc)).toEqual([]);
    }
  });

  it('leaves out what a plan without popups and contact forms cannot have, and stays valid', () => {
    const doc = build(def, { defaultLanguage: 'JP', features: NO_FEATURES });
    expect(doc.popupCtas.timeLimit.enabled).toBe(false);
    for (const link of linksOf(doc)) {
      expect(link.kind).not.toBe('POPUP_CTA_TRANSITION');
      if (link.kind === 'INTERNAL') expect(link.internalTarget).toBe('MEMBERSHIP');
    }
    // A button that lost its link loses its text too (no button that leads nowhere).
    for (const c of doc.content.JP!.creatives) if (c.link.kind === 'NONE') expect(c.linkButtonText).toBe('');
    expect(ZSiteDocument.safeParse(doc).success).toBe(true);
    expect(checkPublishable(doc)).toEqual([]);
  });

  it('writes every kicker and headline with glyphs the font has', () => {
    for (const page of def.pages)
      for (const lang of TEMPLATE_LANGUAGES)
        expect(missingGlyphs(page.kicker[lang] + page.headline[lang]), `${def.id} ${lang}`).toEqual([]);
  });

  it('names one image per page and language (and one for its popup)', () => {
    const images = templateImages(def, TEMPLATE_LANGUAGES);
    expect(images).toHaveLength(def.pages.length * 2 + (def.popup ? 1 : 0));
    expect(new Set(images.map((i) => i.key)).size).toBe(images.length);
    expect(templateImages(def, ['EN'], { popup: false })).toHaveLength(def.pages.length);
  });
});

describe('the generated images', () => {
  it('renders a page as a 1080 x 2040 JPEG with the headline drawn as outlines', async () => {
    const def = SITE_TEMPLATES[0]!;
    const [first] = templateImages(def, ['JP']);
    const svg = first!.svg();
    // The headline's glyphs are paths: no text element depends on the host's fonts.
    expect(svg).not.toContain('<text');
    expect(svg.match(/<path /g)!.length).toBeGreaterThan([...def.pages[0]!.headline.JP].length);
    const meta = await sharp(await renderJpeg(svg)).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', ...PAGE_IMAGE });
  });

  it('renders the popup thumbnail at the recommended size', async () => {
    const def = SITE_TEMPLATES.find((t) => t.popup)!;
    const popup = templateImages(def, ['JP']).find((i) => i.key === 'popup')!;
    const meta = await sharp(await renderJpeg(popup.svg())).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', ...POPUP_IMAGE });
  });
});
