import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteAssets } from '../../apps/server/src/db/schema/sites';
import { startS3Server } from '../../apps/server/src/test/s3-server';
import { buildZip } from '../../apps/server/src/test/zip-writer';
import { creativePng, tileImage } from './creatives';
import { startProduct, type TProduct } from './harness';
import { switchLanguage } from './ui';
import { signInAs } from './users-helpers';

// With an S3 bucket, the browser sends creatives straight to the bucket (a presigned PUT, across
// origins) and the server then checks them and makes the variants: the editor works the same.

let s3: Awaited<ReturnType<typeof startS3Server>>;
let product: TProduct;
beforeAll(async () => {
  s3 = await startS3Server();
  product = await startProduct({ env: s3.env });
});
afterAll(async () => {
  await product?.close();
  await s3?.close();
});

describe('uploads straight to the bucket', () => {
  it('places single images and a ZIP on the pages, the bytes going to the bucket, not the server', async () => {
    const page = await product.newPage({ locale: 'en-US' });
    const puts: URL[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT') puts.push(new URL(r.url()));
    });
    await signInAs(page, 'user@example.com', 'admin-user');
    await switchLanguage(page, 'English');
    await page.goto('/admin-user/create-site?start=blank');
    await page.getByTestId('site-editor').waitFor();
    await page.getByTestId('grid-columns').fill('3');
    await page.getByTestId('grid-apply').click();
    await page.getByTestId('tab-JP').click();

    const images = page.waitForEvent('filechooser');
    await page.getByTestId('bulk-upload').click();
    await (await images).setFiles([
      { name: 'B1.png', mimeType: 'image/png', buffer: await creativePng(200, 40, 40) },
      { name: 'cover.png', mimeType: 'image/png', buffer: await creativePng(40, 160, 60) },
    ]);
    await expect.poll(() => tileImage(page, 'B1'), { timeout: 20_000 }).toContain('/media/');
    await expect.poll(() => tileImage(page, 'A1')).toContain('/media/');

    const zip = page.waitForEvent('filechooser');
    await page.getByTestId('zip-upload').click();
    await (await zip).setFiles([
      {
        name: 'more.zip',
        mimeType: 'application/zip',
        buffer: buildZip([{ name: 'C1.png', data: await creativePng(40, 60, 200) }]),
      },
    ]);
    await expect.poll(() => tileImage(page, 'C1'), { timeout: 20_000 }).toContain('/media/');

    expect(puts.filter((u) => u.origin === s3.settings.endpoint)).toHaveLength(3);
    expect(puts.filter((u) => u.pathname.startsWith('/api/uploads'))).toEqual([]);
    const assets = await product.database.db.select().from(siteAssets);
    expect(assets.map((a) => [a.originalName, a.status]).sort()).toEqual([
      ['B1.png', 'READY'],
      ['C1.png', 'READY'],
      ['cover.png', 'READY'],
    ]);
    // The images the editor shows come from the bucket through the server's media route.
    const url = await tileImage(page, 'C1');
    expect(url).toContain('/media/');
    expect((await page.request.get(url)).status()).toBe(200);
    await page.context().close();
  });
});
