import type { TUiLanguage } from '@swipe/contracts/i18n';
import { translate } from '@swipe/contracts/messages';
import { isSiteUploadName, SITE_UPLOAD_MAX_BYTES } from '@swipe/contracts/site-upload-rules';
import { isZipName, ZIP_UPLOAD_MAX_BYTES } from '@swipe/contracts/uploads';
import { i18n } from '../../i18n/i18n';

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

/** The page a file name addresses ('B2.jpg', 'b2.png'), or null. */
export function coordinateOfFileName(name: string): string | null {
  const m = /^([a-z]{1,3}[1-9]\d?|[a-z]{1,3}100)\.[a-z0-9]+$/i.exec(name.split('/').pop() ?? '');
  return m ? m[1]!.toUpperCase() : null;
}

/**
 * Which page each uploaded file goes to: files named like a page (B2.jpg) to that page, the
 * others in name order to the empty pages from the first one on.
 */
export function assignFilesToPages<T extends { name: string }>(
  files: T[],
  pages: { coordinate: string; filled: boolean }[],
): { file: T; coordinate: string }[] {
  const valid = new Set(pages.map((p) => p.coordinate));
  const taken = new Set<string>();
  const out: { file: T; coordinate: string }[] = [];
  const rest: T[] = [];
  for (const file of files) {
    const c = coordinateOfFileName(file.name);
    if (c && valid.has(c) && !taken.has(c)) {
      taken.add(c);
      out.push({ file, coordinate: c });
    } else rest.push(file);
  }
  rest.sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true }));
  const free = pages.filter((p) => !p.filled && !taken.has(p.coordinate)).map((p) => p.coordinate);
  rest.forEach((file, i) => {
    if (free[i]) out.push({ file, coordinate: free[i]! });
  });
  return out;
}
