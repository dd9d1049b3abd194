import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../test/harness';

let t: TTestApp;
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'console-dist-'));
const html =
  '<!doctype html><html><head><title>Swipe LP</title></head><body><div id="root"></div></body></html>';
beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), html);
  fs.writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
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
});
