import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type TBuiltApp } from '../app';
import { png } from '../modules/uploads/uploads-test-kit';
import { signedInCaller } from '../modules/users/users-test-kit';
import { startTestApp, type TTestApp } from '../test/harness';
import { startS3Server } from '../test/s3-server';

// Files on S3 for several processes: a creative uploaded through process A is served by B, which
// has a data directory of its own, and nothing lands on either's local disk.
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

describe('files shared by processes', () => {
  it('serves on B what was uploaded through A, from the bucket only', async () => {
    const call = signedInCaller(a);
    const bytes = await png(800, 600);
    const announced = await call('user@example.com', 'POST', '/api/site/generate-urls', {
      files: [{ name: 'A1.png', size: bytes.length, kind: 'IMAGE' }],
    });
    expect(announced.statusCode, announced.body).toBe(200);
    const target = announced.json().data[0] as { upload_url: string };
    const put = await a.app.inject({ method: 'PUT', url: target.upload_url, payload: bytes });
    expect(put.statusCode, put.body).toBe(200);
    const asset = put.json().data as { url: string; variants: { width: number; url: string }[] };
    expect(asset.variants.map((v) => v.width)).toEqual([390, 780]);

    for (const url of [asset.url, ...asset.variants.map((v) => v.url)]) {
      const onB = await b.app.inject({ url });
      expect(onB.statusCode, url).toBe(200);
      expect(onB.rawPayload.length).toBeGreaterThan(0);
    }
    const ranged = await b.app.inject({ url: asset.url, headers: { range: 'bytes=0-9' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload.length).toBe(10);
    // Neither process kept a file of its own.
    expect(fs.existsSync(path.join(a.config.mediaDir, 'assets'))).toBe(false);
    expect(fs.existsSync(path.join(bDataDir, 'media', 'assets'))).toBe(false);
  });
});
