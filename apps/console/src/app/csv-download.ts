import { keysToSnake } from '@swipe/contracts/case';
import { ApiError, api, errorMessageOf } from './api-client';
import { readLang, readTokens } from './session';

// A file (a CSV export or template, an invoice PDF) is not a JSON envelope, so it is fetched
// directly with the bearer token; the browser then saves the blob under the name the server chose.

/** The file name of a Content-Disposition header; RFC 5987 `filename*` wins over `filename`. */
export function fileNameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      return sanitize(decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''))) || fallback;
    } catch {
      // A malformed escape: fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*("((?:\\.|[^"\\])*)"|[^;]+)/i.exec(header);
  const name = plain?.[2]?.replace(/\\(.)/g, '$1') ?? plain?.[1]?.trim();
  return (name && sanitize(name)) || fallback;
}

// Never let a header put a path into the saved name.
const sanitize = (name: string) => name.replace(/[\\/]/g, '_').trim();

export function buildExportUrl(path: string, query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(keysToSnake<Record<string, unknown>>(query)))
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

async function fetchWithToken(url: string, accept: string) {
  const token = readTokens()?.accessToken;
  return fetch(url, {
    headers: {
      Accept: accept,
      'Accept-Language': readLang(),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
  });
}

/**
 * Fetches a file (a CSV export, an invoice PDF) with the bearer token; throws an ApiError (with
 * the server's message) when it fails.
 */
export async function fetchFile(
  path: string,
  query: Record<string, unknown>,
  fallbackName: string,
  accept = 'text/csv',
): Promise<{ blob: Blob; name: string }> {
  const url = buildExportUrl(path, query);
  let response = await fetchWithToken(url, accept);
  if (response.status === 401) {
    // An expired access token: any API call refreshes it (one shared refresh), then retry once.
    await api.get('/api/auth/user-info', { toast: false }).catch(() => undefined);
    response = await fetchWithToken(url, accept);
  }
  if (!response.ok) {
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    throw new ApiError(errorMessageOf(response.status, response.statusText, body), 'http', response.status);
  }
  const blob = await response.blob();
  return { blob, name: fileNameFromDisposition(response.headers.get('Content-Disposition'), fallbackName) };
}

/** Lets the browser save a fetched blob under `name`. */
export function saveBlob(blob: Blob, name: string) {
  const href = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = name;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Revoke later: some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** Downloads a file of any type (an invoice PDF: `accept` 'application/pdf') and saves it. */
export async function downloadFile(
  path: string,
  query: Record<string, unknown>,
  fallbackName: string,
  accept: string,
) {
  const { blob, name } = await fetchFile(path, query, fallbackName, accept);
  saveBlob(blob, name);
  return name;
}

/** Downloads a CSV file; throws an ApiError (with the server's message) when it fails. */
export const downloadCsv = (path: string, query: Record<string, unknown>, fallbackName: string) =>
  downloadFile(path, query, fallbackName, 'text/csv');
