import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ZIP_MAX_ENTRIES } from '@swipe/contracts/uploads';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { siteAssets } from '../../db/schema/sites';
import type { TDbOrTx } from '../../db/tx';
import type { TAppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { endLease, holdLease, JOB_TIMING, renewLease } from '../../platform/jobs';
import { incomingKey } from './uploads.service';

// Nothing half-done after a crash. A ZIP import that runs holds a lease (a job of its own kind,
// platform/jobs.ts holdLease) taken in the transaction that claims its ticket and renewed while it
// runs; its images are stored as STORING assets (never shown, never nameable by a document) whose
// ids derive from the ticket's, and become READY together, with the lease and ticket gone, in one
// transaction at its end. A process that dies midway leaves a lease that lapses: any worker then
// claims its job and undoes the import (its assets' files and rows, the bucket's copy, its temp
// file, its ticket). At start and every ten minutes each process also sweeps: imports with no live
// lease are undone, and temp files of its DATA_DIR that belong to no live import are removed, so
// several processes may share the database, DATA_DIR and the bucket without touching an import
// another one is running.

/** The job kind of an import's lease; its handler undoes an import whose process died. */
export const ZIP_IMPORT_LEASE = 'uploads.zip-import';

const TEMP_NAME = /^zip-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.zip$/;
const tempDir = (ctx: TAppContext) => path.join(ctx.config.dataDir, 'tmp');
/** Where an import keeps its archive while unpacking it: named by its ticket, never by the client. */
export const zipTempFile = (ctx: TAppContext, uploadId: string) =>
  path.join(tempDir(ctx), `zip-${uploadId}.zip`);

/**
 * The id of the asset an import makes of its archive's `index`-th file (a UUID of its own, derived
 * from the ticket's): the ticket alone names every asset the import may have stored.
 */
export function importAssetId(uploadId: string, index: number): string {
  const h = createHash('sha256').update(`zip-import\n${uploadId}\n${index}`).digest();
  h[6] = (h[6]! & 0x0f) | 0x40;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

export type TImportLease = {
  id: number;
  holder: string;
  /** Throws when the lease was lost (its renewal failed long enough for a worker to take it). */
  check(): void;
  /** Stops renewing it. */
  stop(): void;
};

/** Leases each app renews, so that a closed app (like a dead process) renews none. */
const renewing = new WeakMap<TAppContext, Set<TImportLease>>();

const leaseLost = () => new AppError(503, 'UNAVAILABLE', 'common.busy');

/** Takes an import's lease in the transaction that claims its ticket; renewed once it commits. */
export async function holdImportLease(tx: TDbOrTx, uploadId: string) {
  const holder = `zip-${randomUUID()}`;
  const id = await holdLease(tx, { kind: ZIP_IMPORT_LEASE, holder, payload: { uploadId } });
  return { id, holder };
}

/** Renews the lease taken by holdImportLease until stopped (or until the app closes). */
export function renewImportLease(ctx: TAppContext, held: { id: number; holder: string }): TImportLease {
  let lost = false;
  const timer = setInterval(() => {
    renewLease(ctx.db, held.id, held.holder).then(
      (ok) => {
        if (!ok) lost = true;
      },
      () => {},
    );
  }, JOB_TIMING.heartbeatMs);
  timer.unref?.();
  const lease: TImportLease = {
    ...held,
    check: () => {
      if (lost) throw leaseLost();
    },
    stop: () => {
      clearInterval(timer);
      renewing.get(ctx)?.delete(lease);
    },
  };
  const set = renewing.get(ctx) ?? new Set();
  set.add(lease);
  renewing.set(ctx, set);
  return lease;
}

/** The app closes: its imports' leases are no longer renewed (they lapse as a crashed process's). */
export function stopRenewing(ctx: TAppContext) {
  for (const lease of [...(renewing.get(ctx) ?? [])]) lease.stop();
}

/**
 * A finished import, all at once: its lease ends (it must still be its own), its assets become
 * READY and its ticket goes, in one transaction.
 */
export async function commitImport(
  ctx: TAppContext,
  opts: { uploadId: string; lease: TImportLease; assetIds: string[] },
) {
  await ctx.db.transaction(async (tx) => {
    if (!(await endLease(tx, opts.lease.id, opts.lease.holder))) throw leaseLost();
    if (opts.assetIds.length > 0)
      await tx
        .update(siteAssets)
        .set({ status: 'READY', readyAt: new Date() })
        .where(and(inArray(siteAssets.id, opts.assetIds), eq(siteAssets.status, 'STORING')));
    await tx.delete(siteAssets).where(eq(siteAssets.id, opts.uploadId));
  });
}

/**
 * Undoes an unfinished import (idempotent): the files of the assets it stored, then their rows,
 * the bucket's copy of the archive, its temp file here, and its ticket last.
 */
export async function undoImport(ctx: TAppContext, uploadId: string) {
  const ids = Array.from({ length: ZIP_MAX_ENTRIES }, (_, i) => importAssetId(uploadId, i));
  const stored = await ctx.db
    .select({ id: siteAssets.id, storageKey: siteAssets.storageKey, variants: siteAssets.variants })
    .from(siteAssets)
    .where(and(inArray(siteAssets.id, ids), eq(siteAssets.status, 'STORING')));
  for (const asset of stored)
    for (const key of [asset.storageKey, ...asset.variants.map((v) => v.key)])
      if (key) await ctx.storage.delete(key);
  if (stored.length > 0)
    await ctx.db.delete(siteAssets).where(
      and(
        inArray(
          siteAssets.id,
          stored.map((a) => a.id),
        ),
        eq(siteAssets.status, 'STORING'),
      ),
    );
  await ctx.storage.delete(incomingKey(uploadId));
  await fs.promises.rm(zipTempFile(ctx, uploadId), { force: true });
  await ctx.db
    .delete(siteAssets)
    .where(and(eq(siteAssets.id, uploadId), eq(siteAssets.kind, 'ZIP'), eq(siteAssets.status, 'STORING')));
}

/** The ZIP tickets whose import holds a live lease (renewed within the lease time). */
async function liveImports(ctx: TAppContext): Promise<Set<string>> {
  const rows = await ctx.db.execute(sql`select payload->>'uploadId' as upload_id from jobs
    where kind = ${ZIP_IMPORT_LEASE} and status = 'running'
      and locked_at >= now() - make_interval(secs => ${JOB_TIMING.leaseMs / 1000})`);
  return new Set((rows.rows as { upload_id: string }[]).map((r) => r.upload_id));
}

/**
 * Sweeps what unfinished imports left: imports being stored whose lease is not live are undone
 * (with their lapsed lease), then temp files of this DATA_DIR that no live import owns are
 * removed. Files and tickets are read before the leases: a live import took its lease with its
 * ticket and before making its file, so neither is ever taken for an orphan's.
 */
export async function sweepZipImports(ctx: TAppContext) {
  const dir = tempDir(ctx);
  const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
  const stuck = await ctx.db
    .select({ id: siteAssets.id })
    .from(siteAssets)
    .where(and(eq(siteAssets.kind, 'ZIP'), eq(siteAssets.status, 'STORING')));
  const live = await liveImports(ctx);
  let undone = 0;
  for (const { id } of stuck) {
    if (live.has(id)) continue;
    await undoImport(ctx, id);
    await ctx.db.execute(sql`delete from jobs where kind = ${ZIP_IMPORT_LEASE} and payload->>'uploadId' = ${id}
      and (status <> 'running' or locked_at < now() - make_interval(secs => ${JOB_TIMING.leaseMs / 1000}))`);
    undone += 1;
  }
  let removed = 0;
  for (const name of names) {
    const m = TEMP_NAME.exec(name);
    if (!m || live.has(m[1]!)) continue;
    await fs.promises.rm(path.join(dir, name), { force: true });
    removed += 1;
  }
  return { undone, removed };
}
