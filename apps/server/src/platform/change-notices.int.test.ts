import type { AddressInfo } from 'node:net';
import { keysToSnake } from '@swipe/contracts/case';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type TBuiltApp } from '../app';
import { insertReadyAsset, siteDocument } from '../modules/sites/site-fixtures';
import { signedInCaller, type TSignedInCall } from '../modules/users/users-test-kit';
import { startTestApp, type TTestApp } from '../test/harness';
import { within } from '../test/wait';

// Two server processes on one database (here two apps in one test process, each with its own
// caches and its own LISTEN connection): a change made through A reaches B's caches.
let a: TTestApp;
let b: TBuiltApp;
let call: TSignedInCall;
let baseA: string;
let baseB: string;
beforeAll(async () => {
  a = await startTestApp();
  call = signedInCaller(a);
  baseA = await a.listen();
  b = await buildApp({ config: a.config, database: a.database, logger: false });
  await b.app.listen({ port: 0, host: '127.0.0.1' });
  baseB = `http://127.0.0.1:${(b.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await b?.app.close();
  await a?.close();
});

async function newSite(text: string) {
  const doc = siteDocument({ name: 'Notice Test' });
  const asset = await insertReadyAsset(a.database.db, a.fixtures.accounts.direct.id);
  doc.content.JP!.creatives[0]!.media = { assetId: asset.id, kind: 'IMAGE' };
  doc.content.JP!.creatives[0]!.mainText = text;
  const res = await call('direct@example.com', 'POST', '/api/site', { document: keysToSnake(doc) });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data.id as string;
  let revision = 0;
  const save = async (mode: 'PUBLISH' | 'PRIVATE' | 'DRAFT', mainText = text) => {
    doc.content.JP!.creatives[0]!.mainText = mainText;
    const r = await call('direct@example.com', 'PUT', `/api/site/${id}`, {
      document: keysToSnake(doc),
      mode,
      revision: revision++,
    });
    expect(r.statusCode, r.body).toBe(200);
  };
  return { id, save };
}

const page = (base: string, id: string) => fetch(`${base}/sites/${id}`);

describe('change notices between processes', () => {
  it('unpublishing through A is a 404 on B within a second, B idle in between', async () => {
    const site = await newSite('on both');
    await site.save('PUBLISH');
    // B renders and caches the page.
    expect(await (await page(baseB, site.id)).text()).toContain('on both');
    expect(b.ctx.pageCache.size()).toBeGreaterThan(0);
    await site.save('PRIVATE');
    // B got no request since: its cache was emptied by the notice alone.
    await within(1000, async () => b.ctx.pageCache.size() === 0);
    expect((await page(baseB, site.id)).status).toBe(404);
  });

  it('a publish through A shows on B at once', async () => {
    const site = await newSite('first');
    await site.save('PUBLISH');
    expect(await (await page(baseB, site.id)).text()).toContain('first');
    await site.save('PUBLISH', 'second');
    await within(1000, async () => (await (await page(baseB, site.id)).text()).includes('second'));
    expect(await (await page(baseA, site.id)).text()).toContain('second');
  });

  it('a contract suspended through A re-reads every site on B', async () => {
    const site = await newSite('suspended later');
    await site.save('PUBLISH');
    await page(baseB, site.id);
    expect(b.ctx.pageCache.size()).toBeGreaterThan(0);
    const userId = a.fixtures.users.directUser.id;
    const res = await call('master@example.com', 'POST', `/api/users/${userId}/contract/suspend`);
    expect(res.statusCode, res.body).toBe(200);
    await within(1000, async () => b.ctx.pageCache.size() === 0);
    await call('master@example.com', 'POST', `/api/users/${userId}/contract/resume`);
  });
});
