import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteAssets, sites } from '../../apps/server/src/db/schema/sites';
import { creativePng, tileImage } from './creatives';
import { startProduct, type TProduct } from './harness';
import { screenshot } from './screenshots';
import { horizontalOverflow, seriousAxeViolations, switchLanguage } from './ui';
import { signInAs, toastText } from './users-helpers';

// A creator builds a site in the editor: grid, images uploaded in bulk, texts and a product,
// a draft that survives a reload, the spec's messages for bad values, publishing, and the guard
// against leaving with unsaved changes.

let product: TProduct;
beforeAll(async () => {
  product = await startProduct();
});
afterAll(async () => product?.close());

async function openNewSite(page: Page, language = 'English') {
  await signInAs(page, 'user@example.com', 'admin-user');
  await switchLanguage(page, language);
  await page.goto('/admin-user/create-site?start=blank');
  await page.getByTestId('site-editor').waitFor();
}

describe('the site editor', () => {
  it('builds a site page by page, saves a draft that survives a reload, and publishes it', async () => {
    const page = await product.newPage({ locale: 'en-US' });
    await openNewSite(page);
    await page.getByTestId('site-name').fill('Hinode Winter Fair');
    await page.getByTestId('grid-columns').fill('3');
    await page.getByTestId('grid-apply').click();
    await screenshot(page, 'site-editor-settings');
    // The settings tab (colour inputs, media fields, popup CTA): nothing axe calls critical or serious.
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Three images at once: B1.png goes to B1 by its name, the others fill A1 and C1 in order.
    await page.getByTestId('tab-JP').click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('bulk-upload').click();
    await (await chooser).setFiles([
      { name: 'B1.png', mimeType: 'image/png', buffer: await creativePng(200, 40, 40) },
      { name: 'cover.png', mimeType: 'image/png', buffer: await creativePng(40, 160, 60) },
      { name: 'details.png', mimeType: 'image/png', buffer: await creativePng(40, 60, 200) },
    ]);
    // Tiles show each image's smallest WebP variant, not the full-size file, loaded lazily.
    await expect.poll(() => tileImage(page, 'C1')).toMatch(/\/media\/.+\/w390\.webp$/);
    expect(await page.getByTestId('page-tile-C1').locator('img').getAttribute('loading')).toBe('lazy');
    const assets = await product.database.db.select().from(siteAssets);
    expect(assets.map((a) => a.status)).toEqual(['READY', 'READY', 'READY']);

    await page.getByTestId('page-tile-A1').click();
    const a1 = page.getByTestId('page-form-A1');
    await a1.getByLabel('Main text', { exact: true }).fill('冬の大感謝祭');
    await a1.getByLabel('Button text', { exact: true }).fill('Shop now');
    await page.getByTestId('product-add').click();
    await a1.getByLabel('Product name').fill('Winter gift box');
    // Replacing the page's image empties its text alternative, which described the one before.
    await a1.getByLabel('Alternative text').fill('A red cover');
    const replacing = page.waitForEvent('filechooser');
    await a1.getByRole('button', { name: 'Replace', exact: true }).first().click();
    await (await replacing).setFiles([
      { name: 'winter.png', mimeType: 'image/png', buffer: await creativePng(220, 220, 240) },
    ]);
    await expect.poll(() => a1.getByLabel('Alternative text').inputValue()).toBe('');
    await screenshot(page, 'site-editor-page');
    // A language tab with a page selected and every section open: no critical or serious violation.
    for (const section of ['Global menu', 'SEO and tags', 'SNS', 'Company information', 'Forms'])
      await page.getByRole('button', { name: section, exact: true }).click();
    await page.getByRole('region', { name: 'Forms' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // A colour that is none: the spec's message at the field, and nothing is saved.
    await a1.getByLabel('Main text colour').fill('reddish');
    await a1.getByLabel('Main text colour').blur();
    await page
      .getByText('Invalid colour code. Use #fff, #ffffff, rgb(), rgba(), hsl() or hsla().')
      .first()
      .waitFor();
    await page.getByTestId('site-save-draft').click();
    await expect
      .poll(() => page.getByTestId('editor-errors').textContent())
      .toContain('1 field needs attention');
    expect(await product.database.db.select().from(sites)).toHaveLength(0);
    await a1.getByLabel('Main text colour').fill('#FFEE00');

    await page.getByTestId('site-save-draft').click();
    await page.waitForURL(/\/admin-user\/site\/[0-9a-f-]{36}$/);
    await expect.poll(() => toastText(page)).toContain('The site has been created.');
    const id = page.url().split('/').pop()!;

    await page.reload();
    await page.getByTestId('site-editor').waitFor();
    await page.getByTestId('tab-JP').click();
    const again = page.getByTestId('page-form-A1');
    expect(await again.getByLabel('Main text', { exact: true }).inputValue()).toBe('冬の大感謝祭');
    expect(await again.getByLabel('Product name').inputValue()).toBe('Winter gift box');
    expect(await page.getByTestId('site-status').textContent()).toBe('Draft');

    await page.getByTestId('site-publish').click();
    await page.getByTestId('confirm-save').click();
    await expect.poll(() => page.getByTestId('site-status').textContent()).toBe('Published');
    const [row] = await product.database.db.select().from(sites).where(eq(sites.id, id));
    expect(row!.status).toBe('PUBLISH');
    expect((row!.published as { name: string }).name).toBe('Hinode Winter Fair');
    await screenshot(page, 'site-editor-published');
    await page.context().close();
  });

  it('asks before leaving with unsaved changes, and before a grid change removes pages with work', async () => {
    const page = await product.newPage({ locale: 'en-US' });
    await openNewSite(page);
    await page.getByTestId('tab-JP').click();
    await page.getByTestId('page-form-A1').getByLabel('Main text', { exact: true }).fill('Not saved yet');
    await page.getByRole('link', { name: 'Site Production' }).first().click();
    await page.getByTestId('leave-stay').click();
    expect(page.url()).toMatch(/create-site\?start=blank$/);

    // Growing the grid loses nothing: no question, and A1 keeps its text.
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByTestId('grid-rows').fill('2');
    await page.getByTestId('grid-apply').click();
    await page.getByTestId('tab-JP').click();
    await page.getByTestId('page-tile-A2').waitFor();
    expect(await page.getByTestId('confirm-cancel').count()).toBe(0);
    await page.getByTestId('page-tile-A1').click();
    expect(await page.getByTestId('page-form-A1').getByLabel('Main text', { exact: true }).inputValue()).toBe(
      'Not saved yet',
    );

    // Shrinking it would remove A2, which now holds text: asked first; cancelling keeps it.
    await page.getByTestId('page-tile-A2').click();
    await page.getByTestId('page-form-A2').getByLabel('Main text', { exact: true }).fill('Second page');
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByTestId('grid-rows').fill('1');
    await page.getByTestId('grid-apply').click();
    await page.getByTestId('confirm-cancel').click();
    await page.getByTestId('tab-JP').click();
    await page.getByTestId('page-tile-A2').click();
    expect(await page.getByTestId('page-form-A2').getByLabel('Main text', { exact: true }).inputValue()).toBe(
      'Second page',
    );

    await page.getByRole('link', { name: 'Site Production' }).first().click();
    await page.getByTestId('leave-discard').click();
    await page.waitForURL(/site-list/);
    await page.context().close();
  });

  it('fits a phone', async () => {
    const page = await product.newPage({ phone: true, locale: 'ja-JP' });
    await openNewSite(page, '日本語');
    const overflow = await horizontalOverflow(page);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'site-editor-phone');
    await page.getByTestId('tab-JP').click();
    await screenshot(page, 'site-editor-phone-page');
    // The page's colours and the SEO panel with a refused title and its message: nothing axe
    // calls serious (dimmed and error texts included).
    await page.getByRole('button', { name: /^SEO/ }).first().click();
    const title = page.getByLabel('タイトル', { exact: true });
    await title.fill('a_b');
    await title.blur();
    await page.getByText('使用できるのは文字、数字、空白').first().waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.context().close();
  });
});
