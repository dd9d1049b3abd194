import {
  emptyLanguageContent,
  type TSiteDocument,
  type TSiteLanguage,
  ZSiteDocument,
} from '@swipe/contracts/sites';
import type { TDb } from '../../db/client';
import { siteAssets, sites } from '../../db/schema/sites';

// Sites and media for tests and the demo seed, written straight to the database (the API's own
// rules are what the API tests are for).

/** A valid document: `rows` x `columns` empty pages in each language, defaults everywhere else. */
export function siteDocument(
  opts: { name?: string; rows?: number; columns?: number; languages?: TSiteLanguage[] } = {},
): TSiteDocument {
  const rows = opts.rows ?? 1;
  const columns = opts.columns ?? 2;
  const languages = opts.languages ?? ['JP'];
  return ZSiteDocument.parse({
    name: opts.name ?? 'Spring Campaign',
    numberVertical: rows,
    numberHorizontal: columns,
    defaultLanguage: languages[0],
    languages,
    content: Object.fromEntries(languages.map((l) => [l, emptyLanguageContent(rows, columns)])),
  });
}

/** A finished upload of the account's media library (no file behind it unless `storageKey`). */
export async function insertReadyAsset(
  db: TDb,
  accountId: string,
  opts: { kind?: 'IMAGE' | 'VIDEO'; storageKey?: string; width?: number; height?: number } = {},
) {
  const [row] = await db
    .insert(siteAssets)
    .values({
      accountId,
      kind: opts.kind ?? 'IMAGE',
      originalName: 'creative.png',
      declaredBytes: 1024,
      bytes: 1024,
      mime: opts.kind === 'VIDEO' ? 'video/mp4' : 'image/png',
      width: opts.width ?? 780,
      height: opts.height ?? 1476,
      storageKey: opts.storageKey ?? null,
      status: 'READY',
      readyAt: new Date(),
    })
    .returning();
  return row!;
}

export async function insertSite(
  db: TDb,
  opts: { accountId: string; doc?: TSiteDocument; status?: string; published?: boolean },
) {
  const doc = opts.doc ?? siteDocument();
  const [row] = await db
    .insert(sites)
    .values({
      accountId: opts.accountId,
      name: doc.name,
      draft: doc,
      pages: doc.numberVertical * doc.numberHorizontal,
      status: opts.status ?? (opts.published ? 'PUBLISH' : 'DRAFT'),
      ...(opts.published
        ? {
            published: doc,
            publishedVersion: 1,
            publishedRevision: 0,
            publishedAt: new Date(),
          }
        : {}),
    })
    .returning();
  return row!;
}
