import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { SITE_UPLOAD_MAX_BYTES } from '@swipe/contracts/site-upload-rules';
import { ZIP_UPLOAD_MAX_BYTES } from '@swipe/contracts/uploads';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteAssets } from '../../db/schema/sites';
import type { TTestApp } from '../../test/harness';
import { TINY_HEIC } from '../../test/images';
import { buildZip, deflatedZeros } from '../../test/zip-writer';
import { HTML, png, startUploadsTestApp } from './uploads-test-kit';

// Bulk upload: POST /api/site/generate-zip-url, then a PUT of the archive to its signed URL;
// the archive is unpacked within size, count and ratio limits and each image becomes a creative.

let k: Awaited<ReturnType<typeof startUploadsTestApp>>;
let t: TTestApp;
beforeAll(async () => {
  k = await startUploadsTestApp();
  t = k.t;
});
afterAll(async () => k?.close());

type TZipTarget = { upload_id: string; upload_url: string; method: 'PUT'; expires_at: string };

const announceZip = (who: string, body: object, lang = 'en') =>
  k.call(who, 'POST', '/api/site/generate-zip-url', body, lang);

/** Announces an archive of these bytes and answers its upload target. */
const zipTarget = async (bytes: Buffer | number, who = 'direct@example.com') => {
  const size = typeof bytes === 'number' ? bytes : bytes.length;
  const res = await announceZip(who, { name: 'creatives.zip', size });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as TZipTarget;
};

const images = async () =>
  (await t.database.db.select().from(siteAssets)).filter((a) => a.kind === 'IMAGE').map((a) => a.id);
const ticket = async (id: string) =>
  (await t.database.db.select().from(siteAssets).where(eq(siteAssets.id, id)))[0];
const tempFiles = () => {
  const dir = path.join(t.config.dataDir, 'tmp');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

/** Uploads an archive that must be refused as a whole: nothing created, nothing left behind. */
async function expectRefused(zip: Buffer, status: number, message: string | RegExp) {
  const before = await images();
  const to = await zipTarget(zip);
  const res = await k.put(to.upload_url, zip, 'application/zip');
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().message).toMatch(message);
  expect(await images()).toEqual(before);
  expect(tempFiles()).toEqual([]);
  expect(await ticket(to.upload_id)).toBeUndefined();
  return res;
}

describe('POST /api/site/generate-zip-url', () => {
  it('answers one signed PUT URL for an announced ZIP, valid one hour', async () => {
    const before = Date.now();
    const res = await announceZip('direct@example.com', { name: 'Spring.ZIP', size: 5_000_000 });
    expect(res.statusCode, res.body).toBe(200);
    const to = res.json().data as TZipTarget;
    expect(to.method).toBe('PUT');
    expect(to.upload_url).toMatch(
      new RegExp(`^/api/uploads/zip/${to.upload_id}\\?expires=\\d+&sig=[A-Za-z0-9_-]{43}$`),
    );
    const expiresIn = new Date(to.expires_at).getTime() - before;
    expect(expiresIn).toBeGreaterThan(3_590_000);
    expect(expiresIn).toBeLessThanOrEqual(3_601_000);
    expect(await ticket(to.upload_id)).toMatchObject({
      accountId: t.fixtures.accounts.direct.id,
      kind: 'ZIP',
      status: 'PENDING',
      declaredBytes: 5_000_000,
    });
  });

  it('refuses a name that is not .zip and more than 1 GB with their messages', async () => {
    const notZip = await announceZip('direct@example.com', { name: 'creatives.rar', size: 1000 });
    expect(notZip.statusCode).toBe(400);
    expect(notZip.json().message).toBe('Unsupported format. Please select a ZIP file.');
    const huge = await announceZip('direct@example.com', {
      name: 'creatives.zip',
      size: ZIP_UPLOAD_MAX_BYTES + 1,
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toBe('The file is too large. ZIP files may be at most 1 GB.');
    const ja = await announceZip(
      'direct@example.com',
      { name: 'a.zip', size: ZIP_UPLOAD_MAX_BYTES + 1 },
      'ja',
    );
    expect(ja.json().message).toBe('ファイルサイズが大きすぎます。1GB以下のZIPファイルを選択してください。');
    expect(
      (await announceZip('direct@example.com', { name: 'a.zip', size: ZIP_UPLOAD_MAX_BYTES })).statusCode,
    ).toBe(200);
  });

  it('lets OEM staff upload for a company of their tree only, and refuses view authority', async () => {
    const { company, direct } = t.fixtures.accounts;
    const body = { name: 'a.zip', size: 100 };
    const ok = await announceZip('oem@example.com', { ...body, account_id: company.id });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await ticket(ok.json().data.upload_id))!.accountId).toBe(company.id);
    expect((await announceZip('oem@example.com', { ...body, account_id: direct.id })).statusCode).toBe(404);
    expect((await announceZip('master@example.com', body)).statusCode).toBe(403);
    expect((await announceZip('sub@example.com', body)).statusCode).toBe(403);
  });
});

describe('PUT /api/uploads/zip/:uploadId', () => {
  it('turns each image of the archive into a READY creative and lists the other files', async () => {
    const zip = buildZip([
      { name: 'A1.png', data: await png(1200, 800) },
      { name: 'photos/', data: Buffer.alloc(0) },
      { name: 'photos/B2.png', data: await png(500, 900), store: true },
      { name: 'notes.txt', data: await png(40, 40) },
      { name: '__MACOSX/photos/._B2.png', data: Buffer.alloc(200, 1) },
      { name: 'photos/.DS_Store', data: Buffer.alloc(100, 2) },
    ]);
    const to = await zipTarget(zip);
    const res = await k.put(to.upload_url, zip, 'application/zip');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('2 of 3 files in the ZIP file have been uploaded.');
    const files = res.json().data.files as { name: string; asset?: { id: string }; error?: string }[];
    expect(files.map((f) => f.name)).toEqual(['A1.png', 'photos/B2.png', 'notes.txt']);
    const [a1, b2, notes] = files;
    expect(notes).toEqual({
      name: 'notes.txt',
      error: 'Unsupported format. A ZIP file may contain PNG, JPEG or HEIC images.',
    });
    const base = `/media/assets/${a1!.asset!.id}`;
    expect(a1!.asset).toMatchObject({
      kind: 'IMAGE',
      url: `${base}/original.png`,
      width: 1200,
      height: 800,
      mime: 'image/png',
      variants: [390, 780, 1170].map((width) => ({ width, url: `${base}/w${width}.webp` })),
    });
    expect(b2!.asset).toMatchObject({ width: 500, height: 900 });
    expect(k.filesOf(a1!.asset!.id)).toEqual(['original.png', 'w1170.webp', 'w390.webp', 'w780.webp']);
    expect(k.filesOf(b2!.asset!.id)).toEqual(['original.png', 'w390.webp']);
    const variant = fs.readFileSync(path.join(t.config.mediaDir, 'assets', b2!.asset!.id, 'w390.webp'));
    expect((await sharp(variant).metadata()).format).toBe('webp');

    for (const [asset, name] of [
      [a1, 'A1.png'],
      [b2, 'B2.png'],
    ] as const) {
      expect(await k.assetRow(asset!.asset!.id)).toMatchObject({
        accountId: t.fixtures.accounts.direct.id,
        uploadedBy: t.fixtures.users.directUser.id,
        kind: 'IMAGE',
        originalName: name,
        status: 'READY',
      });
    }
    // The URL served its one upload: the ticket and the temp file are gone.
    expect(await ticket(to.upload_id)).toBeUndefined();
    expect(tempFiles()).toEqual([]);
    expect((await k.put(to.upload_url, zip, 'application/zip')).statusCode).toBe(404);
  });

  it('reports each bad entry and still stores the good ones', async () => {
    const zip = buildZip([
      { name: 'fake.jpg', data: HTML },
      { name: 'huge.png', data: crypto.randomBytes(SITE_UPLOAD_MAX_BYTES + 1), store: true },
      { name: 'clip.mp4', data: Buffer.alloc(2000, 7) },
      { name: 'broken.png', data: (await png(100, 100)).subarray(0, 60) },
      { name: 'C1.png', data: await png(400, 700) },
      { name: 'IMG_0002.HEIC', data: TINY_HEIC },
    ]);
    const to = await zipTarget(zip);
    const res = await k.put(to.upload_url, zip);
    expect(res.statusCode, res.body).toBe(200);
    const files = res.json().data.files as { name: string; asset?: unknown; error?: string }[];
    expect(files.map((f) => [f.name, f.error ?? 'ok'])).toEqual([
      ['fake.jpg', 'Invalid file type. The file content does not match its name.'],
      ['huge.png', 'The file is too large. Files may be at most 30 MB.'],
      ['clip.mp4', 'Unsupported format. A ZIP file may contain PNG, JPEG or HEIC images.'],
      ['broken.png', 'Invalid file type. The file content does not match its name.'],
      ['C1.png', 'ok'],
      ['IMG_0002.HEIC', 'ok'],
    ]);
    // HEIC arrives as JPEG, like a single upload.
    expect(files[5]!.asset).toMatchObject({ width: 64, height: 48, mime: 'image/jpeg', variants: [] });
    expect(tempFiles()).toEqual([]);
  });

  it('refuses the whole archive when an entry name escapes it (zip slip), writing nothing', async () => {
    const good = await png(100, 100);
    for (const name of [
      '../../evil.png',
      'a/../../evil.png',
      '/tmp/evil.png',
      'C:\\evil.png',
      '..\\evil.png',
    ]) {
      const zip = buildZip([
        { name: 'A1.png', data: good },
        { name, data: good },
      ]);
      await expectRefused(zip, 400, /^The ZIP file cannot be unpacked safely: ".*evil\.png" points outside/);
    }
    for (const dir of [t.config.dataDir, path.dirname(t.config.dataDir), t.config.mediaDir, '/tmp'])
      expect(fs.existsSync(path.join(dir, 'evil.png')), dir).toBe(false);
    // '..' that stays inside the archive is only a roundabout name.
    const inside = buildZip([{ name: 'photos/../A2.png', data: good }]);
    const to = await zipTarget(inside);
    const res = await k.put(to.upload_url, inside);
    expect(res.json().data.files.map((f: { name: string }) => f.name)).toEqual(['A2.png']);
  });

  it('refuses a zip bomb from its central directory, without inflating it', async () => {
    const zip = buildZip([
      { name: 'A1.png', data: await png(100, 100) },
      { name: 'bomb.png', packed: await deflatedZeros(300 * 1024 * 1024) },
    ]);
    expect(zip.length).toBeLessThan(1_000_000);
    const started = Date.now();
    await expectRefused(
      zip,
      400,
      'The ZIP file cannot be unpacked safely: "bomb.png" is compressed too strongly.',
    );
    // Inflating 300 MB and decoding it would take far longer.
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('refuses entries whose data overlap (one image listed 100 times), without unpacking any', async () => {
    const image = await png(300, 300);
    const zip = buildZip([
      { name: 'A1.png', data: image, store: true },
      ...Array.from({ length: 99 }, (_, i) => ({ name: `copy-${i}.png`, sharesDataOf: 0 })),
    ]);
    const started = Date.now();
    await expectRefused(zip, 400, 'The ZIP file cannot be unpacked safely: its files overlap.');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('reads the names an archiver of Japanese Windows writes in Shift_JIS', async () => {
    const image = await png(120, 120);
    // 表紙.png (its second byte is a backslash in ASCII) and ページ/B1.png, without the UTF-8 flag.
    const cover = Buffer.from([0x95, 0x5c, 0x8e, 0x86, ...Buffer.from('.png')]);
    const nested = Buffer.from([0x83, 0x79, 0x81, 0x5b, 0x83, 0x57, ...Buffer.from('/B1.png')]);
    const zip = buildZip([
      { name: 'cover', rawName: cover, data: image },
      { name: 'nested', rawName: nested, data: image },
    ]);
    const to = await zipTarget(zip);
    const res = await k.put(to.upload_url, zip, 'application/zip');
    expect(res.statusCode, res.body).toBe(200);
    const files = res.json().data.files as { name: string; asset?: unknown }[];
    expect(files.map((f) => [f.name, !!f.asset])).toEqual([
      ['表紙.png', true],
      ['ページ/B1.png', true],
    ]);
  });

  it('refuses more than 500 entries, and more than 2 GB unpacked', async () => {
    const many = buildZip(
      Array.from({ length: 501 }, (_, i) => ({ name: `${i}.png`, data: Buffer.from([i]) })),
    );
    await expectRefused(many, 400, 'The ZIP file contains too many files. It may contain at most 500.');
    // Three entries each declaring 1 GB from 11 MB (a ratio under 100): refused by their total.
    const packed = crypto.randomBytes(11 * 1024 * 1024);
    const large = buildZip(
      ['a.png', 'b.png', 'c.png'].map((name) => ({
        name,
        packed: { method: 8, packed, crc: 0, size: 1 << 30 },
      })),
    );
    await expectRefused(
      large,
      400,
      'The contents of the ZIP file are too large. Unpacked, they may be at most 2 GB.',
    );
  });

  it('refuses what is not a ZIP, and an archive with no files', async () => {
    await expectRefused(await png(50, 50), 400, 'The ZIP file could not be read. It may be damaged.');
    await expectRefused(
      buildZip([{ name: 'folder/' }, { name: '.hidden.png', data: Buffer.from('x') }]),
      400,
      'The ZIP file contains no files.',
    );
  });

  it('refuses a bad or expired signature with 403 before reading, leaving the URL usable', async () => {
    const zip = buildZip([{ name: 'A1.png', data: await png(60, 60) }]);
    const to = await zipTarget(zip);
    const url = new URL(to.upload_url, 'http://x');
    const sig = url.searchParams.get('sig')!;
    const expires = url.searchParams.get('expires')!;
    const path_ = `/api/uploads/zip/${to.upload_id}`;
    const other = await zipTarget(zip);
    for (const attempt of [
      `${path_}?expires=${expires}&sig=${sig.startsWith('A') ? 'B' : 'A'}${sig.slice(1)}`,
      `${path_}?${new URL(other.upload_url, 'http://x').searchParams}`,
      `${path_}?expires=${Number(expires) + 60}&sig=${sig}`,
      t.ctx.urls.signedUrl('PUT', path_, -1).url,
      // A single upload's signature for the same id is no ZIP signature.
      t.ctx.urls
        .signedUrl('PUT', `/api/uploads/${to.upload_id}`, 60)
        .url.replace('/api/uploads/', '/api/uploads/zip/'),
      path_,
    ]) {
      const res = await k.put(attempt, zip, 'application/zip');
      expect(res.statusCode, attempt).toBe(403);
      expect(res.json()).toEqual({
        code: 'FORBIDDEN',
        message: 'The upload link is invalid or has expired. Please select the file again.',
      });
    }
    expect((await t.app.inject({ method: 'PUT', url: path_ })).statusCode).toBe(403);
    expect(await ticket(to.upload_id)).toMatchObject({ status: 'PENDING' });
    expect(tempFiles()).toEqual([]);
    expect((await k.put(to.upload_url, zip)).statusCode).toBe(200);
  });

  it('refuses a body larger than announced with 413, by its length or while streaming it', async () => {
    const zip = buildZip([{ name: 'A1.png', data: await png(300, 300) }]);
    const declared = await zipTarget(zip.length - 1);
    const byLength = await k.put(declared.upload_url, zip, 'application/zip');
    expect(byLength.statusCode).toBe(413);
    expect(byLength.json()).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The ZIP file is larger than announced. Please select it again.',
    });
    expect(await ticket(declared.upload_id)).toBeUndefined();

    // No Content-Length: the limit is found while writing, and the partial file is deleted.
    const streamed = await zipTarget(zip.length - 1);
    const res = await t.app.inject({
      method: 'PUT',
      url: streamed.upload_url,
      headers: { 'content-type': 'application/zip', 'accept-language': 'en' },
      payload: Readable.from([zip.subarray(0, 100), zip.subarray(100)]),
    });
    expect(res.statusCode, res.body).toBe(413);
    expect(res.headers.connection).toBe('close');
    expect(tempFiles()).toEqual([]);
    expect(await ticket(streamed.upload_id)).toBeUndefined();
  });
});
