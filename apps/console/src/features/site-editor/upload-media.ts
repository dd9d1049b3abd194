import { keysToCamel } from '@swipe/contracts/case';
import { api } from '../../app/api-client';
import { checkSiteUploadName } from './upload-rules';

// SPEC 7 uploads: ask the server for signed upload URLs, then PUT each file to its URL. XHR,
// not fetch, because only XHR reports upload progress.

export type TUploadedAsset = { id: string; kind: 'IMAGE' | 'VIDEO'; url: string };
export type TUploadOutcome = { file: File; asset?: TUploadedAsset; error?: string };

type TSlot = { name: string; assetId?: string; uploadUrl?: string; error?: string };

function put(url: string, file: File, onProgress: (loaded: number) => void): Promise<TUploadedAsset> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    xhr.setRequestHeader('Accept-Language', document.documentElement.lang || 'ja');
    xhr.upload.onprogress = (e) => onProgress(e.loaded);
    xhr.onload = () => {
      let body: { data?: unknown; message?: string } | null = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body?.data)
        resolve(keysToCamel<TUploadedAsset>(body.data));
      else reject(new Error(body?.message ?? `Error ${xhr.status}: ${xhr.statusText}`));
    };
    xhr.onerror = () => reject(new Error('network'));
    xhr.send(file);
  });
}

/**
 * Uploads files to the media library of the site's account. Files the browser can already tell
 * are wrong (name, size) fail without a request; the server checks the bytes of the rest.
 * `onProgress` gets the share of all bytes sent so far (0..1).
 */
export async function uploadMedia(
  files: File[],
  opts: { accountId?: string; onProgress?: (share: number) => void; messages: { network: string } },
): Promise<TUploadOutcome[]> {
  const outcomes: TUploadOutcome[] = files.map((file) => {
    const problem = checkSiteUploadName(file);
    return problem ? { file, error: problem } : { file };
  });
  const todo = outcomes.filter((o) => !o.error);
  if (todo.length === 0) return outcomes;
  const res = await api.post<TSlot[]>(
    '/api/site/generate-urls',
    {
      files: todo.map((o) => ({
        name: o.file.name,
        size: o.file.size,
        kind: o.file.type.startsWith('video/') || /\.(mp4|mov|mpe?g)$/i.test(o.file.name) ? 'VIDEO' : 'IMAGE',
      })),
      ...(opts.accountId ? { accountId: opts.accountId } : {}),
    },
    { toast: false },
  );
  const total = todo.reduce((n, o) => n + o.file.size, 0) || 1;
  const sent = new Map<File, number>();
  const report = () => opts.onProgress?.([...sent.values()].reduce((a, b) => a + b, 0) / total);
  await Promise.all(
    todo.map(async (o, i) => {
      const slot = res.data[i];
      if (!slot?.uploadUrl) {
        o.error = slot?.error ?? opts.messages.network;
        return;
      }
      try {
        o.asset = await put(slot.uploadUrl, o.file, (loaded) => {
          sent.set(o.file, loaded);
          report();
        });
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
