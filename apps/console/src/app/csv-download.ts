import { keysToSnake } from '@swipe/contracts/case';
import { ApiError, api, errorMessageOf } from './api-client';
import { readLang, readTokens } from './session';

// A CSV file (an export, a template) is not a JSON envelope, so it is fetched directly with the
// bearer token; the browser then saves the blob under the name the server chose.

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

async function fetchWithToken(url: string) {
  const token = readTokens()?.accessToken;
  return fetch(url, {
    headers: {
      Accept: 'text/csv',
      'Accept-Language': readLang(),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
  });
}

/** Downloads a CSV file; throws an ApiError (with the server's message) when it fails. */
export async function downloadCsv(path: string, query: Record<string, unknown>, fallbackName: string) {
  const url = buildExportUrl(path, query);
  let response = await fetchWithToken(url);
  if (response.status === 401) {
    // An expired access token: any API call refreshes it (one shared refresh), then retry once.
    await api.get('/api/auth/user-info', { toast: false }).catch(() => undefined);
    response = await fetchWithToken(url);
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
  const name = fileNameFromDisposition(response.headers.get('Content-Disposition'), fallbackName);
  const href = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = name;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Revoke later: some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return name;
}
