import { createHash } from 'node:crypto';
import { keysToSnake } from '@swipe/contracts/case';
import { type TSiteDocument, ZLink } from '@swipe/contracts/sites';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites } from '../../db/schema/sites';
import { startTestApp, type TTestApp } from '../../test/harness';
import { insertReadyAsset, insertSite, siteDocument } from '../sites/site-fixtures';
import { signedInCaller, type TSignedInCall } from '../users/users-test-kit';

// Every link type of a button through the API and onto the published page: saved
// and published over the wire (snake_case), a SCRIPT button's code allowed by the page's CSP by
// exactly its hash, a script that does not parse refused with the spec's message, members-only
// scripts kept from visitors, and documents stored before these fields still served.

let t: TTestApp;
let call: TSignedInCall;
let base: string;
beforeAll(async () => {
  t = await startTestApp();
  call = signedInCaller(t);
  base = await t.listen();
});
afterAll(async () => t?.close());

const WHO = 'direct@example.com';
const CODE = 'window.dataLayer = window.dataLayer || []; window.dataLayer.push({ event: "book" });';
const MEMBERS_CODE = 'window.membersOnly = "secret offer";';
const wire = (doc: TSiteDocument) => keysToSnake(doc) as object;
const get = (path: string) => fetch(`${base}${path}`, { redirect: 'manual' });
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
/** The inline scripts of a page (ours never hold `<`, which the escape guarantees). */
const inlineScripts = (html: string) => [...html.matchAll(/<script>([^<]*)<\/script>/g)].map((m) => m[1]!);

/** A 2 x 2 site: A1 runs CODE, B1 jumps to B2 as an image button, B2 is members-only with a script. */
async function linkDocument() {
  const doc = siteDocument({ rows: 2, columns: 2 });
  const asset = await insertReadyAsset(t.database.db, t.fixtures.accounts.direct.id, {
    storageKey: 'assets/links/original.png',
  });
  const [a1, b1, , b2] = doc.content.JP!.creatives;
  for (const page of doc.content.JP!.creatives) {
    page.media = { assetId: asset.id, kind: 'IMAGE' };
    page.imageAlt = 'A page';
  }
  a1!.linkButtonText = 'Book';
  a1!.link = ZLink.parse({ kind: 'SCRIPT', script: CODE });
  b1!.linkButtonText = 'See the offer';
  b1!.link = ZLink.parse({ kind: 'CREATIVE_BLOCK', page: 'B2' });
  b1!.buttonImage = { assetId: asset.id, kind: 'IMAGE' };
  b2!.membersOnlyLock = true;
  b2!.linkButtonText = 'Members';
  b2!.link = ZLink.parse({ kind: 'SCRIPT', script: MEMBERS_CODE });
  return doc;
}

describe('link buttons of every kind, published', () => {
  it('keep their fields over the wire and run a script allowed by exactly its hash', async () => {
    const doc = await linkDocument();
    const created = await call(WHO, 'POST', '/api/site', { document: wire(doc) });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as string;
    const published = await call(WHO, 'PUT', `/api/site/${id}`, { document: wire(doc), mode: 'PUBLISH' });
    expect(published.statusCode, published.body).toBe(200);

    // The editor reads back what it saved, in snake_case.
    const detail = (await call(WHO, 'GET', `/api/site/${id}`)).json().data.document;
    const pages = detail.content.JP.creatives;
    expect(pages[0].link).toMatchObject({ kind: 'SCRIPT', script: CODE, page: null, popup: null });
    expect(pages[1].link).toMatchObject({ kind: 'CREATIVE_BLOCK', page: 'B2' });
    expect(pages[1].button_image).toEqual(keysToSnake(doc.content.JP!.creatives[1]!.buttonImage));

    const res = await get(`/sites/${id}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const scripts = inlineScripts(html);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toContain(CODE);
    const csp = res.headers.get('content-security-policy')!;
    // Exactly the runtime's origin and that script: nothing inline besides, no eval.
    expect(csp.split('; ').find((d) => d.startsWith('script-src'))).toBe(
      `script-src 'self' ${sha256(scripts[0]!)}`,
    );
    // The members-only page's script stays off the page visitors get.
    expect(html).not.toContain('secret offer');
    expect(html).toContain('href="#B2"');
    expect(html).toMatch(/<a class="bt bi"[^>]* href="#B2"><img [^>]*alt="See the offer"/);

    // The page cache answers the next visitor with the same page and the same policy.
    const again = await get(`/sites/${id}`);
    expect(again.headers.get('content-security-policy')).toBe(csp);
  });

  it('refuses a script that does not parse, saying where, in the visitor’s language', async () => {
    const doc = await linkDocument();
    doc.content.JP!.creatives[0]!.link = ZLink.parse({ kind: 'NONE' });
    doc.content.JP!.creatives[0]!.link.kind = 'SCRIPT';
    doc.content.JP!.creatives[0]!.link.script = 'track(';
    const res = await call(WHO, 'POST', '/api/site', { document: wire(doc) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({
      field: 'document.content.JP.creatives.0.link.script',
      message:
        'The script is not valid JavaScript (line 1, column 7): a button runs its custom script only if it parses.',
    });
    const ja = await call(WHO, 'POST', '/api/site', { document: wire(doc) }, 'ja');
    expect(JSON.stringify(ja.json().errors)).toContain('1行目、7列目');
  });

  it('refuses a page outside the grid and a popup CTA that is off', async () => {
    const doc = await linkDocument();
    doc.content.JP!.creatives[1]!.link.page = 'C1';
    doc.content.JP!.creatives[0]!.link = {
      ...ZLink.parse({}),
      kind: 'POPUP_CTA_TRANSITION',
      popup: 'timeLimit',
    };
    const res = await call(WHO, 'POST', '/api/site', { document: wire(doc) });
    expect(res.statusCode).toBe(400);
    const fields = (res.json().errors as { field: string }[]).map((e) => e.field);
    expect(fields).toEqual(
      expect.arrayContaining([
        'document.content.JP.creatives.1.link.page',
        'document.content.JP.creatives.0.link.popup',
      ]),
    );
  });

  it('serves a document stored before these fields existed', async () => {
    const doc = siteDocument({ rows: 1, columns: 2 });
    doc.content.JP!.creatives[0]!.linkButtonText = 'Shop';
    doc.content.JP!.creatives[0]!.link = ZLink.parse({ kind: 'EXTERNAL', url: 'https://example.com/shop' });
    const site = await insertSite(t.database.db, {
      accountId: t.fixtures.accounts.direct.id,
      doc,
      published: true,
    });
    const old = JSON.parse(JSON.stringify(doc));
    for (const page of old.content.JP.creatives) {
      delete page.buttonImage;
      for (const key of ['page', 'popup', 'script']) delete page.link[key];
    }
    await t.database.db.update(sites).set({ published: old, draft: old }).where(eq(sites.id, site.id));
    const res = await get(`/sites/${site.id}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('href="https://example.com/shop"');
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self';/);
    expect((await call(WHO, 'GET', `/api/site/${site.id}`)).statusCode).toBe(200);
  });

  it('describes the new fields in the OpenAPI document', async () => {
    const res = await get('/api/docs/json');
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain('"button_image"');
    expect(text).toContain('"POPUP_CTA_TRANSITION"');
    expect(text).toContain('"CREATIVE_BLOCK"');
  });
});
