import { randomUUID } from 'node:crypto';
import { SITE_UPLOAD_BATCH_MAX } from '@swipe/contracts/uploads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNED_UPLOAD_USES_PER_MINUTE, UNSIGNED_UPLOADS_PER_MINUTE } from './uploads.service';
import { png, startUploadsTestApp, type TTarget } from './uploads-test-kit';

// The upload routes' rate limits: a signed request counts per its asset, so a creator filling a
// 100-page site in four languages (about 400 files within a minute) is never refused, while
// unsigned or badly signed PUTs, and one signed URL used over and over, still are (per IP / URL).

let k: Awaited<ReturnType<typeof startUploadsTestApp>>;
beforeAll(async () => {
  k = await startUploadsTestApp();
});
afterAll(async () => k?.close());

/** Runs `work` over `items`, `width` at a time. */
async function inBatches<T, R>(items: T[], width: number, work: (item: T) => Promise<R>) {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += width)
    out.push(...(await Promise.all(items.slice(i, i + width).map(work))));
  return out;
}

describe('upload rate limits', () => {
  it('lets one creator announce and PUT 400 files within a minute', async () => {
    const bytes = await png(8, 8);
    const targets: TTarget[] = [];
    for (let call = 0; call < 400 / SITE_UPLOAD_BATCH_MAX; call++) {
      const files = Array.from({ length: SITE_UPLOAD_BATCH_MAX }, (_, i) => ({
        name: `page-${call}-${i}.png`,
        size: bytes.length,
        kind: 'IMAGE' as const,
      }));
      const res = await k.announce('direct@example.com', files);
      expect(res.statusCode, res.body).toBe(200);
      targets.push(...res.json().data);
    }
    expect(targets).toHaveLength(400);
    expect(targets.every((to) => to.upload_url)).toBe(true);

    const started = Date.now();
    const statuses = await inBatches(
      targets,
      25,
      async (to) => (await k.put(to.upload_url, bytes)).statusCode,
    );
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect((await k.assetRow(targets[399]!.asset_id)).status).toBe('READY');
  });

  it('still refuses a flood of unsigned or badly signed PUTs with 429', async () => {
    const bytes = await png(4, 4);
    const urls = Array.from({ length: UNSIGNED_UPLOADS_PER_MINUTE + 5 }, (_, i) =>
      i % 2
        ? `/api/uploads/${randomUUID()}`
        : `/api/uploads/${randomUUID()}?expires=9999999999&sig=${'a'.repeat(43)}`,
    );
    const statuses = await inBatches(urls, 25, async (url) => (await k.put(url, bytes)).statusCode);
    expect(statuses.slice(0, UNSIGNED_UPLOADS_PER_MINUTE).every((s) => s === 403)).toBe(true);
    expect(statuses.slice(UNSIGNED_UPLOADS_PER_MINUTE)).toEqual([429, 429, 429, 429, 429]);
  });

  it('limits how often one signed URL may be used', async () => {
    const bytes = await png(4, 4);
    const to = await k.target('direct@example.com', 'again.png', bytes);
    const statuses: number[] = [];
    for (let i = 0; i <= SIGNED_UPLOAD_USES_PER_MINUTE; i++)
      statuses.push((await k.put(to.upload_url, bytes)).statusCode);
    expect(statuses[0]).toBe(200);
    expect(statuses.at(-1)).toBe(429);
  });
});
