import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteAssets } from '../../apps/server/src/db/schema/sites';
import { buildZip } from '../../apps/server/src/test/zip-writer';
import { creativePng, tileImage } from './creatives';
import { startProduct, type TProduct } from './harness';
import { screenshot } from './screenshots';
import { switchLanguage } from './ui';
import { signInAs } from './users-helpers';

// A creator uploads the site's creatives as one ZIP (bulk upload): the images land on
// the pages their names address, the others on the empty pages in order; a ZIP dropped on the
// grid does the same, and files that are not images are listed.

let product: TProduct;
beforeAll(async () => {
  product = await startProduct();
});
afterAll(async () => product?.close());

/** Drops a file on the page grid as a person dragging it from their desktop would. */
async function dropFile(page: Page, name: string, bytes: Buffer) {
  await page.getByTestId('page-tile-A1').evaluate(
    (el, file) => {
      const data = new DataTransfer();
      const raw = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
      data.items.add(new File([raw], file.name, { type: 'application/zip' }));
      for (const type of ['dragover', 'drop'])
        el.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
    },
    { name, base64: bytes.toString('base64') },
  );
}

describe('bulk upload of a ZIP in the site editor', () => {
  it('places the images of a ZIP on the pages, by name and then in order', async () => {
    const page = await product.newPage({ locale: 'en-US' });
    await signInAs(page, 'user@example.com', 'admin-user');
    await switchLanguage(page, 'English');
    await page.goto('/admin-user/create-site?start=blank');
    await page.getByTestId('site-editor').waitFor();
    await page.getByTestId('grid-columns').fill('3');
    await page.getByTestId('grid-apply').click();
    await page.getByTestId('tab-JP').click();

    // B1.png goes to B1 by its name; cover.png to the first empty page, A1.
    const zip = buildZip([
      { name: 'B1.png', data: await creativePng(200, 40, 40) },
      { name: 'cover.png', data: await creativePng(40, 160, 60) },
    ]);
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('zip-upload').click();
    await (await chooser).setFiles([{ name: 'creatives.zip', mimeType: 'application/zip', buffer: zip }]);
    await expect.poll(() => tileImage(page, 'A1'), { timeout: 20_000 }).toContain('/media/');
    await expect.poll(() => tileImage(page, 'B1')).toContain('/media/');
    expect(await tileImage(page, 'C1')).toBe('none');
    await screenshot(page, 'site-zip-upload-grid');
    const assets = await product.database.db.select().from(siteAssets);
    expect(assets.map((a) => [a.originalName, a.status]).sort()).toEqual([
      ['B1.png', 'READY'],
      ['cover.png', 'READY'],
    ]);

    // Dropped on the grid: the image fills the last empty page, the text file is listed.
    const dropped = buildZip([
      { name: 'notes.txt', data: Buffer.from('not an image') },
      { name: 'more/extra.png', data: await creativePng(40, 60, 200) },
    ]);
    await dropFile(page, 'dropped.zip', dropped);
    await expect.poll(() => tileImage(page, 'C1'), { timeout: 20_000 }).toContain('/media/');
    const failures = page.getByTestId('upload-failures');
    await failures.waitFor();
    expect(await failures.textContent()).toContain('notes.txt');
    await screenshot(page, 'site-zip-upload-failures', { fullPage: false });
    await page.context().close();
  });
});
