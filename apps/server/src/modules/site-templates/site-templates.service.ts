import { createHash } from 'node:crypto';
import type { TUiLanguage } from '@swipe/contracts/i18n';
import { gridCoordinates } from '@swipe/contracts/site-grid-rules';
import type { TSiteTemplate } from '@swipe/contracts/site-templates';
import type { TMediaRef } from '@swipe/contracts/sites';
import { inArray } from 'drizzle-orm';
import { siteAssets } from '../../db/schema/sites';
import type { TAppContext } from '../../platform/context';
import type { TStorage } from '../../platform/storage';
import { storeImage } from '../uploads/zip-upload.service';
import { pageSvg, popupSvg, previewStrip, renderJpeg } from './template-art';
import { POPUP_IMAGE_KEY, pageImageKey } from './template-document';
import type { TSiteTemplateDef, TTemplateLanguage } from './template-types';
import { SITE_TEMPLATES } from './templates/catalogue';

// The gallery (GET /api/site-templates) and a template's images in a new site's media library.

/** The content language shown to a console in `lang`: English for English, else Japanese. */
export const contentLanguageOf = (lang: TUiLanguage): TTemplateLanguage => (lang === 'en' ? 'EN' : 'JP');

/** Raise when the drawing changes, so that previews are drawn again under new keys. */
const ART_VERSION = 1;

/**
 * Where a template's preview is stored: named by a hash of its definition and the drawing's
 * version, so a changed template never shows an old picture (the media route caches for a year).
 */
function previewKey(def: TSiteTemplateDef, lang: TTemplateLanguage) {
  const hash = createHash('sha256').update(JSON.stringify({ def, ART_VERSION })).digest('hex').slice(0, 16);
  return `site-templates/${def.id}-${hash}-${lang.toLowerCase()}.webp`;
}

const pageArt = (def: TSiteTemplateDef, index: number, lang: TTemplateLanguage) => {
  const page = def.pages[index]!;
  return {
    palette: def.palette,
    motif: page.motif,
    kicker: page.kicker[lang],
    headline: page.headline[lang],
    index,
  };
};

// Previews are drawn once per storage (the first gallery to need one) and then only named; a
// storage's previews drawing right now are waited for, not drawn twice.
const previews = new WeakMap<TStorage, Map<string, Promise<void>>>();

function ensurePreview(storage: TStorage, def: TSiteTemplateDef, lang: TTemplateLanguage): Promise<string> {
  const key = previewKey(def, lang);
  let known = previews.get(storage);
  if (!known) {
    known = new Map();
    previews.set(storage, known);
  }
  let ready = known.get(key);
  if (!ready) {
    ready = (async () => {
      if (await storage.stat(key)) return;
      const svgs = def.pages.slice(0, 3).map((_, i) => pageSvg(pageArt(def, i, lang)));
      await storage.put(key, await previewStrip(svgs, def.palette.to), { contentType: 'image/webp' });
    })();
    // A failed drawing is tried again by the next gallery.
    ready.catch(() => known.delete(key));
    known.set(key, ready);
  }
  return ready.then(() => key);
}

/** The gallery in the caller's language, each with its preview (drawn on first use). */
export async function listSiteTemplates(ctx: TAppContext, lang: TUiLanguage): Promise<TSiteTemplate[]> {
  const content = contentLanguageOf(lang);
  return Promise.all(
    SITE_TEMPLATES.map(async (def) => ({
      id: def.id,
      category: def.category,
      name: def.name[lang],
      description: def.description[lang],
      pages: def.rows * def.columns,
      rows: def.rows,
      columns: def.columns,
      languages: ['JP', 'EN'],
      defaultLanguage: 'JP',
      colour: def.palette.from,
      previewUrl: ctx.storage.publicUrl(await ensurePreview(ctx.storage, def, content)),
    })),
  );
}

/** Every image a site of the template in `languages` shows (the popup's too unless told), by its key. */
export function templateImages(
  def: TSiteTemplateDef,
  languages: readonly TTemplateLanguage[],
  opts: { popup?: boolean } = {},
) {
  const coordinates = gridCoordinates(def.rows, def.columns);
  const popup = opts.popup === false ? undefined : def.popup;
  const pages = languages.flatMap((lang) =>
    def.pages.map((_, i) => ({
      key: pageImageKey(coordinates[i]!, lang),
      name: `${def.id}-${coordinates[i]}-${lang.toLowerCase()}.jpg`,
      svg: () => pageSvg(pageArt(def, i, lang)),
    })),
  );
  if (!popup) return pages;
  const popupImage = {
    key: POPUP_IMAGE_KEY,
    name: `${def.id}-popup.jpg`,
    svg: () => popupSvg({ palette: def.palette, motif: popup.motif }),
  };
  return [...pages, popupImage];
}

/**
 * Draws the template's images and stores each as a READY image of the account's media library,
 * through the upload pipeline (normalised JPEG, WebP variants), as if the creator had uploaded
 * them. Resolves to the document's references by key and the new assets' ids.
 */
export async function storeTemplateImages(
  ctx: TAppContext,
  opts: {
    def: TSiteTemplateDef;
    languages: readonly TTemplateLanguage[];
    accountId: string;
    uploadedBy: string | null;
    popup: boolean;
  },
): Promise<{ refs: Map<string, TMediaRef>; assetIds: string[] }> {
  const images = templateImages(opts.def, opts.languages, { popup: opts.popup });
  const refs = new Map<string, TMediaRef>();
  const assetIds: string[] = [];
  const queue = [...images];
  const failed: { error?: unknown } = {};
  const next = () => ('error' in failed ? undefined : queue.shift());
  // Two at a time, as the upload pipeline decodes them (each is a 1080 x 2040 bitmap meanwhile).
  await Promise.all(
    Array.from({ length: 2 }, async () => {
      for (let image = next(); image; image = next()) {
        try {
          const asset = await storeImage(ctx, {
            accountId: opts.accountId,
            uploadedBy: opts.uploadedBy,
            name: image.name,
            bytes: await renderJpeg(image.svg()),
            mediaType: 'image/jpeg',
          });
          assetIds.push(asset.id);
          refs.set(image.key, { assetId: asset.id, kind: 'IMAGE' });
        } catch (error) {
          if (!('error' in failed)) failed.error = error;
        }
      }
    }),
  );
  if ('error' in failed) {
    await removeTemplateImages(ctx, assetIds);
    throw failed.error;
  }
  return { refs, assetIds };
}

/** Takes stored template images out again (their site could not be created): files and rows. */
export async function removeTemplateImages(ctx: TAppContext, assetIds: string[]) {
  if (assetIds.length === 0) return;
  const rows = await ctx.db
    .select({ key: siteAssets.storageKey, variants: siteAssets.variants })
    .from(siteAssets)
    .where(inArray(siteAssets.id, assetIds));
  const keys = rows.flatMap((r) => [...(r.key ? [r.key] : []), ...r.variants.map((v) => v.key)]);
  await Promise.all(keys.map((key) => ctx.storage.delete(key).catch(() => {})));
  await ctx.db.delete(siteAssets).where(inArray(siteAssets.id, assetIds));
}
