import fs from 'node:fs';
import path from 'node:path';
import { SITE_UPLOAD_MAX_BYTES } from '@swipe/contracts/site-upload-rules';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteAssets } from '../../db/schema/sites';
import type { TTestApp } from '../../test/harness';
import { TINY_HEIC } from '../../test/images';
import { HTML, mp4, png, startUploadsTestApp } from './uploads-test-kit';

// Creative uploads: POST /api/site/generate-urls, then a PUT of each file to its signed
// URL; the files are checked by their bytes (never by name), resized and stored.

let k: Awaited<ReturnType<typeof startUploadsTestApp>>;
let t: TTestApp;
beforeAll(async () => {
  k = await startUploadsTestApp();
  t = k.t;
});
afterAll(async () => k?.close());

describe('POST /api/site/generate-urls', () => {
  it('answers a signed URL per accepted file and the reason per refused one, in order', async () => {
    const before = Date.now();
    const res = await k.announce('direct@example.com', [
      { name: 'hero.png', size: 120_000, kind: 'IMAGE' },
      { name: 'huge.jpg', size: SITE_UPLOAD_MAX_BYTES + 1, kind: 'IMAGE' },
      { name: 'anim.gif', size: 1000, kind: 'IMAGE' },
      { name: 'clip.mp4', size: 1000, kind: 'IMAGE' },
      { name: 'clip.MOV', size: SITE_UPLOAD_MAX_BYTES, kind: 'VIDEO' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const [hero, huge, gif, misfiled, clip] = res.json().data;
    expect(huge).toEqual({ name: 'huge.jpg', error: 'The file is too large. Files may be at most 30 MB.' });
    expect(gif.error).toMatch(/^Unsupported format/);
    expect(misfiled.error).toMatch(/^Unsupported format/);
    expect(hero).toMatchObject({ name: 'hero.png', method: 'PUT' });
    expect(hero.upload_url).toMatch(
      new RegExp(`^/api/uploads/${hero.asset_id}\\?expires=\\d+&sig=[A-Za-z0-9_-]{43}$`),
    );
    const expiresIn = new Date(hero.expires_at).getTime() - before;
    expect(expiresIn).toBeGreaterThan(3_590_000);
    expect(expiresIn).toBeLessThanOrEqual(3_601_000);
    expect(clip).toMatchObject({ name: 'clip.MOV', method: 'PUT' });

    const row = await k.assetRow(hero.asset_id);
    expect(row).toMatchObject({
      accountId: t.fixtures.accounts.direct.id,
      uploadedBy: t.fixtures.users.directUser.id,
      kind: 'IMAGE',
      originalName: 'hero.png',
      declaredBytes: 120_000,
      status: 'PENDING',
    });
    expect((await k.assetRow(clip.asset_id)).kind).toBe('VIDEO');
  });

  it('translates the refusals into the caller language', async () => {
    const res = await k.call(
      'direct@example.com',
      'POST',
      '/api/site/generate-urls',
      { files: [{ name: 'huge.png', size: SITE_UPLOAD_MAX_BYTES + 1, kind: 'IMAGE' }] },
      'ja',
    );
    expect(res.json().data[0].error).toBe(
      'ファイルサイズが大きすぎます。30MB以下のファイルを選択してください。',
    );
  });

  it('lets OEM staff upload for a company of their tree, and nowhere else', async () => {
    const { company, direct } = t.fixtures.accounts;
    const file = { name: 'a.jpg', size: 10, kind: 'IMAGE' as const };
    const ok = await k.announce('oem@example.com', [file], { account_id: company.id });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await k.assetRow(ok.json().data[0].asset_id)).accountId).toBe(company.id);
    expect((await k.announce('oem@example.com', [file], { account_id: direct.id })).statusCode).toBe(404);
    expect((await k.announce('user@example.com', [file], { account_id: direct.id })).statusCode).toBe(404);
  });

  it('refuses an empty list, more than 100 files and callers without edit authority', async () => {
    expect((await k.announce('direct@example.com', [])).statusCode).toBe(400);
    const many = Array.from({ length: 101 }, (_, i) => ({
      name: `${i}.png`,
      size: 1,
      kind: 'IMAGE' as const,
    }));
    expect((await k.announce('direct@example.com', many)).statusCode).toBe(400);
    const file = { name: 'a.png', size: 10, kind: 'IMAGE' as const };
    expect((await k.announce('master@example.com', [file])).statusCode).toBe(403);
    expect((await k.announce('sub@example.com', [file])).statusCode).toBe(403);
  });
});

describe('PUT /api/uploads/:assetId', () => {
  it('stores an image with its size and three WebP variants, all served from /media/', async () => {
    const bytes = await png(1200, 2000);
    const to = await k.target('direct@example.com', 'creative.png', bytes);
    // Browsers send the file's own type, or none, or anything: the bytes decide.
    const res = await k.put(to.upload_url, bytes, 'application/json');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('The file has been uploaded.');
    const asset = res.json().data;
    const base = `/media/assets/${to.asset_id}`;
    expect(asset).toMatchObject({
      id: to.asset_id,
      kind: 'IMAGE',
      url: `${base}/original.png`,
      width: 1200,
      height: 2000,
      mime: 'image/png',
      variants: [390, 780, 1170].map((width) => ({ width, url: `${base}/w${width}.webp` })),
    });
    const row = await k.assetRow(to.asset_id);
    expect(row).toMatchObject({ status: 'READY', width: 1200, height: 2000, mime: 'image/png' });
    expect(row.readyAt).toBeInstanceOf(Date);
    expect(k.filesOf(to.asset_id)).toEqual(['original.png', 'w1170.webp', 'w390.webp', 'w780.webp']);

    for (const v of asset.variants as { width: number; url: string }[]) {
      const file = path.join(t.config.mediaDir, v.url.slice('/media/'.length));
      const meta = await sharp(fs.readFileSync(file)).metadata();
      expect(meta).toMatchObject({
        format: 'webp',
        width: v.width,
        height: Math.round((v.width * 2000) / 1200),
      });
      const served = await t.app.inject({ url: v.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.equals(fs.readFileSync(file))).toBe(true);
    }
    const original = await t.app.inject({ url: asset.url });
    expect(original.headers['content-type']).toBe('image/png');
    expect(Number(original.headers['content-length'])).toBe(asset.bytes);
    expect((await sharp(original.rawPayload).metadata()).width).toBe(1200);
  });

  it('never upscales: a narrow image gets only the variants it can fill', async () => {
    const asset = await k.upload('direct@example.com', 'narrow.png', await png(800, 600));
    expect(asset.variants.map((v: { width: number }) => v.width)).toEqual([390, 780]);
    const tiny = await k.upload('direct@example.com', 'tiny.png', await png(200, 100));
    expect(tiny).toMatchObject({ width: 200, height: 100, variants: [] });
  });

  it('turns a photo upright by its EXIF orientation and drops its metadata', async () => {
    const photo = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#c33' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const asset = await k.upload('direct@example.com', 'IMG_0001.JPG', photo);
    expect(asset).toMatchObject({ width: 400, height: 600, mime: 'image/jpeg' });
    expect(asset.url).toMatch(/\/original\.jpg$/);
    const stored = await sharp(fs.readFileSync(path.join(t.config.mediaDir, asset.url.slice(7)))).metadata();
    expect(stored).toMatchObject({ width: 400, height: 600 });
    expect(stored.orientation).toBeUndefined();
    expect(stored.exif).toBeUndefined();
  });

  it('converts a HEIC photo to JPEG', async () => {
    const to = await k.target('direct@example.com', 'IMG_0002.HEIC', TINY_HEIC);
    const res = await k.put(to.upload_url, TINY_HEIC);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ width: 64, height: 48, mime: 'image/jpeg', variants: [] });
    expect(k.filesOf(to.asset_id)).toEqual(['original.jpg']);
  });

  it('refuses an image whose header is right but whose data does not decode', async () => {
    const brokenHeic = TINY_HEIC.subarray(0, 120);
    const heic = await k.target('direct@example.com', 'broken.heic', brokenHeic);
    expect((await k.put(heic.upload_url, brokenHeic)).statusCode).toBe(415);
    const brokenPng = (await png(300, 300)).subarray(0, 60);
    const pngTarget = await k.target('direct@example.com', 'broken.png', brokenPng);
    expect((await k.put(pngTarget.upload_url, brokenPng)).statusCode).toBe(415);
    for (const id of [heic.asset_id, pngTarget.asset_id]) {
      expect((await k.assetRow(id)).status).toBe('PENDING');
      expect(k.filesOf(id)).toEqual([]);
    }
  });

  it('stores a video as it is and serves byte ranges of it', async () => {
    const bytes = mp4();
    const asset = await k.upload('direct@example.com', 'clip.mp4', bytes, 'VIDEO');
    expect(asset).toMatchObject({
      kind: 'VIDEO',
      mime: 'video/mp4',
      width: null,
      height: null,
      bytes: bytes.length,
      variants: [],
    });
    const whole = await t.app.inject({ url: asset.url });
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.rawPayload.equals(bytes)).toBe(true);
    const part = await t.app.inject({ url: asset.url, headers: { range: 'bytes=4-11' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 4-11/${bytes.length}`);
    expect(part.body).toBe('ftypisom');
    const tail = await t.app.inject({ url: asset.url, headers: { range: 'bytes=-4' } });
    expect(tail.rawPayload.equals(bytes.subarray(-4))).toBe(true);
    const beyond = await t.app.inject({ url: asset.url, headers: { range: `bytes=${bytes.length}-` } });
    expect(beyond.statusCode).toBe(416);
  });

  it('refuses HTML named .jpg by its bytes: nothing stored, the asset still waits', async () => {
    const to = await k.target('direct@example.com', 'photo.jpg', HTML);
    const res = await k.put(to.upload_url, HTML, 'image/jpeg');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Invalid file type. The file content does not match its name.',
    });
    expect((await k.assetRow(to.asset_id)).status).toBe('PENDING');
    expect(k.filesOf(to.asset_id)).toEqual([]);
    // A PNG announced as a .jpg is refused too: the name and the bytes must agree.
    const pngAsJpeg = await png(10, 10);
    const other = await k.target('direct@example.com', 'photo.jpg', pngAsJpeg);
    expect((await k.put(other.upload_url, pngAsJpeg)).statusCode).toBe(415);
    // An image announced as a video, under a video name.
    const jpeg = await sharp(pngAsJpeg).jpeg().toBuffer();
    const video = await k.target('direct@example.com', 'clip.mp4', jpeg, 'VIDEO');
    expect((await k.put(video.upload_url, jpeg)).statusCode).toBe(415);
    expect(k.filesOf(video.asset_id)).toEqual([]);
  });

  it('refuses a forged, foreign, expired or missing signature with 403, writing nothing', async () => {
    const bytes = await png(20, 20);
    const to = await k.target('direct@example.com', 'a.png', bytes);
    const other = await k.target('direct@example.com', 'b.png', bytes);
    const url = new URL(to.upload_url, 'http://x');
    const sig = url.searchParams.get('sig')!;
    const expires = url.searchParams.get('expires')!;
    const path_ = `/api/uploads/${to.asset_id}`;
    const forged = `${path_}?expires=${expires}&sig=${sig.startsWith('A') ? 'B' : 'A'}${sig.slice(1)}`;
    const foreign = `${path_}?${new URL(other.upload_url, 'http://x').searchParams}`;
    const later = `${path_}?expires=${Number(expires) + 3600}&sig=${sig}`;
    const expired = t.ctx.urls.signedUrl('PUT', path_, -1).url;
    for (const attempt of [forged, foreign, later, expired, path_, `${path_}?expires=${expires}`]) {
      const res = await k.put(attempt, bytes, 'image/png');
      expect(res.statusCode, attempt).toBe(403);
      expect(res.json()).toEqual({
        code: 'FORBIDDEN',
        message: 'The upload link is invalid or has expired. Please select the file again.',
      });
    }
    // With no body at all the handler checks the signature itself.
    expect((await t.app.inject({ method: 'PUT', url: forged })).statusCode).toBe(403);
    expect((await k.assetRow(to.asset_id)).status).toBe('PENDING');
    expect(k.filesOf(to.asset_id)).toEqual([]);
    // The genuine URL still works afterwards.
    expect((await k.put(to.upload_url, bytes)).statusCode).toBe(200);
  });

  it('refuses a second upload to a finished asset with 409, leaving its files as they were', async () => {
    const bytes = await png(400, 400);
    const to = await k.target('direct@example.com', 'once.png', bytes);
    expect((await k.put(to.upload_url, bytes)).statusCode).toBe(200);
    const stored = fs.readFileSync(path.join(t.config.mediaDir, 'assets', to.asset_id, 'original.png'));
    const again = await k.put(to.upload_url, await png(500, 500));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'CONFLICT', message: 'This file has already been uploaded.' });
    const after = fs.readFileSync(path.join(t.config.mediaDir, 'assets', to.asset_id, 'original.png'));
    expect(after.equals(stored)).toBe(true);
  });

  it('refuses more bytes than announced, and more than 30 MB, with 413', async () => {
    const bytes = await png(50, 50);
    const to = await k.target('direct@example.com', 'small.png', bytes.subarray(0, 40));
    const res = await k.put(to.upload_url, bytes);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The file is too large. Files may be at most 30 MB.');
    const big = await k.target('direct@example.com', 'big.png', Buffer.alloc(SITE_UPLOAD_MAX_BYTES));
    const tooBig = await k.put(big.upload_url, Buffer.alloc(SITE_UPLOAD_MAX_BYTES + 1), 'image/png');
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect((await k.assetRow(big.asset_id)).status).toBe('PENDING');
  });
});

describe('a full disk', () => {
  it('answers 507 with a clear message, keeps no half of the upload, reports storage degraded, and takes the retry', async () => {
    const bytes = await png(900, 600);
    const to = await k.target('user@example.com', 'A1.png', bytes);
    const storage = t.ctx.storage;
    const put = storage.put;
    // The original is written, then the disk is full for its first variant.
    let writes = 0;
    storage.put = async (key, body, opts) => {
      writes++;
      if (writes === 2) throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
      return put(key, body, opts);
    };
    try {
      const res = await k.put(to.upload_url, bytes);
      expect(res.statusCode).toBe(507);
      expect(res.json()).toEqual({
        code: 'STORAGE_FULL',
        message: 'There is no room to store files right now. Nothing was saved; please try again later.',
      });
    } finally {
      storage.put = put;
    }
    // Nothing points at a file that is not there: the asset still waits, and its folder is empty.
    const [asset] = await t.database.db.select().from(siteAssets).where(eq(siteAssets.id, to.asset_id));
    expect(asset).toMatchObject({ status: 'PENDING', storageKey: null });
    expect(fs.existsSync(path.join(t.config.mediaDir, 'assets', to.asset_id))).toBe(false);
    const health = await t.app.inject({ url: '/api/health' });
    expect(health.json()).toMatchObject({ status: 'degraded', storage: 'degraded', database: 'ok' });

    // Room again: the same upload URL works.
    const retry = await k.put(to.upload_url, bytes);
    expect(retry.statusCode, retry.body).toBe(200);
  });
});
