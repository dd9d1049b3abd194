import fs from 'node:fs';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { jobs } from '../../db/schema/platform';
import { siteAssets } from '../../db/schema/sites';
import type { TAppContext } from '../../platform/context';
import type { TTestApp } from '../../test/harness';
import { buildZip } from '../../test/zip-writer';
import { uploadsModule } from './uploads.module';
import { png, startUploadsTestApp } from './uploads-test-kit';
import { importAssetId, ZIP_IMPORT_LEASE } from './zip-import-recovery';

// Nothing half-done after a crash: a ZIP import killed midway (another "process": a second app
// on the same database and DATA_DIR, whose storage stops answering after some images and which
// then closes, renewing its lease no more) leaves no temp file, no stored image and no ticket once
// its lease lapses; the creator never sees a part of it. While it still runs, nothing of it is
// touched by the sweeps or the workers of the other process.

let k: Awaited<ReturnType<typeof startUploadsTestApp>>;
let t: TTestApp;
beforeAll(async () => {
  k = await startUploadsTestApp();
  t = k.t;
});
afterAll(async () => k?.close());

const tempDir = () => path.join(t.config.dataDir, 'tmp');
const tempFiles = () => (fs.existsSync(tempDir()) ? fs.readdirSync(tempDir()) : []);
const rowsOf = (ids: string[]) =>
  t.database.db
    .select({ id: siteAssets.id, status: siteAssets.status })
    .from(siteAssets)
    .where(inArray(siteAssets.id, ids));
const leases = () => t.database.db.select().from(jobs).where(eq(jobs.kind, ZIP_IMPORT_LEASE));
/** Time passes: the leases no one renews any more lapse. */
const lapse = () =>
  t.database.db.execute(
    sql`update jobs set locked_at = now() - interval '1 minute' where kind = ${ZIP_IMPORT_LEASE}`,
  );

/** An archive of four images, announced for the direct customer: its upload target. */
async function announcedZip() {
  const zip = buildZip(
    await Promise.all(
      ['A1', 'B1', 'C1', 'D1'].map(async (n) => ({ name: `${n}.png`, data: await png(800, 600) })),
    ),
  );
  const res = await k.call('direct@example.com', 'POST', '/api/site/generate-zip-url', {
    name: 'creatives.zip',
    size: zip.length,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { zip, to: res.json().data as { upload_id: string; upload_url: string } };
}

/**
 * Another process on the same database and DATA_DIR, running the import of `zip`; its storage
 * stops answering once the first `stored` images are written, so the import hangs there with
 * them stored (as a process would that died at that moment). Resolves once it hangs.
 */
async function importHangingAfter(target: { zip: Buffer; to: { upload_url: string } }, stored: number) {
  const other = await buildApp({ config: t.config, database: t.database, logger: false });
  await other.app.ready();
  const storage = other.ctx.storage as TAppContext['storage'];
  const put = storage.put.bind(storage);
  const assets = new Set<string>();
  let hung!: () => void;
  const hanging = new Promise<void>((resolve) => {
    hung = resolve;
  });
  storage.put = async (key, data, opts) => {
    assets.add(key.split('/')[1]!);
    if (assets.size <= stored) return put(key, data, opts);
    hung();
    return new Promise<never>(() => {});
  };
  void other.app.inject({
    method: 'PUT',
    url: target.to.upload_url,
    payload: target.zip,
    headers: { 'content-type': 'application/zip' },
  });
  await hanging;
  return other;
}

/** What the import left: its temp file, its images' rows and files, its ticket and its live lease. */
async function leftOf(uploadId: string) {
  const ids = [0, 1, 2, 3].map((i) => importAssetId(uploadId, i));
  return {
    temp: tempFiles().filter((f) => f.includes(uploadId)),
    images: (await rowsOf(ids)).map((r) => r.status),
    files: ids.flatMap((id) => k.filesOf(id)),
    ticket: (await rowsOf([uploadId])).map((r) => r.status),
    leases: (await leases()).filter((l) => l.payload.uploadId === uploadId && l.status === 'running').length,
  };
}

const nothing = { temp: [], images: [], files: [], ticket: [], leases: 0 };

describe('a ZIP import killed midway', () => {
  it('is left alone while it runs, then undone by a worker once its lease lapses', async () => {
    const target = await announcedZip();
    const other = await importHangingAfter(target, 2);
    const id = target.to.upload_id;
    // Running: two images stored and the third's row written (it names the files it is about to
    // write), none READY (the creator sees nothing yet); its archive is here.
    const running = await leftOf(id);
    expect(running).toMatchObject({
      temp: [`zip-${id}.zip`],
      images: ['STORING', 'STORING', 'STORING'],
      ticket: ['STORING'],
      leases: 1,
    });
    expect(running.files.length).toBeGreaterThanOrEqual(4);
    // This process's start-up sweep, its recurring sweep and its workers leave a live import be.
    await uploadsModule.start!(t.ctx);
    await t.ctx.jobHandlers['uploads.zip-sweep']!({}, { jobId: 0, attempt: 1 });
    await t.runJobs();
    expect(await leftOf(id)).toEqual(running);

    // The process dies: its lease is renewed no more and lapses; a worker claims it and undoes it.
    await other.app.close();
    await lapse();
    expect(await t.runJobs()).toBeGreaterThanOrEqual(1);
    expect(await leftOf(id)).toEqual({ ...nothing });
    expect((await k.put(target.to.upload_url, target.zip, 'application/zip')).statusCode).toBe(404);
  });

  it('is undone by the start-up sweep of the next process, lease and all', async () => {
    const target = await announcedZip();
    const other = await importHangingAfter(target, 3);
    const id = target.to.upload_id;
    expect((await leftOf(id)).images).toEqual(['STORING', 'STORING', 'STORING', 'STORING']);
    await other.app.close();
    await lapse();
    await uploadsModule.start!(t.ctx);
    expect(await leftOf(id)).toEqual({ ...nothing });
    // Nothing is left for a worker to do.
    expect(await t.runJobs()).toBe(0);
  });

  it('leaves a temp file no live import owns to the recurring sweep, and a live import its own', async () => {
    const live = await announcedZip();
    const other = await importHangingAfter(live, 1);
    fs.writeFileSync(path.join(tempDir(), 'zip-6f1c1b0e-58a4-4a8e-9d43-3c1e2b1f0a11.zip'), 'left by a crash');
    fs.writeFileSync(path.join(tempDir(), 'notes.txt'), 'not an import');
    await t.ctx.jobHandlers['uploads.zip-sweep']!({}, { jobId: 0, attempt: 1 });
    expect(tempFiles().sort()).toEqual(['notes.txt', `zip-${live.to.upload_id}.zip`]);
    await other.app.close();
    await lapse();
    await t.ctx.jobHandlers['uploads.zip-sweep']!({}, { jobId: 0, attempt: 1 });
    expect(tempFiles()).toEqual(['notes.txt']);
    expect(await leftOf(live.to.upload_id)).toEqual({ ...nothing });
    fs.rmSync(path.join(tempDir(), 'notes.txt'));
  });

  it('a finished import shows every image at once, and keeps none of its lease', async () => {
    const target = await announcedZip();
    const res = await k.put(target.to.upload_url, target.zip, 'application/zip');
    expect(res.statusCode, res.body).toBe(200);
    const ids = (res.json().data.files as { asset: { id: string } }[]).map((f) => f.asset.id);
    expect(ids).toEqual([0, 1, 2, 3].map((i) => importAssetId(target.to.upload_id, i)));
    expect((await rowsOf(ids)).map((r) => r.status)).toEqual(['READY', 'READY', 'READY', 'READY']);
    expect(await leftOf(target.to.upload_id)).toMatchObject({ temp: [], ticket: [], leases: 0 });
    // The sweeps leave a finished import's images alone.
    await uploadsModule.start!(t.ctx);
    expect((await rowsOf(ids)).map((r) => r.status)).toEqual(['READY', 'READY', 'READY', 'READY']);
  });
});
