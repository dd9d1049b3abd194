import { z } from 'zod';
import { envelope } from './envelope';

// POST /site/generate-urls, then a PUT to each returned upload URL with the file: the console
// announces its files, gets one signed upload URL per accepted file (or, per refused file, the
// message its failed-files modal lists), then PUTs each file's raw bytes to its URL.

/** Files one generate-urls call may announce. */
export const SITE_UPLOAD_BATCH_MAX = 100;
/** An upload URL is valid for one hour. */
export const UPLOAD_URL_TTL_SECONDS = 3600;
/** Widths of an image's responsive WebP variants (for `srcset`); never wider than the image itself. */
export const SITE_IMAGE_VARIANT_WIDTHS = [390, 780, 1170] as const;

/** The spec's recommended image sizes (px), shown with the fields that take them. */
export const RECOMMENDED_IMAGE_SIZES = {
  logo: { width: 250, height: 150 },
  favicon: { width: 256, height: 256 },
  popup: { width: 250, height: 250 },
} as const;

/**
 * The narrowest of an image's variants: what a thumbnail (the editor's page tiles) shows instead
 * of the full-size original. Undefined when it has none (a video, or an image narrower than them).
 */
export function smallestVariant<T extends { width: number }>(variants: readonly T[]): T | undefined {
  return variants.reduce<T | undefined>((min, v) => (min && min.width <= v.width ? min : v), undefined);
}

export const ZAssetKind = z.enum(['IMAGE', 'VIDEO']);
export type TAssetKind = z.infer<typeof ZAssetKind>;

export const ZUploadFile = z.object({
  name: z.string().trim().min(1).max(255),
  /** Bytes, as the browser reports them; the upload may not exceed it. */
  size: z.number().int().min(0),
  kind: ZAssetKind,
});
export type TUploadFile = z.infer<typeof ZUploadFile>;

export const ZGenerateUploadUrlsRequest = z.object({
  files: z.array(ZUploadFile).min(1).max(SITE_UPLOAD_BATCH_MAX),
  /** OEM staff uploading for a company of their subtree; default the caller's own account. */
  accountId: z.uuid().optional(),
});
export type TGenerateUploadUrlsRequest = z.infer<typeof ZGenerateUploadUrlsRequest>;

/**
 * An accepted file: PUT its bytes to `uploadUrl` before `expiresAt`. With `completeUrl` the PUT
 * goes straight to the storage bucket (it answers no asset), and a POST to `completeUrl` then
 * has the server check the bytes and answers the asset as the PUT to the server would.
 */
export const ZUploadTarget = z.object({
  name: z.string(),
  assetId: z.string(),
  uploadUrl: z.string(),
  method: z.literal('PUT'),
  expiresAt: z.string(),
  completeUrl: z.string().optional(),
});
/** A refused file, with the translated reason (too large, unsupported format). */
export const ZUploadRefusal = z.object({ name: z.string(), error: z.string() });
export const ZUploadUrl = z.union([ZUploadTarget, ZUploadRefusal]);
export type TUploadUrl = z.infer<typeof ZUploadUrl>;

/** One entry per announced file, in the announced order. */
export const ZGenerateUploadUrlsResponse = envelope(z.array(ZUploadUrl));

export const ZUploadParams = z.object({ assetId: z.uuid() });
/** The signature of an upload URL (checked by the server, which answers 403 when it fails). */
export const ZUploadQuery = z.object({
  expires: z.string().max(20).optional(),
  sig: z.string().max(128).optional(),
});

/** A finished file of the media library, as the editor and the viewer use it. */
export const ZSiteAsset = z.object({
  id: z.string(),
  kind: ZAssetKind,
  /** The stored original (HEIC arrives as JPEG; images are auto-rotated, metadata removed). */
  url: z.string(),
  /** Null for videos (stored as they are). */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  mime: z.string(),
  bytes: z.number().int(),
  /** WebP renditions for `srcset`, narrowest first; none wider than the original. */
  variants: z.array(z.object({ width: z.number().int(), url: z.string() })),
});
export type TSiteAsset = z.infer<typeof ZSiteAsset>;

export const ZUploadAssetResponse = envelope(ZSiteAsset);

// Bulk upload (one ZIP, at most 1 GB): the console announces one ZIP of creatives, gets one signed
// URL, and PUTs the archive to it; the server unpacks it within the limits below (no zip bombs) and
// answers, entry by entry, the finished image or why the entry was refused.

/** A ZIP of at most 1 GB. */
export const ZIP_UPLOAD_MAX_BYTES = 1_073_741_824;
/** More entries than this and the whole archive is refused. */
export const ZIP_MAX_ENTRIES = 500;
/** The sum of the entries' unpacked sizes may not exceed 2 GB. */
export const ZIP_MAX_UNPACKED_BYTES = 2_147_483_648;
/** An entry unpacking to more than 100 times its packed size is a zip bomb... */
export const ZIP_MAX_RATIO = 100;
/** ...unless it is this small unpacked (a short text file compresses that well, harmlessly). */
export const ZIP_RATIO_GRACE_BYTES = 102_400;

export const isZipName = (name: string) => /\.zip$/i.test(name.trim());

export const ZGenerateZipUrlRequest = z.object({
  name: z.string().trim().min(1).max(255).refine(isZipName, { message: 'zipUpload.notZip' }),
  /** Bytes, as the browser reports them; the upload may not exceed it. */
  size: z
    .number()
    .int()
    .positive({ message: 'zipUpload.unreadable' })
    .max(ZIP_UPLOAD_MAX_BYTES, { message: 'zipUpload.tooLarge' }),
  /** OEM staff uploading for a company of their subtree; default the caller's own account. */
  accountId: z.uuid().optional(),
});
export type TGenerateZipUrlRequest = z.infer<typeof ZGenerateZipUrlRequest>;

/** PUT the archive's bytes to `uploadUrl` before `expiresAt`; the URL serves one upload. */
export const ZZipUploadTarget = z.object({
  uploadId: z.string(),
  uploadUrl: z.string(),
  method: z.literal('PUT'),
  expiresAt: z.string(),
  /** As for a single file: the PUT went to the bucket, POST here to have it unpacked. */
  completeUrl: z.string().optional(),
});
export type TZipUploadTarget = z.infer<typeof ZZipUploadTarget>;
export const ZGenerateZipUrlResponse = envelope(ZZipUploadTarget);

export const ZZipUploadParams = z.object({ uploadId: z.uuid() });

/**
 * One file of the archive (its path inside the archive): the finished image, or the translated
 * reason it was refused (unsupported type, too large, invalid file type...).
 */
export const ZZipUploadedFile = z.object({
  name: z.string(),
  asset: ZSiteAsset.optional(),
  error: z.string().optional(),
});
export type TZipUploadedFile = z.infer<typeof ZZipUploadedFile>;

/** One entry per file of the archive, in archive order (folders, `__MACOSX/` and dot-files left out). */
export const ZZipUploadResponse = envelope(z.object({ files: z.array(ZZipUploadedFile) }));
