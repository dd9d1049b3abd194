import { keysToCamel, keysToSnake } from '@swipe/contracts/case';
import { checkSite, type TMediaSize } from '@swipe/contracts/site-check';
import { type TSiteDocument, ZLink } from '@swipe/contracts/sites';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites } from '../../db/schema/sites';
import type { TTestApp } from '../../test/harness';
import { startTestApp } from '../../test/harness';
import { signedInCaller, type TSignedInCall } from '../users/users-test-kit';
import { insertReadyAsset, siteDocument } from './site-fixtures';

// The pre-publish check on the server: publishing is refused while the check
// has an error, naming the fields, and goes ahead with warnings only; the site detail carries
// what the check needs to judge image sizes.

let t: TTestApp;
let call: TSignedInCall;
beforeAll(async () => {
  t = await startTestApp();
  call = signedInCaller(t);
});
afterAll(async () => t?.close());

const WHO = 'direct@example.com';
const wire = (doc: TSiteDocument) => keysToSnake(doc) as object;
const save = (id: string, doc: TSiteDocument, mode: string) =>
  call(WHO, 'PUT', `/api/site/${id}`, { document: wire(doc), mode });

/**
 * Two pages with images and only warnings: no alt text, the default button colours (white on
 * #99D52A), no SEO title. Page B1 is members-only.
 */
async function riskyDocument() {
  const doc = siteDocument({ rows: 1, columns: 2 });
  const asset = await insertReadyAsset(t.database.db, t.fixtures.accounts.direct.id, {
    storageKey: 'assets/pre-publish/original.png',
    width: 4000,
    height: 8000,
  });
  for (const page of doc.content.JP!.creatives) page.media = { assetId: asset.id, kind: 'IMAGE' };
  const first = doc.content.JP!.creatives[0]!;
  first.linkButtonText = 'Buy now';
  first.link = ZLink.parse({ kind: 'EXTERNAL', url: 'https://example.com/shop' });
  doc.content.JP!.creatives[1]!.membersOnlyLock = true;
  return { doc, asset };
}

describe('publishing and the pre-publish check', () => {
  it('refuses to publish while an error is found, naming its field, and publishes with warnings only', async () => {
    const { doc } = await riskyDocument();
    const membership = doc.content.JP!.forms.MEMBERSHIP_SETTING;
    // Nobody could register for the members-only page: an error.
    doc.content.JP!.forms.MEMBERSHIP_SETTING = membership.filter((f) => f.builtIn !== 'PASSWORD');
    const created = await call(WHO, 'POST', '/api/site', { document: wire(doc) });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as string;

    const refused = await save(id, doc, 'PUBLISH');
    expect(refused.statusCode).toBe(400);
    const message =
      'Nobody can open the members-only pages (B1): the membership form of this language has no email or password field to register with.';
    expect(refused.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message,
      errors: [{ field: 'document.content.JP.forms.MEMBERSHIP_SETTING', message }],
    });
    const inJapanese = await call(
      WHO,
      'PUT',
      `/api/site/${id}`,
      { document: wire(doc), mode: 'PUBLISH' },
      'ja',
    );
    expect(inJapanese.json().message).toContain('会員限定ページ（B1）');
    const [row] = await t.database.db.select().from(sites).where(eq(sites.id, id));
    expect(row!.status).toBe('DRAFT');
    expect(row!.published).toBeNull();

    // The form restored, what is left are warnings: they do not stop publishing.
    doc.content.JP!.forms.MEMBERSHIP_SETTING = membership;
    const findings = checkSite(doc);
    expect(findings.map((f) => `${f.severity} ${f.code}`).sort()).toEqual([
      'warning altMissing',
      'warning altMissing',
      'warning lowContrast',
      'warning seoTitleMissing',
    ]);
    const published = await save(id, doc, 'PUBLISH');
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().data.status).toBe('PUBLISH');
  });

  it('names every error, the empty languages first with their own message', async () => {
    const doc = siteDocument({ rows: 1, columns: 2 });
    doc.content.JP!.creatives[1]!.membersOnlyLock = true;
    doc.content.JP!.forms.MEMBERSHIP_SETTING = [];
    const id = (await call(WHO, 'POST', '/api/site', { document: wire(doc) })).json().data.id as string;
    const res = await save(id, doc, 'PUBLISH');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Upload at least one creative image before publishing.');
    expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual([
      'document.content.JP.creatives',
      'document.content.JP.forms.MEMBERSHIP_SETTING',
    ]);
  });

  it('answers the pixels and bytes of the document’s files, which the check judges images by', async () => {
    const { doc, asset } = await riskyDocument();
    const created = await call(WHO, 'POST', '/api/site', { document: wire(doc) });
    const id = created.json().data.id as string;
    const detail = await call(WHO, 'GET', `/api/site/${id}`);
    expect(detail.statusCode).toBe(200);
    const sizes = detail.json().data.media_sizes as Record<string, unknown>;
    expect(sizes).toEqual({ [asset.id]: { width: 4000, height: 8000, bytes: 1024 } });
    const media = keysToCamel(sizes) as Record<string, TMediaSize>;
    expect(
      checkSite(doc, { media })
        .filter((f) => f.code === 'imageOversized')
        .map((f) => f.page),
    ).toEqual(['A1', 'B1']);
  });
});
