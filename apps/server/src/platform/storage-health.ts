import fs from 'node:fs';

// Whether files can be written: a write refused for want of space (ENOSPC, EDQUOT) answers 507
// and marks the storage degraded for a minute; on local disk, less than MIN_FREE_BYTES free marks
// it degraded too. /api/health reports it, so a full disk is seen before the next upload fails.

export const MIN_FREE_BYTES = 64 * 1024 * 1024;
const FULL_FOR_MS = 60_000;

/** The error of a write refused for want of space, anywhere in its causes. */
export function isStorageFull(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; depth++) {
    if (e.code === 'ENOSPC' || e.code === 'EDQUOT') return true;
    e = e.cause as typeof e;
  }
  return false;
}

export interface TStorageHealth {
  /** A write just failed for want of space. */
  markFull(): void;
  state(): Promise<'ok' | 'degraded'>;
}

/** `localRoot`: the folder of a local-disk storage (its free space is checked), null for a bucket. */
export function createStorageHealth(localRoot: string | null, now = () => Date.now()): TStorageHealth {
  let fullAt = Number.NEGATIVE_INFINITY;
  return {
    markFull: () => {
      fullAt = now();
    },
    state: async () => {
      if (now() - fullAt < FULL_FOR_MS) return 'degraded';
      if (!localRoot) return 'ok';
      try {
        await fs.promises.mkdir(localRoot, { recursive: true });
        const stats = await fs.promises.statfs(localRoot);
        return stats.bavail * stats.bsize < MIN_FREE_BYTES ? 'degraded' : 'ok';
      } catch {
        return 'degraded';
      }
    },
  };
}
