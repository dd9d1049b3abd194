import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../test/harness';

let t: TTestApp;
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'console-dist-'));
const html =
  '<!doctype html><html><head><title>Swipe LP</title>' +
  '<script type="module" crossorigin src="/assets/app-1234.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/lib-5678.js">' +
  '<link rel="stylesheet" crossorigin href="/assets/app-1234.css">' +
  '<link rel="icon" type="image/svg+xml" href="/favicon.svg" />' +
  '</head><body><div id="root"></div></body></html>';
const script = Buffer.from(`export const rows = [${'"row",'.repeat(2000)}];`);
beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), html);
  fs.writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
  // What the console build writes beside each text file (apps/console/build-plugins/precompress.ts).
  fs.writeFileSync(path.join(dist, 'assets', 'lib-5678.js'), script);
  fs.writeFileSync(path.join(dist, 'assets', 'lib-5678.js.br'), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(dist, 'assets', 'lib-5678.js.gz'), zlib.gzipSync(script));
  t = await startTestApp({ CONSOLE_DIST: dist });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('console shell', () => {
  it('answers every console route with index.html, never cached stale, compressed when asked', async () => {
    const plain = await t.app.inject({ url: '/master/user-list' });
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toBe(html);
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.headers['content-security-policy']).toContain("script-src 'self'");
    const gz = await t.app.inject({ url: '/login', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(html);
    const br = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, br' } });
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(html);
  });

  it('serves hashed assets as immutable and keeps API misses as JSON', async () => {
    const asset = await t.app.inject({ url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await t.app.inject({ url: '/assets/missing.js' })).statusCode).toBe(404);
    const api = await t.app.inject({ url: '/api/missing' });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('NOT_FOUND');
  });

  it("sends the build's precompressed files as they are, by Accept-Encoding, never compressing again", async () => {
    const br = await t.app.inject({
      url: '/assets/lib-5678.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.rawPayload.equals(fs.readFileSync(path.join(dist, 'assets', 'lib-5678.js.br')))).toBe(true);
    expect(zlib.brotliDecompressSync(br.rawPayload).equals(script)).toBe(true);

    const gz = await t.app.inject({ url: '/assets/lib-5678.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toContain('Accept-Encoding');
    expect(gz.rawPayload.equals(fs.readFileSync(path.join(dist, 'assets', 'lib-5678.js.gz')))).toBe(true);

    const plain = await t.app.inject({ url: '/assets/lib-5678.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(script)).toBe(true);

    // The variants are not URLs of their own.
    expect((await t.app.inject({ url: '/assets/lib-5678.js.br' })).statusCode).toBe(404);
  });

  it("announces the shell's scripts and stylesheets in a Link header, as its tags load them", async () => {
    const res = await t.app.inject({ url: '/login', headers: { 'accept-encoding': 'br' } });
    expect(res.headers.link).toBe(
      '</assets/app-1234.js>; rel=modulepreload; crossorigin, ' +
        '</assets/lib-5678.js>; rel=modulepreload; crossorigin, ' +
        '</assets/app-1234.css>; rel=preload; as=style; crossorigin',
    );
  });
});
