import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type TBuiltApp } from '../app';
import { HTML, png } from '../modules/uploads/uploads-test-kit';
import { signedInCaller } from '../modules/users/users-test-kit';
import { startTestApp, type TTestApp } from '../test/harness';
import { startS3Server } from '../test/s3-server';
import { buildZip } from '../test/zip-writer';

// Files on S3 for several processes: a creative uploaded through process A is served by B, which
// has a data directory of its own, and nothing lands on either's local disk. Browsers PUT their
// files straight to the bucket (presigned, held to the announced size) and a process then reads
// them back, checks them and finishes the asset.
let s3: Awaited<ReturnType<typeof startS3Server>>;
let a: TTestApp;
let b: TBuiltApp;
let bDataDir: string;
beforeAll(async () => {
  s3 = await startS3Server();
  a = await startTestApp(s3.env);
  bDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'swipe-b-'));
  const bConfig = { ...a.config, dataDir: bDataDir, mediaDir: path.join(bDataDir, 'media') };
  b = await buildApp({ config: bConfig, database: a.database, logger: false });
  await b.app.ready();
});
afterAll(async () => {
  await b?.app.close();
  await a?.close();
  await s3?.close();
  fs.rmSync(bDataDir, { recursive: true, force: true });
});

type TTarget = { asset_id?: string; upload_id?: string; upload_url: string; complete_url?: string };

async function announce(name: string, bytes: Buffer, kind: 'IMAGE' | 'VIDEO' = 'IMAGE') {
  const res = await signedInCaller(a)('user@example.com', 'POST', '/api/site/generate-urls', {
    files: [{ name, size: bytes.length, kind }],
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data[0] as TTarget;
}

/** The browser's PUT, to the bucket itself. */
const putToBucket = (url: string, body: Buffer) =>
  fetch(url, {
    method: 'PUT',
    body: new Uint8Array(body),
    headers: { 'content-type': 'application/octet-stream' },
  });

describe('files shared by processes', () => {
  it('has the browser PUT to the bucket, then B finishes the asset and serves it, from the bucket only', async () => {
    const bytes = await png(800, 600);
    const target = await announce('A1.png', bytes);
    expect(new URL(target.upload_url).origin).toBe(s3.settings.endpoint);
    // The console's pages may send there, and only there besides their own origin.
    const csp = String((await a.app.inject({ url: '/api/health' })).headers['content-security-policy']);
    expect(csp).toContain(`connect-src 'self' ${s3.settings.endpoint}`);
    expect(target.complete_url).toMatch(/^\/api\/uploads\/[0-9a-f-]+\/complete\?/);
    const put = await putToBucket(target.upload_url, bytes);
    expect(put.status, await put.text()).toBe(200);
    // What the browser sent is never served as it is.
    expect((await b.app.inject({ url: `/media/incoming/${target.asset_id}` })).statusCode).toBe(404);

    const done = await b.app.inject({ method: 'POST', url: target.complete_url! });
    expect(done.statusCode, done.body).toBe(200);
    const asset = done.json().data as { url: string; variants: { width: number; url: string }[] };
    expect(asset.variants.map((v) => v.width)).toEqual([390, 780]);

    for (const url of [asset.url, ...asset.variants.map((v) => v.url)]) {
      const onA = await a.app.inject({ url });
      expect(onA.statusCode, url).toBe(200);
      expect(onA.rawPayload.length).toBeGreaterThan(0);
    }
    const ranged = await a.app.inject({ url: asset.url, headers: { range: 'bytes=0-9' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload.length).toBe(10);
    // Neither process kept a file of its own, and the browser's copy is gone from the bucket.
    expect(fs.existsSync(path.join(a.config.mediaDir, 'assets'))).toBe(false);
    expect(fs.existsSync(path.join(bDataDir, 'media', 'assets'))).toBe(false);
    await expect(a.ctx.storage.stat(`incoming/${target.asset_id}`)).resolves.toBeNull();
    const again = await a.app.inject({ method: 'POST', url: target.complete_url! });
    expect(again.statusCode).toBe(409);
  });

  it('holds the browser to the announced size: signed into the URL, and checked again on reading', async () => {
    const bytes = await png(64, 64);
    const target = await announce('A2.png', bytes);
    const query = new URL(target.upload_url).searchParams;
    // A bucket refuses a body of any other length (s3rver does not check signatures).
    expect(query.get('X-Amz-SignedHeaders')).toBe('content-length;host');
    expect(query.get('x-amz-checksum-crc32')).toBeNull();
    expect((await putToBucket(target.upload_url, Buffer.concat([bytes, Buffer.alloc(1024)]))).status).toBe(
      200,
    );
    const done = await a.app.inject({ method: 'POST', url: target.complete_url! });
    expect(done.statusCode).toBe(413);
    await expect(a.ctx.storage.stat(`incoming/${target.asset_id}`)).resolves.toBeNull();

    // Completing before any PUT: the file did not arrive, and the asset still waits for it.
    const early = await announce('A4.png', bytes);
    const missing = await a.app.inject({
      method: 'POST',
      url: early.complete_url!,
      headers: { 'accept-language': 'en' },
    });
    expect(missing.statusCode).toBe(409);
    expect(missing.json().message).toBe('The file did not arrive. Please select it again.');
    expect((await putToBucket(early.upload_url, bytes)).status).toBe(200);
    expect((await a.app.inject({ method: 'POST', url: early.complete_url! })).statusCode).toBe(200);
  });

  it('checks the bytes the browser put: a page that calls itself .png is refused and leaves nothing', async () => {
    const target = await announce('A3.png', HTML);
    expect((await putToBucket(target.upload_url, HTML)).status).toBe(200);
    const done = await a.app.inject({ method: 'POST', url: target.complete_url! });
    expect(done.statusCode).toBe(415);
    await expect(a.ctx.storage.stat(`incoming/${target.asset_id}`)).resolves.toBeNull();
    // The complete URL is signed: another asset's, or a tampered one, is refused.
    const forged = target.complete_url!.replace(/sig=[^&]+/, 'sig=00');
    expect((await a.app.inject({ method: 'POST', url: forged })).statusCode).toBe(403);
  });

  it('unpacks a ZIP the browser put to the bucket', async () => {
    const zip = buildZip([
      { name: 'B1.png', data: await png(400, 300) },
      { name: 'notes.txt', data: Buffer.from('hello') },
    ]);
    const res = await signedInCaller(a)('user@example.com', 'POST', '/api/site/generate-zip-url', {
      name: 'pages.zip',
      size: zip.length,
    });
    expect(res.statusCode, res.body).toBe(200);
    const target = res.json().data as TTarget;
    expect((await putToBucket(target.upload_url, zip)).status).toBe(200);
    const done = await b.app.inject({ method: 'POST', url: target.complete_url! });
    expect(done.statusCode, done.body).toBe(200);
    const files = done.json().data.files as { name: string; asset?: { url: string }; error?: string }[];
    expect(files.map((f) => [f.name, !!f.asset])).toEqual([
      ['B1.png', true],
      ['notes.txt', false],
    ]);
    expect((await a.app.inject({ url: files[0]!.asset!.url })).statusCode).toBe(200);
    await expect(a.ctx.storage.stat(`incoming/${target.upload_id}`)).resolves.toBeNull();
  });
});
