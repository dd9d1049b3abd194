import { randomUUID } from 'node:crypto';
import type { TUiLanguage } from '@swipe/contracts/i18n';
import { type TMessageKey, translate } from '@swipe/contracts/messages';
import {
  checkSiteUpload,
  extensionOf,
  SITE_IMAGE_EXTENSIONS,
  SITE_UPLOAD_MAX_BYTES,
  SITE_VIDEO_UPLOAD_EXTENSIONS,
  type TSiteMediaType,
} from '@swipe/contracts/site-upload-rules';
import {
  type TAssetKind,
  type TSiteAsset,
  type TUploadFile,
  type TUploadUrl,
  UPLOAD_URL_TTL_SECONDS,
} from '@swipe/contracts/uploads';
import { and, eq } from 'drizzle-orm';
import { siteAssets } from '../../db/schema/sites';
import type { TAppContext, TCaller } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
import type { TRateLimit } from '../../platform/route';
import { isMissingFile } from '../../platform/storage';
import { ownerAccount } from '../site-core/site-access';
import { processImage } from './image-processing';

// Creative uploads: generate-urls announces files and creates PENDING assets; the signed
// PUT brings the bytes, which are checked (by their bytes, never by name), stored and,
// for images, resized; the asset is then READY and a site document may name it (site-media.ts).
// When the storage takes uploads itself (an S3 bucket), the browser PUTs to a presigned URL of
// the bucket instead and then calls the signed complete URL: the server reads the bytes back
// from the bucket and finishes the asset exactly as above.

export const uploadLinkInvalid = () => new AppError(403, 'FORBIDDEN', 'sites.uploadLinkInvalid');
export const uploadTooLarge = () => new AppError(413, 'PAYLOAD_TOO_LARGE', 'sites.uploadTooLarge');
const invalidFileType = () => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'sites.invalidFileType');

export const uploadPath = (assetId: string) => `/api/uploads/${assetId}`;
/** The server URL a browser calls once its bytes are in the bucket. */
export const completePath = (serverPath: string) => `${serverPath}/complete`;
/** Where the browser's own PUT puts the bytes: never served (no type), deleted once read. */
export const incomingKey = (id: string) => `incoming/${id}`;

/**
 * Where the browser sends an announced file: the server's signed PUT, or (when the storage
 * allows it) a presigned PUT of exactly `bytes` bytes to the bucket and a signed complete URL.
 */
export async function uploadTarget(ctx: TAppContext, serverPath: string, id: string, bytes: number) {
  if (!ctx.storage.presignPut) {
    const { url, expiresAt } = ctx.urls.signedUrl('PUT', serverPath, UPLOAD_URL_TTL_SECONDS);
    return { uploadUrl: url, method: 'PUT' as const, expiresAt: expiresAt.toISOString() };
  }
  const uploadUrl = await ctx.storage.presignPut(incomingKey(id), {
    bytes,
    expiresInSeconds: UPLOAD_URL_TTL_SECONDS,
  });
  // The complete URL outlives the PUT's by a little: a PUT that starts at the last second may end.
  const { url, expiresAt } = ctx.urls.signedUrl(
    'POST',
    completePath(serverPath),
    UPLOAD_URL_TTL_SECONDS + 600,
  );
  return {
    uploadUrl,
    method: 'PUT' as const,
    expiresAt: new Date(expiresAt.getTime() - 600_000).toISOString(),
    completeUrl: url,
  };
}

/** The signed complete URL's check (POST), as `uploadSignatureValid` is the PUT's. */
export const completeSignatureValid = (
  ctx: TAppContext,
  serverPath: string,
  query: { expires?: unknown; sig?: unknown },
) => ctx.urls.verify('POST', completePath(serverPath), query.expires, query.sig);

export const notReceived = () => new AppError(409, 'CONFLICT', 'sites.uploadNotReceived');

/**
 * The bytes a browser PUT to the bucket, at most `maxBytes` of them (more is 413, none is 409).
 * The incoming file is deleted in every case: the asset's own files are written anew.
 */
export async function readIncoming(ctx: TAppContext, id: string, maxBytes: number): Promise<Buffer> {
  const key = incomingKey(id);
  try {
    const chunks: Buffer[] = [];
    let total = 0;
    for await (const chunk of ctx.storage.openRead(key)) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
      total += buffer.length;
      if (total > maxBytes) throw uploadTooLarge();
      chunks.push(buffer);
    }
    return Buffer.concat(chunks);
  } catch (error) {
    throw isMissingFile(error) ? notReceived() : error;
  } finally {
    await ctx.storage.delete(key).catch(() => {});
  }
}

const EXTENSIONS: Record<TAssetKind, readonly string[]> = {
  IMAGE: SITE_IMAGE_EXTENSIONS,
  VIDEO: SITE_VIDEO_UPLOAD_EXTENSIONS,
};

/** Why an announced file is refused before any byte is sent, or null. */
function refusal(file: TUploadFile): TMessageKey | null {
  if (file.size > SITE_UPLOAD_MAX_BYTES) return 'sites.uploadTooLarge';
  if (!EXTENSIONS[file.kind].includes(extensionOf(file.name))) return 'sites.uploadUnsupported';
  if (file.size === 0) return 'sites.invalidFileType';
  return null;
}

export async function generateUploadUrls(
  ctx: TAppContext,
  opts: {
    caller: TCaller;
    accountId?: string;
    files: TUploadFile[];
    lang: TUiLanguage;
    /** Into the caller's own account, the platform's included (staff images: news, notifications). */
    ownAccount?: boolean;
  },
): Promise<TUploadUrl[]> {
  const account = opts.ownAccount
    ? { id: opts.caller.accountId }
    : await ownerAccount(ctx, opts.caller, opts.accountId);
  // Ids are made here so that each answer entry is certainly its own file's.
  const planned = opts.files.map((file) => {
    const error = refusal(file);
    return { file, error, id: error ? null : randomUUID() };
  });
  const accepted = planned.filter((p) => p.id);
  if (accepted.length > 0)
    await ctx.db.insert(siteAssets).values(
      accepted.map((p) => ({
        id: p.id!,
        accountId: account.id,
        uploadedBy: opts.caller.userId,
        kind: p.file.kind,
        originalName: p.file.name,
        declaredBytes: p.file.size,
      })),
    );
  return Promise.all(
    planned.map(async ({ file, error, id }) => {
      if (!id) return { name: file.name, error: translate(error!, opts.lang) };
      return { name: file.name, assetId: id, ...(await uploadTarget(ctx, uploadPath(id), id, file.size)) };
    }),
  );
}

/** True when the request carries a valid signature for its asset's upload URL. */
export function uploadSignatureValid(
  ctx: TAppContext,
  opts: { assetId: unknown; expires?: unknown; sig?: unknown },
): boolean {
  return (
    typeof opts.assetId === 'string' &&
    ctx.urls.verify('PUT', uploadPath(opts.assetId), opts.expires, opts.sig)
  );
}

/** How often one signed upload URL may be used a minute (a retry or two, never a flood). */
export const SIGNED_UPLOAD_USES_PER_MINUTE = 10;
/** What unsigned or badly signed upload requests of one IP may try a minute (a rate limit). */
export const UNSIGNED_UPLOADS_PER_MINUTE = 300;

/**
 * The rate limit of a signed upload route (a PUT, a complete call): a validly signed request is
 * counted per its asset, so a creator's batch of hundreds of announced files all go through (the
 * announcing, by a signed-in editor, is limited itself); anything else counts per IP.
 */
export const signedUploadRateLimit = (method: 'PUT' | 'POST'): TRateLimit => ({
  max: UNSIGNED_UPLOADS_PER_MINUTE,
  timeWindow: '1 minute',
  signed: {
    perKey: SIGNED_UPLOAD_USES_PER_MINUTE,
    key: (req, ctx) => {
      const { assetId } = req.params as { assetId?: unknown };
      const query = req.query as { expires?: unknown; sig?: unknown };
      if (typeof assetId !== 'string') return null;
      const valid =
        method === 'PUT'
          ? uploadSignatureValid(ctx, { assetId, ...query })
          : completeSignatureValid(ctx, uploadPath(assetId), query);
      return valid ? `${method}:${assetId}` : null;
    },
  },
});

type TAssetRow = typeof siteAssets.$inferSelect;

export function toSiteAsset(ctx: TAppContext, row: TAssetRow): TSiteAsset {
  return {
    id: row.id,
    kind: row.kind as TAssetKind,
    url: row.storageKey ? ctx.storage.publicUrl(row.storageKey) : '',
    width: row.width,
    height: row.height,
    mime: row.mime ?? '',
    bytes: row.bytes ?? 0,
    variants: row.variants.map((v) => ({ width: v.width, url: ctx.storage.publicUrl(v.key) })),
  };
}

const ORIGINAL_EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/mpeg': 'mpg',
};

/** The files one upload writes: uuid-named, never rewritten once the asset is READY. */
type TFileToWrite = { key: string; data: Buffer; contentType: string };
/** What a finished upload sets on its asset row. */
type TAssetValues = Pick<TAssetRow, 'mime' | 'bytes' | 'storageKey' | 'width' | 'height' | 'variants'>;

/** Writes an asset's files; when one fails, none of them is left behind. */
export async function writeFiles(ctx: TAppContext, files: TFileToWrite[]) {
  try {
    for (const f of files) await ctx.storage.put(f.key, f.data, { contentType: f.contentType });
  } catch (error) {
    await deleteFiles(ctx, files);
    throw error;
  }
}

export const deleteFiles = (ctx: TAppContext, files: TFileToWrite[]) =>
  Promise.all(files.map((f) => ctx.storage.delete(f.key).catch(() => {})));

/** Checks the bytes against what was announced; the media type they really are. */
function checkBytes(asset: TAssetRow, bytes: Buffer): TSiteMediaType {
  if (bytes.length === 0) throw invalidFileType();
  if (bytes.length > asset.declaredBytes) throw uploadTooLarge();
  const check = checkSiteUpload({ name: asset.originalName, size: bytes.length, bytes });
  if (!check.ok)
    throw check.messageKey === 'sites.uploadTooLarge'
      ? uploadTooLarge()
      : new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', check.messageKey);
  if (!check.mediaType.startsWith(asset.kind === 'IMAGE' ? 'image/' : 'video/')) throw invalidFileType();
  return check.mediaType;
}

/**
 * The files and column values of one finished asset: a video as it is, an image normalised with
 * its WebP variants. Rejects with 415 when an image's bytes do not decode.
 */
export async function filesOf(
  asset: { id: string; kind: string },
  bytes: Buffer,
  mediaType: TSiteMediaType,
): Promise<{ files: TFileToWrite[]; values: TAssetValues }> {
  const base = `assets/${asset.id}`;
  if (asset.kind === 'VIDEO') {
    const key = `${base}/original.${ORIGINAL_EXTENSIONS[mediaType]}`;
    return {
      files: [{ key, data: bytes, contentType: mediaType }] as TFileToWrite[],
      values: {
        mime: mediaType,
        bytes: bytes.length,
        storageKey: key,
        width: null,
        height: null,
        variants: [],
      },
    };
  }
  const image = await processImage(bytes, mediaType as 'image/png' | 'image/jpeg' | 'image/heic').catch(
    () => {
      throw invalidFileType();
    },
  );
  const { original } = image;
  const key = `${base}/original.${ORIGINAL_EXTENSIONS[original.mime]}`;
  const variants = image.variants.map((v) => ({
    width: v.width,
    key: `${base}/w${v.width}.webp`,
    data: v.data,
  }));
  return {
    files: [
      { key, data: original.data, contentType: original.mime },
      ...variants.map((v) => ({ key: v.key, data: v.data, contentType: 'image/webp' })),
    ] as TFileToWrite[],
    values: {
      mime: original.mime,
      bytes: original.data.length,
      storageKey: key,
      width: original.width,
      height: original.height,
      variants: variants.map((v) => ({ width: v.width, key: v.key })),
    },
  };
}

async function pendingAsset(ctx: TAppContext, assetId: string) {
  const [asset] = await ctx.db.select().from(siteAssets).where(eq(siteAssets.id, assetId));
  if (!asset || asset.kind === 'ZIP') throw notFound();
  if (asset.status !== 'PENDING') throw new AppError(409, 'CONFLICT', 'sites.uploadAlreadyDone');
  return asset;
}

/**
 * The signed PUT of one asset: nothing is written unless the signature holds, the asset still
 * waits for its file and the bytes are what was announced. Then the files are stored and the
 * asset becomes READY.
 */
export async function receiveUpload(
  ctx: TAppContext,
  opts: { assetId: string; expires?: string; sig?: string; body: unknown },
): Promise<TSiteAsset> {
  if (!uploadSignatureValid(ctx, opts)) throw uploadLinkInvalid();
  const asset = await pendingAsset(ctx, opts.assetId);
  return finishUpload(ctx, asset, Buffer.isBuffer(opts.body) ? opts.body : Buffer.alloc(0));
}

/** The signed complete call after a PUT straight to the bucket: the same checks on the same bytes. */
export async function completeUpload(
  ctx: TAppContext,
  opts: { assetId: string; expires?: string; sig?: string },
): Promise<TSiteAsset> {
  if (!completeSignatureValid(ctx, uploadPath(opts.assetId), opts)) throw uploadLinkInvalid();
  const asset = await pendingAsset(ctx, opts.assetId);
  return finishUpload(ctx, asset, await readIncoming(ctx, asset.id, asset.declaredBytes));
}

async function finishUpload(ctx: TAppContext, asset: TAssetRow, bytes: Buffer): Promise<TSiteAsset> {
  const mediaType = checkBytes(asset, bytes);
  const { files, values } = await filesOf(asset, bytes, mediaType);

  // Claimed before writing: of two PUTs racing for one asset, one writes and the other gets 409.
  const [claimed] = await ctx.db
    .update(siteAssets)
    .set({ status: 'STORING' })
    .where(and(eq(siteAssets.id, asset.id), eq(siteAssets.status, 'PENDING')))
    .returning({ id: siteAssets.id });
  if (!claimed) throw new AppError(409, 'CONFLICT', 'sites.uploadAlreadyDone');
  try {
    await writeFiles(ctx, files);
    const [ready] = await ctx.db
      .update(siteAssets)
      .set({ ...values, status: 'READY', readyAt: new Date() })
      .where(eq(siteAssets.id, asset.id))
      .returning();
    return toSiteAsset(ctx, ready!);
  } catch (error) {
    // The upload may be tried again with the same URL: leave no half of it behind.
    await deleteFiles(ctx, files);
    await ctx.db.update(siteAssets).set({ status: 'PENDING' }).where(eq(siteAssets.id, asset.id));
    throw error;
  }
}
