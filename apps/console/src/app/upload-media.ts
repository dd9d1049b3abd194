import { keysToCamel } from '@swipe/contracts/case';
import type { TUiLanguage } from '@swipe/contracts/i18n';
import { translate } from '@swipe/contracts/messages';
import { isSiteUploadName, SITE_UPLOAD_MAX_BYTES } from '@swipe/contracts/site-upload-rules';
import { isZipName, SITE_UPLOAD_BATCH_MAX, ZIP_UPLOAD_MAX_BYTES } from '@swipe/contracts/uploads';
import { i18n } from '../i18n/i18n';
import { api } from './api-client';

// What the browser can tell before uploading: the extension and the 30 MB limit. The
// server judges the bytes.

export function checkSiteUploadName(file: { name: string; size: number }): string | null {
  const lang = i18n.language as TUiLanguage;
  if (!isSiteUploadName(file.name)) return translate('sites.uploadUnsupported', lang);
  if (file.size > SITE_UPLOAD_MAX_BYTES) return translate('sites.uploadTooLarge', lang);
  return null;
}

/** What the browser can tell of a bulk-upload ZIP: its name ends in .zip and it is at most 1 GB. */
export function checkZipUploadName(file: { name: string; size: number }): string | null {
  const lang = i18n.language as TUiLanguage;
  if (!isZipName(file.name)) return translate('zipUpload.notZip', lang);
  if (file.size > ZIP_UPLOAD_MAX_BYTES) return translate('zipUpload.tooLarge', lang);
  return null;
}

// Uploads: ask the server for signed upload URLs, then PUT each file to its URL. XHR,
// not fetch, because only XHR reports upload progress. Where the storage takes files itself (an
// S3 bucket), the URL is the bucket's and a POST to the target's complete URL then has the
// server check the file and answer what a PUT to the server answers.

export type TUploadedAsset = {
  id: string;
  kind: 'IMAGE' | 'VIDEO';
  url: string;
  /** The image's WebP renditions (the smallest is its thumbnail). */
  variants?: { width: number; url: string }[];
};
export type TUploadOutcome = { file: File; asset?: TUploadedAsset; error?: string };

type TTarget = { uploadUrl: string; completeUrl?: string };
type TSlot = { name: string; assetId?: string; error?: string } & Partial<TTarget>;

/** PUTs the file to `url`; resolves with the answer's JSON body (null when it has none). */
function putFile(url: string, file: File, opts: { toServer: boolean; onProgress: (loaded: number) => void }) {
  return new Promise<{ data?: unknown; message?: string } | null>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    if (opts.toServer) xhr.setRequestHeader('Accept-Language', document.documentElement.lang || 'ja');
    xhr.upload.onprogress = (e) => opts.onProgress(e.loaded);
    xhr.onload = () => {
      let body: { data?: unknown; message?: string } | null = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body);
      else reject(new Error(body?.message ?? `Error ${xhr.status}: ${xhr.statusText}`));
    };
    xhr.onerror = () => reject(new Error('network'));
    xhr.send(file);
  });
}

/** Sends the file to its target; resolves with the server's `data`, camelCased. */
async function send<T = TUploadedAsset>(
  target: TTarget,
  file: File,
  onProgress: (loaded: number) => void,
): Promise<T> {
  const body = await putFile(target.uploadUrl, file, { toServer: !target.completeUrl, onProgress });
  if (target.completeUrl) {
    const done = await api.post<T>(target.completeUrl, {}, { auth: false, toast: false });
    return done.data;
  }
  if (!body?.data) throw new Error('network');
  return keysToCamel<T>(body.data);
}

/**
 * Uploads files to the media library of the site's account. Files the browser can already tell
 * are wrong (name, size) fail without a request; the server checks the bytes of the rest.
 * `onProgress` gets the share of all bytes sent so far (0..1).
 */
export async function uploadMedia(
  files: File[],
  opts: {
    accountId?: string;
    /** Where to ask for the upload URLs (same body and answer): default the site media library's. */
    endpoint?: string;
    onProgress?: (share: number) => void;
    messages: { network: string };
  },
): Promise<TUploadOutcome[]> {
  const outcomes: TUploadOutcome[] = files.map((file) => {
    const problem = checkSiteUploadName(file);
    return problem ? { file, error: problem } : { file };
  });
  const pending = outcomes.filter((o) => !o.error);
  if (pending.length === 0) return outcomes;
  // The server announces at most SITE_UPLOAD_BATCH_MAX files a call: a larger batch (a 100-page
  // site in four languages is about 400 files) asks in several calls, in order.
  const slots: TSlot[] = [];
  for (let from = 0; from < pending.length; from += SITE_UPLOAD_BATCH_MAX) {
    const res = await api.post<TSlot[]>(
      opts.endpoint ?? '/api/site/generate-urls',
      {
        files: pending.slice(from, from + SITE_UPLOAD_BATCH_MAX).map((o) => ({
          name: o.file.name,
          size: o.file.size,
          kind:
            o.file.type.startsWith('video/') || /\.(mp4|mov|mpe?g)$/i.test(o.file.name) ? 'VIDEO' : 'IMAGE',
        })),
        ...(opts.accountId ? { accountId: opts.accountId } : {}),
      },
      { toast: false },
    );
    slots.push(...res.data);
  }
  const total = pending.reduce((n, o) => n + o.file.size, 0) || 1;
  const sent = new Map<File, number>();
  const report = () => opts.onProgress?.([...sent.values()].reduce((a, b) => a + b, 0) / total);
  await Promise.all(
    pending.map(async (o, i) => {
      const slot = slots[i];
      if (!slot?.uploadUrl) {
        o.error = slot?.error ?? opts.messages.network;
        return;
      }
      try {
        o.asset = await send(
          { uploadUrl: slot.uploadUrl, completeUrl: slot.completeUrl },
          o.file,
          (loaded) => {
            sent.set(o.file, loaded);
            report();
          },
        );
      } catch (error) {
        o.error =
          error instanceof Error && error.message !== 'network' ? error.message : opts.messages.network;
      }
      sent.set(o.file, o.file.size);
      report();
    }),
  );
  return outcomes;
}

/** One file of an uploaded ZIP (its path inside the archive): its asset, or why it was refused. */
export type TZipEntryOutcome = { name: string; asset?: TUploadedAsset; error?: string };

/**
 * Bulk upload: one ZIP of images (at most 1 GB) to the site's account. Rejects with the
 * message to show when the archive as a whole is refused (name, size, limits of its contents);
 * otherwise answers each file of the archive, in archive order. `onProgress` gets the share of
 * the archive sent so far (0..1); the server unpacks it after the last byte.
 */
export async function uploadZipArchive(
  file: File,
  opts: { accountId?: string; onProgress?: (share: number) => void; messages: { network: string } },
): Promise<TZipEntryOutcome[]> {
  const problem = checkZipUploadName(file);
  if (problem) throw new Error(problem);
  const res = await api.post<TTarget>(
    '/api/site/generate-zip-url',
    { name: file.name, size: file.size, ...(opts.accountId ? { accountId: opts.accountId } : {}) },
    { toast: false },
  );
  try {
    const done = await send<{ files: TZipEntryOutcome[] }>(res.data, file, (loaded) =>
      opts.onProgress?.(loaded / (file.size || 1)),
    );
    return done.files;
  } catch (error) {
    throw error instanceof Error && error.message !== 'network' ? error : new Error(opts.messages.network);
  }
}
