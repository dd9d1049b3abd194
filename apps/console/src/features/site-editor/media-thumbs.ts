import { smallestVariant } from '@swipe/contracts/uploads';

// Thumbnails (the page grid's tiles, media previews) show an image's smallest variant, not the
// full-size original: a 100-page site in four languages took 747 MB in one tab. Asset ids are
// unique and an asset's files never change, so what the site detail and the uploads answer is
// kept here once for the page's life, whichever document or save it came with.

const thumbs = new Map<string, string>();

/** The site detail's `thumbnails` (asset id to URL of the smallest variant). */
export function rememberThumbnails(map: Record<string, string> | undefined) {
  for (const [assetId, url] of Object.entries(map ?? {})) thumbs.set(assetId, url);
}

/** An upload's answer: its smallest variant, when it has one. */
export function rememberAssetThumbnail(asset: { id: string; variants?: { width: number; url: string }[] }) {
  const small = smallestVariant(asset.variants ?? []);
  if (small) thumbs.set(asset.id, small.url);
}

/** What a thumbnail of the asset shows: its smallest variant, else the file itself (`mediaUrls`). */
export const thumbnailUrl = (assetId: string, mediaUrls: Record<string, string>): string | undefined =>
  thumbs.get(assetId) ?? mediaUrls[assetId];
