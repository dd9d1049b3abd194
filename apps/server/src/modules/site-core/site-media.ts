import type { TMediaSize } from '@swipe/contracts/site-check';
import { POPUP_KINDS, type TMediaRef, type TSiteDocument } from '@swipe/contracts/sites';
import { smallestVariant } from '@swipe/contracts/uploads';
import type { TViewerMedia } from '@swipe/site-render/render/model';
import { and, eq, inArray } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { siteAssets } from '../../db/schema/sites';
import { AppError } from '../../platform/errors';

// A document names files of the media library by id. Each must be a finished upload of the
// site's own account, of the kind it is used as: another tenant's file id is as unknown as a
// made-up one.

/** Every media reference of a document, with the wire path of the field that holds it. */
export function mediaRefs(doc: TSiteDocument): { field: string; ref: TMediaRef }[] {
  const out: { field: string; ref: TMediaRef }[] = [];
  const add = (field: string, ref: TMediaRef | null) => {
    if (ref) out.push({ field: `document.${field}`, ref });
  };
  add('logo', doc.logo);
  add('favicon', doc.favicon);
  for (const kind of POPUP_KINDS)
    for (const [lang, text] of Object.entries(doc.popupCtas[kind].texts))
      add(
        `popup_ctas.${kind === 'timeLimit' ? 'time_limit' : 'applicant_limit'}.texts.${lang}.image`,
        text?.image ?? null,
      );
  for (const [lang, content] of Object.entries(doc.content)) {
    content?.creatives.forEach((c, i) => {
      add(`content.${lang}.creatives.${i}.media`, c.media);
      add(`content.${lang}.creatives.${i}.button_image`, c.buttonImage);
      c.products.forEach((p, j) => {
        add(`content.${lang}.creatives.${i}.products.${j}.image`, p.image);
      });
    });
  }
  return out;
}

/** The finished files of the account among those the references name. */
function readyAssets(db: TDb, accountId: string, refs: { ref: TMediaRef }[]) {
  const ids = [...new Set(refs.map((r) => r.ref.assetId))];
  return db
    .select({
      id: siteAssets.id,
      kind: siteAssets.kind,
      key: siteAssets.storageKey,
      variants: siteAssets.variants,
      width: siteAssets.width,
      height: siteAssets.height,
      bytes: siteAssets.bytes,
    })
    .from(siteAssets)
    .where(
      and(inArray(siteAssets.id, ids), eq(siteAssets.accountId, accountId), eq(siteAssets.status, 'READY')),
    );
}

export async function assertMediaOwned(db: TDb, opts: { accountId: string; doc: TSiteDocument }) {
  await assertRefsOwned(db, opts.accountId, mediaRefs(opts.doc));
}

/** Each reference is a finished file of the account, of its kind; else 400 naming the fields. */
export async function assertRefsOwned(db: TDb, accountId: string, refs: { field: string; ref: TMediaRef }[]) {
  if (refs.length === 0) return;
  const rows = await readyAssets(db, accountId, refs);
  const kinds = new Map(rows.map((r) => [r.id, r.kind]));
  const bad = refs.filter((r) => kinds.get(r.ref.assetId) !== r.ref.kind);
  if (bad.length > 0)
    throw new AppError(
      400,
      'VALIDATION_FAILED',
      'sites.invalidAsset',
      undefined,
      bad.map((r) => ({ field: r.field, messageKey: 'sites.invalidAsset' })),
    );
}

/** Asset id to URL of the finished files of the account among `refs`. */
export async function refUrls(
  db: TDb,
  opts: { accountId: string; refs: { ref: TMediaRef }[]; publicUrl: (key: string) => string },
): Promise<Record<string, string>> {
  if (opts.refs.length === 0) return {};
  const rows = await readyAssets(db, opts.accountId, opts.refs);
  return Object.fromEntries(rows.filter((r) => r.key).map((r) => [r.id, opts.publicUrl(r.key!)]));
}

/**
 * Asset id to URL of every finished file the document names (of the site's own account), so
 * the editor can show a saved document's media without one request per file.
 */
export async function mediaUrls(
  db: TDb,
  opts: { accountId: string; doc: TSiteDocument; publicUrl: (key: string) => string },
): Promise<Record<string, string>> {
  return refUrls(db, { accountId: opts.accountId, refs: mediaRefs(opts.doc), publicUrl: opts.publicUrl });
}

/**
 * `mediaUrls`, and the URL of each image's smallest variant (`thumbnails`), from one query: the
 * editor's page tiles show the small one (100 pages in four languages at full size took 747 MB).
 * `sizes` (pixels and bytes) is what the pre-publish check judges images by.
 */
export async function mediaUrlsWithThumbnails(
  db: TDb,
  opts: { accountId: string; doc: TSiteDocument; publicUrl: (key: string) => string },
): Promise<{
  media: Record<string, string>;
  thumbnails: Record<string, string>;
  sizes: Record<string, TMediaSize>;
}> {
  const refs = mediaRefs(opts.doc);
  if (refs.length === 0) return { media: {}, thumbnails: {}, sizes: {} };
  const rows = await readyAssets(db, opts.accountId, refs);
  const media: Record<string, string> = {};
  const thumbnails: Record<string, string> = {};
  const sizes: Record<string, TMediaSize> = {};
  for (const r of rows) {
    if (!r.key) continue;
    media[r.id] = opts.publicUrl(r.key);
    sizes[r.id] = { width: r.width, height: r.height, bytes: r.bytes };
    const small = smallestVariant(r.variants);
    if (small) thumbnails[r.id] = opts.publicUrl(small.key);
  }
  return { media, thumbnails, sizes };
}

/**
 * Asset id to the details of every finished file the document names (of the site's own account),
 * and of `more` (what the page shows besides the document: its campaigns' files), in one query.
 */
export async function mediaDetails(
  db: TDb,
  opts: {
    accountId: string;
    doc: TSiteDocument;
    publicUrl: (key: string) => string;
    more?: readonly TMediaRef[];
  },
): Promise<Record<string, TViewerMedia>> {
  const ids = [
    ...new Set([
      ...mediaRefs(opts.doc).map((r) => r.ref.assetId),
      ...(opts.more ?? []).map((r) => r.assetId),
    ]),
  ];
  if (ids.length === 0) return {};
  const rows = await db
    .select()
    .from(siteAssets)
    .where(
      and(
        inArray(siteAssets.id, ids),
        eq(siteAssets.accountId, opts.accountId),
        eq(siteAssets.status, 'READY'),
      ),
    );
  return Object.fromEntries(
    rows
      .filter((r) => r.storageKey)
      .map((r) => [
        r.id,
        {
          kind: r.kind as TViewerMedia['kind'],
          url: opts.publicUrl(r.storageKey!),
          mime: r.mime ?? '',
          width: r.width,
          height: r.height,
          variants: r.variants.map((v) => ({ width: v.width, url: opts.publicUrl(v.key) })),
        },
      ]),
  );
}
