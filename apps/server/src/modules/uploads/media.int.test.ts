import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { keysToSnake } from '@swipe/contracts/case';
import type { TSiteDocument } from '@swipe/contracts/sites';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TTestApp } from '../../test/harness';
import { insertSite, siteDocument } from '../sites/site-fixtures';
import { HTML, png, startUploadsTestApp, type TTarget } from './uploads-test-kit';

// What becomes of uploaded files: served under /media/ (nothing else is), and usable in the site
// documents of their own account only.

let k: Awaited<ReturnType<typeof startUploadsTestApp>>;
let t: TTestApp;
beforeAll(async () => {
  k = await startUploadsTestApp();
  t = k.t;
});
afterAll(async () => k?.close());

describe('GET /media/*', () => {
  it('answers 404 in JSON for unknown keys and paths that try to leave the media folder', async () => {
    fs.writeFileSync(path.join(t.config.dataDir, 'secret.png'), 'secret');
    // Sent over a socket as written: inject() (like browsers) would resolve the dot segments first.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const rawGet = (url: string) =>
      new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
        http
          .get(`${address}${url}`, { path: url }, (res) => {
            let body = '';
            res.on('data', (c) => {
              body += c;
            });
            res.on('end', () =>
              resolve({ status: res.statusCode!, type: String(res.headers['content-type']), body }),
            );
          })
          .on('error', reject);
      });
    for (const url of [
      `/media/assets/${crypto.randomUUID()}/original.png`,
      '/media/../secret.png',
      '/media/assets/../../secret.png',
      '/media/%2e%2e/secret.png',
      '/media/assets/%2e%2e/%2e%2e/secret.png',
      '/media/..%2fsecret.png',
      '/media/..%5csecret.png',
      '/media/.%2e/secret.png',
      '/media/assets//original.png',
      '/media/',
    ]) {
      const res = await rawGet(url);
      expect(res.status, url).toBe(404);
      expect(res.type, url).toContain('application/json');
      expect(res.body, url).not.toContain('secret');
    }
  });

  it('serves no file whose type it does not know, even inside the media folder', async () => {
    const dir = path.join(t.config.mediaDir, 'assets', 'planted');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'page.html'), HTML);
    expect((await t.app.inject({ url: '/media/assets/planted/page.html' })).statusCode).toBe(404);
  });
});

describe('uploaded files in site documents', () => {
  const wire = (doc: TSiteDocument) => keysToSnake(doc) as object;
  const withMedia = (assetId: string) => {
    const doc = siteDocument();
    doc.content.JP!.creatives[0]!.media = { assetId, kind: 'IMAGE' };
    return doc;
  };

  it("refuses another account's upload and a pending one; the owner publishes with its own", async () => {
    const asset = await k.upload('direct@example.com', 'mine.png', await png(900, 1600));
    const foreignSite = await insertSite(t.database.db, { accountId: t.fixtures.accounts.company.id });
    const refused = await k.call('user@example.com', 'PUT', `/api/site/${foreignSite.id}`, {
      document: wire(withMedia(asset.id)),
      mode: 'DRAFT',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      {
        field: 'document.content.JP.creatives.0.media',
        message: 'The file could not be found. Please upload it again.',
      },
    ]);

    const pending = await k.target('direct@example.com', 'later.png', await png(10, 10));
    const created = await k.call('direct@example.com', 'POST', '/api/site', {
      document: wire(withMedia(pending.asset_id)),
    });
    expect(created.statusCode).toBe(400);

    const own = await k.call('direct@example.com', 'POST', '/api/site', {
      document: wire(withMedia(asset.id)),
    });
    expect(own.statusCode, own.body).toBe(201);
    const published = await k.call('direct@example.com', 'PUT', `/api/site/${own.json().data.id}`, {
      document: wire(withMedia(asset.id)),
      mode: 'PUBLISH',
    });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().data.status).toBe('PUBLISH');
    // The editor gets the URL of each file the document names.
    const read = await k.call('direct@example.com', 'GET', `/api/site/${own.json().data.id}`);
    expect(read.json().data.media).toEqual({ [asset.id]: asset.url });
  });

  it("lets a company's user build with what its OEM uploaded for it", async () => {
    const { company } = t.fixtures.accounts;
    const bytes = await png(390, 700);
    const res = await k.announce(
      'oem@example.com',
      [{ name: 'for-client.png', size: bytes.length, kind: 'IMAGE' }],
      {
        account_id: company.id,
      },
    );
    const to = res.json().data[0] as TTarget;
    expect((await k.put(to.upload_url, bytes)).statusCode).toBe(200);
    const site = await insertSite(t.database.db, { accountId: company.id });
    const saved = await k.call('user@example.com', 'PUT', `/api/site/${site.id}`, {
      document: wire(withMedia(to.asset_id)),
      mode: 'DRAFT',
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });
});
