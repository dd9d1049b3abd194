import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { expect } from 'vitest';
import { siteAssets } from '../../db/schema/sites';
import { startTestApp } from '../../test/harness';
import { signedInCaller } from '../users/users-test-kit';

// Shared set-up of the upload integration tests: an app with a console shell (so a /media/ miss
// is proven not to fall back to the single-page app), and helpers to announce and PUT files.

export type TFile = { name: string; size: number; kind: 'IMAGE' | 'VIDEO' };
export type TTarget = {
  name: string;
  asset_id: string;
  upload_url: string;
  method: 'PUT';
  expires_at: string;
};

export async function startUploadsTestApp() {
  const consoleDist = fs.mkdtempSync(path.join(os.tmpdir(), 'console-dist-'));
  fs.writeFileSync(path.join(consoleDist, 'index.html'), '<!doctype html><title>console</title>');
  const t = await startTestApp({ CONSOLE_DIST: consoleDist });
  const call = signedInCaller(t);

  const announce = (who: string, files: TFile[], extra: object = {}) =>
    call(who, 'POST', '/api/site/generate-urls', { files, ...extra });

  const put = (url: string, body: Buffer, contentType?: string) =>
    t.app.inject({
      method: 'PUT',
      url,
      payload: body,
      headers: { 'accept-language': 'en', ...(contentType ? { 'content-type': contentType } : {}) },
    });

  /** Announces one file of these bytes and answers its upload target. */
  const target = async (who: string, name: string, bytes: Buffer, kind: TFile['kind'] = 'IMAGE') => {
    const res = await announce(who, [{ name, size: bytes.length, kind }]);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data[0] as TTarget;
  };

  /** Announces and uploads one file; answers the finished asset. */
  const upload = async (who: string, name: string, bytes: Buffer, kind: TFile['kind'] = 'IMAGE') => {
    const to = await target(who, name, bytes, kind);
    const res = await put(to.upload_url, bytes);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  const assetRow = async (id: string) =>
    (await t.database.db.select().from(siteAssets).where(eq(siteAssets.id, id)))[0]!;

  /** The files stored for an asset, by name. */
  const filesOf = (id: string) => {
    const dir = path.join(t.config.mediaDir, 'assets', id);
    return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
  };

  return {
    t,
    call,
    announce,
    put,
    target,
    upload,
    assetRow,
    filesOf,
    close: async () => {
      await t.close();
      fs.rmSync(consoleDist, { recursive: true, force: true });
    },
  };
}

export const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 160, b: 120 } } })
    .png()
    .toBuffer();

/** The smallest MP4 the byte check accepts: an `ftyp` box (isom) and an empty `mdat`. */
export const mp4 = () => {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftypisom', 4, 'latin1');
  ftyp.writeUInt32BE(0x200, 12);
  ftyp.write('isommp42', 16, 'latin1');
  const mdat = Buffer.alloc(1000);
  mdat.writeUInt32BE(1000, 0);
  mdat.write('mdat', 4, 'latin1');
  return Buffer.concat([ftyp, mdat]);
};

export const HTML = Buffer.from(
  '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>',
);
