import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { TUiLanguage } from '@swipe/contracts/i18n';
import { type TMessageKey, translate } from '@swipe/contracts/messages';
import {
  checkSiteUpload,
  extensionOf,
  SITE_IMAGE_EXTENSIONS,
  SITE_UPLOAD_MAX_BYTES,
} from '@swipe/contracts/site-upload-rules';
import {
  type TSiteAsset,
  type TZipUploadedFile,
  type TZipUploadTarget,
  ZIP_UPLOAD_MAX_BYTES,
} from '@swipe/contracts/uploads';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { siteAssets } from '../../db/schema/sites';
import type { TAppContext, TCaller } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
import { endLease } from '../../platform/jobs';
import { isMissingFile } from '../../platform/storage';
import { ownerAccount } from '../site-core/site-access';
import { streamToFile } from './stream-to-file';
import {
  completeSignatureValid,
  deleteFiles,
  filesOf,
  incomingKey,
  notReceived,
  toSiteAsset,
  uploadLinkInvalid,
  uploadTarget,
  writeFiles,
} from './uploads.service';
import { isEntryTooLarge, openSafeZip, type TSafeZip, type TZipFileEntry } from './zip-archive';
import {
  commitImport,
  holdImportLease,
  importAssetId,
  renewImportLease,
  type TImportLease,
  undoImport,
  zipTempFile,
} from './zip-import-recovery';

// Bulk upload of creatives as one ZIP (at most 1 GB). generate-zip-url records the
// announced archive as a ticket and signs one upload URL; the signed PUT claims the ticket (one
// upload per URL), streams the archive to a temp file under DATA_DIR, unpacks it safely
// (zip-archive.ts) and turns each image into an asset exactly like a single upload. The import is
// all or nothing for its creator: its assets become READY together when it ends, and what a crash
// leaves midway is undone (zip-import-recovery.ts).

/**
 * The announced archive waits as a site_assets row of this kind: it holds what the upload needs
 * (account, uploader, announced size) and is never READY, so no document can name it. The row
 * is deleted once its upload ends, whatever the outcome.
 */
const ZIP_TICKET_KIND = 'ZIP';

export const zipUploadPath = (uploadId: string) => `/api/uploads/zip/${uploadId}`;

const zipTooLarge = () => new AppError(413, 'PAYLOAD_TOO_LARGE', 'zipUpload.tooLarge');
const largerThanAnnounced = () => new AppError(413, 'PAYLOAD_TOO_LARGE', 'zipUpload.largerThanAnnounced');

export async function generateZipUrl(
  ctx: TAppContext,
  opts: { caller: TCaller; accountId?: string; name: string; size: number },
): Promise<TZipUploadTarget> {
  const account = await ownerAccount(ctx, opts.caller, opts.accountId);
  const id = randomUUID();
  await ctx.db.insert(siteAssets).values({
    id,
    accountId: account.id,
    uploadedBy: opts.caller.userId,
    kind: ZIP_TICKET_KIND,
    originalName: opts.name,
    declaredBytes: opts.size,
  });
  return { uploadId: id, ...(await uploadTarget(ctx, zipUploadPath(id), id, opts.size)) };
}

/** True when the request carries a valid signature for its ZIP upload URL. */
export function zipSignatureValid(
  ctx: TAppContext,
  opts: { uploadId: unknown; expires?: unknown; sig?: unknown },
): boolean {
  return (
    typeof opts.uploadId === 'string' &&
    ctx.urls.verify('PUT', zipUploadPath(opts.uploadId), opts.expires, opts.sig)
  );
}

/** What the body parser of the signed PUT hands over: the request body, not yet read. */
export type TZipBody = { stream: NodeJS.ReadableStream };

const isZipBody = (body: unknown): body is TZipBody =>
  !!body && typeof body === 'object' && 'stream' in body && typeof body.stream === 'object';

/**
 * Takes the announced archive's ticket for this upload, with the import's lease (one
 * transaction); a second PUT to the URL gets 409.
 */
async function claimTicket(ctx: TAppContext, uploadId: string) {
  const claimed = await ctx.db.transaction(async (tx) => {
    const [ticket] = await tx
      .update(siteAssets)
      .set({ status: 'STORING' })
      .where(
        and(
          eq(siteAssets.id, uploadId),
          eq(siteAssets.kind, ZIP_TICKET_KIND),
          eq(siteAssets.status, 'PENDING'),
        ),
      )
      .returning();
    return ticket ? { ticket, held: await holdImportLease(tx, ticket.id) } : null;
  });
  if (claimed) return { ticket: claimed.ticket, lease: renewImportLease(ctx, claimed.held) };
  const [known] = await ctx.db
    .select({ id: siteAssets.id })
    .from(siteAssets)
    .where(and(eq(siteAssets.id, uploadId), eq(siteAssets.kind, ZIP_TICKET_KIND)));
  throw known ? new AppError(409, 'CONFLICT', 'sites.uploadAlreadyDone') : notFound();
}

/**
 * The signed PUT of a ZIP: one entry per file of the archive, in archive order, each with its
 * finished asset or the reason it was refused. A refused archive (limits, zip slip, unreadable)
 * creates nothing. The temp file and the ticket are gone afterwards in every case.
 */
export async function receiveZipUpload(
  ctx: TAppContext,
  opts: {
    uploadId: string;
    expires?: string;
    sig?: string;
    body: unknown;
    contentLength?: string;
    lang: TUiLanguage;
    log?: FastifyBaseLogger;
  },
): Promise<TZipUploadedFile[]> {
  const stream = isZipBody(opts.body) ? opts.body.stream : null;
  // Whatever is refused before the body is read: let it drain so the client gets the answer.
  const refuse = (error: Error) => {
    stream?.resume();
    return error;
  };
  if (!zipSignatureValid(ctx, opts)) throw refuse(uploadLinkInvalid());
  const claimed = await claimTicket(ctx, opts.uploadId).catch((error: Error) => {
    throw refuse(error);
  });
  const declared = Number(opts.contentLength);
  if (stream && Number.isFinite(declared) && declared > announcedOf(claimed.ticket)) {
    await abandonImport(ctx, claimed);
    throw refuse(tooLargeOf(claimed.ticket)());
  }
  return unpackTicket(ctx, claimed, stream, opts);
}

/**
 * The signed complete call after the archive was PUT straight to the bucket: unpacked from there
 * exactly as a PUT to the server would be; the bucket's copy is deleted afterwards.
 */
export async function completeZipUpload(
  ctx: TAppContext,
  opts: { uploadId: string; expires?: string; sig?: string; lang: TUiLanguage; log?: FastifyBaseLogger },
): Promise<TZipUploadedFile[]> {
  if (!completeSignatureValid(ctx, zipUploadPath(opts.uploadId), opts)) throw uploadLinkInvalid();
  const claimed = await claimTicket(ctx, opts.uploadId);
  const key = incomingKey(claimed.ticket.id);
  try {
    return await unpackTicket(ctx, claimed, ctx.storage.openRead(key), opts);
  } catch (error) {
    throw isMissingFile(error) ? notReceived() : error;
  } finally {
    await ctx.storage.delete(key).catch(() => {});
  }
}

type TTicket = typeof siteAssets.$inferSelect;
const announcedOf = (ticket: TTicket) => Math.min(ticket.declaredBytes, ZIP_UPLOAD_MAX_BYTES);
const tooLargeOf = (ticket: TTicket) =>
  ticket.declaredBytes >= ZIP_UPLOAD_MAX_BYTES ? zipTooLarge : largerThanAnnounced;

type TClaimed = { ticket: TTicket; lease: TImportLease };

/** Undoes a claimed import that fails here; what this cannot undo, its lapsing lease will. */
async function abandonImport(ctx: TAppContext, { ticket, lease }: TClaimed) {
  lease.stop();
  await undoImport(ctx, ticket.id);
  await endLease(ctx.db, lease.id, lease.holder);
}

/**
 * Streams a claimed ticket's archive to a temp file and unpacks it into STORING assets, which
 * become READY together at the end (commitImport); when it fails, nothing of it is left.
 */
async function unpackTicket(
  ctx: TAppContext,
  claimed: TClaimed,
  stream: NodeJS.ReadableStream | null,
  opts: { lang: TUiLanguage; log?: FastifyBaseLogger },
): Promise<TZipUploadedFile[]> {
  const { ticket, lease } = claimed;
  try {
    if (!stream) throw new AppError(400, 'VALIDATION_FAILED', 'zipUpload.unreadable');
    const announced = announcedOf(ticket);
    const tooLarge = tooLargeOf(ticket);

    // Named by its ticket, never by the client: nothing the archive or its name says reaches a path.
    const temp = zipTempFile(ctx, ticket.id);
    await fs.promises.mkdir(path.dirname(temp), { recursive: true });
    const out: TZipUploadedFile[] = [];
    try {
      await streamToFile(stream, temp, { maxBytes: announced, tooLarge });
      const zip = await openSafeZip(temp);
      try {
        if (zip.files.length === 0) throw new AppError(400, 'VALIDATION_FAILED', 'zipUpload.empty');
        const owner = { accountId: ticket.accountId, uploadedBy: ticket.uploadedBy };
        // One entry at a time: at most one 30 MB entry (and its decoding) in memory per upload.
        for (const [i, file] of zip.files.entries()) {
          lease.check();
          const id = importAssetId(ticket.id, i);
          out.push(await extractImage(ctx, zip, file, { ...owner, ...opts, id }));
        }
      } finally {
        zip.close();
      }
    } finally {
      await fs.promises.rm(temp, { force: true });
    }
    const assetIds = out.flatMap((f) => (f.asset ? [f.asset.id] : []));
    await commitImport(ctx, { uploadId: ticket.id, lease, assetIds });
    lease.stop();
    return out;
  } catch (error) {
    await abandonImport(ctx, claimed).catch((cleanup: unknown) =>
      opts.log?.error({ err: cleanup }, 'zip import could not be undone; its lease will'),
    );
    throw error;
  }
}

const isImageName = (name: string) =>
  (SITE_IMAGE_EXTENSIONS as readonly string[]).includes(extensionOf(name));

/** One file of the archive: a READY image asset, or the translated reason it is not one. */
async function extractImage(
  ctx: TAppContext,
  zip: TSafeZip,
  file: TZipFileEntry,
  opts: {
    /** The asset's id (importAssetId: the import's record names it). */
    id: string;
    accountId: string;
    uploadedBy: string | null;
    lang: TUiLanguage;
    log?: FastifyBaseLogger;
  },
): Promise<TZipUploadedFile> {
  const fail = (messageKey: TMessageKey) => ({ name: file.name, error: translate(messageKey, opts.lang) });
  // Name first (cheap): a video or a document is not inflated at all.
  if (!isImageName(file.baseName)) return fail('zipUpload.unsupported');
  if (file.size > SITE_UPLOAD_MAX_BYTES) return fail('sites.uploadTooLarge');
  if (!file.readable) return fail('zipUpload.entryUnreadable');
  let bytes: Buffer;
  try {
    bytes = await zip.read(file, SITE_UPLOAD_MAX_BYTES);
  } catch (error) {
    return fail(isEntryTooLarge(error) ? 'sites.uploadTooLarge' : 'zipUpload.entryUnreadable');
  }
  // Then the bytes decide, never the name, as for a single upload.
  const check = checkSiteUpload({ name: file.baseName, size: bytes.length, bytes });
  if (!check.ok) return fail(check.messageKey);
  if (!check.mediaType.startsWith('image/')) return fail('sites.invalidFileType');
  try {
    const asset = await storeImportedImage(ctx, {
      ...opts,
      name: file.baseName,
      bytes,
      mediaType: check.mediaType,
    });
    return { name: file.name, asset };
  } catch (error) {
    if (error instanceof AppError) return fail(error.messageKey);
    opts.log?.error({ err: error, entry: file.name }, 'zip entry could not be stored');
    return fail('zipUpload.entryFailed');
  }
}

/**
 * Processes and stores one image (HEIC to JPEG, rotated, metadata removed, WebP variants) as a
 * READY asset of the account's media library: what a ZIP's entries and a template's images become.
 */
export async function storeImage(
  ctx: TAppContext,
  opts: {
    accountId: string;
    uploadedBy: string | null;
    name: string;
    bytes: Buffer;
    mediaType: Parameters<typeof filesOf>[2];
  },
): Promise<TSiteAsset> {
  const id = randomUUID();
  const { files, values } = await filesOf({ id, kind: 'IMAGE' }, opts.bytes, opts.mediaType);
  await writeFiles(ctx, files);
  try {
    const [row] = await ctx.db
      .insert(siteAssets)
      .values({
        id,
        accountId: opts.accountId,
        uploadedBy: opts.uploadedBy,
        kind: 'IMAGE',
        // The entry's base name: the console maps 'B2.jpg' to page B2.
        originalName: opts.name,
        declaredBytes: opts.bytes.length,
        ...values,
        status: 'READY',
        readyAt: new Date(),
      })
      .returning();
    return toSiteAsset(ctx, row!);
  } catch (error) {
    await deleteFiles(ctx, files);
    throw error;
  }
}

/**
 * One image of an import: its row first, STORING (never shown, and naming every file it is about
 * to write), then its files. It becomes READY with the rest of the import (commitImport).
 */
async function storeImportedImage(
  ctx: TAppContext,
  opts: {
    id: string;
    accountId: string;
    uploadedBy: string | null;
    name: string;
    bytes: Buffer;
    mediaType: Parameters<typeof filesOf>[2];
  },
): Promise<TSiteAsset> {
  const { files, values } = await filesOf({ id: opts.id, kind: 'IMAGE' }, opts.bytes, opts.mediaType);
  const [row] = await ctx.db
    .insert(siteAssets)
    .values({
      id: opts.id,
      accountId: opts.accountId,
      uploadedBy: opts.uploadedBy,
      kind: 'IMAGE',
      // The entry's base name: the console maps 'B2.jpg' to page B2.
      originalName: opts.name,
      declaredBytes: opts.bytes.length,
      ...values,
      status: 'STORING',
    })
    .returning();
  try {
    await writeFiles(ctx, files);
  } catch (error) {
    await ctx.db.delete(siteAssets).where(eq(siteAssets.id, opts.id));
    throw error;
  }
  return toSiteAsset(ctx, row!);
}

/** The answer to a finished ZIP upload: each file, and how many of them became creatives. */
export function zipUploadAnswer(files: TZipUploadedFile[], lang: TUiLanguage) {
  const count = files.filter((f) => f.asset).length;
  return { data: { files }, message: translate('zipUpload.uploaded', lang, { count, total: files.length }) };
}
