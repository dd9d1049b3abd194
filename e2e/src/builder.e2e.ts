import { eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites } from '../../apps/server/src/db/schema/sites';
import { startProduct, type TProduct } from './harness';
import { screenshot } from './screenshots';
import { switchLanguage } from './ui';
import { signInAs } from './users-helpers';

// The builder's whole journey, as one creator with a multilingual plan: a bilingual site from a
// template, an edit seen on the live canvas, undo, pages reordered, a language copied, the
// autosave, a reload, a revision restored, the pre-publish check and publishing. The clicks the
// creator makes are counted and printed: what building a 6-page bilingual site takes.

let product: TProduct;
beforeAll(async () => {
  product = await startProduct();
});
afterAll(async () => product?.close());

let clicks = 0;
const click = async (target: Locator) => {
  clicks++;
  await target.click();
};
const mainText = (page: Page, coordinate: string) =>
  page.getByTestId(`page-form-${coordinate}`).getByLabel('Main text', { exact: true });
const saveState = (page: Page) => page.getByTestId('save-status').getAttribute('data-state');

describe('the builder', () => {
  it('builds, edits, reorders, copies, autosaves, restores and publishes a bilingual site from a template', async () => {
    const page = await product.newPage({ locale: 'en-US' });
    await signInAs(page, 'oem@example.com', 'admin');
    await switchLanguage(page, 'English');
    clicks = 0;
    await page.goto('/admin/create-site');
    // The product launch template: 3 x 2 pages in English and Japanese.
    await page.getByTestId('template-card-product-launch').waitFor({ timeout: 60_000 });
    await click(page.getByTestId('template-use-product-launch'));
    await page.waitForURL(/\/admin\/site\/[0-9a-f-]{36}$/, { timeout: 90_000 });
    await page.getByTestId('history-open').waitFor();
    const id = page.url().split('/').pop()!;
    const row = async () => (await product.database.db.select().from(sites).where(eq(sites.id, id)))[0]!;
    // English first (the console's language), Japanese second.
    expect((await row()).languages).toEqual(['EN', 'JP']);
    expect((await row()).pages).toBe(6);

    // An edit on the English (default) tab shows on the live canvas with nothing saved.
    await click(page.getByTestId('tab-EN'));
    await click(page.getByTestId('page-tile-A1'));
    const canvas = page.frameLocator('[data-testid="live-canvas-frame"]');
    await mainText(page, 'A1').fill('Launch day: 1 December');
    await canvas.getByText('Launch day: 1 December').waitFor();
    // Undo takes it back, on the form and the canvas.
    await click(page.getByTestId('editor-undo'));
    await canvas.getByText('Launch day: 1 December').waitFor({ state: 'detached' });
    await click(page.getByTestId('editor-redo'));
    await canvas.getByText('Launch day: 1 December').waitFor();

    // Reorder: drag B1 onto A1 (a swap, in every language).
    const before = (await row()).draft.content.EN!.creatives.map((c) => c.mainText);
    clicks++;
    await page.getByTestId('page-tile-B1').dragTo(page.getByTestId('page-tile-A1'));
    await expect
      .poll(() => page.getByTestId('grid-announcement').textContent())
      .toBe('Pages B1 and A1 swapped.');

    // Copy the English A1 (formerly B1) into the Japanese A1, as a start for translating.
    await click(page.getByTestId('tab-JP'));
    await click(page.getByTestId('page-tile-A1'));
    await click(page.getByTestId('page-form-A1').getByTestId('page-copy'));
    // The Japanese A1 holds the template's text: the copy asks first.
    await click(page.getByTestId('confirm-ok'));
    await expect.poll(() => mainText(page, 'A1').inputValue()).toBe(before[1]);

    // The autosave keeps all of it; a reload shows it.
    await expect.poll(() => saveState(page), { timeout: 20_000 }).toBe('saved');
    const saved = (await row()).draft;
    expect(saved.content.JP!.creatives[0]!.mainText).toBe(before[1]);
    expect(saved.content.EN!.creatives[0]!.mainText).toBe(before[1]);
    await page.reload();
    await page.getByTestId('history-open').waitFor();
    await click(page.getByTestId('tab-JP'));
    expect(await mainText(page, 'A1').inputValue()).toBe(before[1]);

    // Restore the template as it was created: the first revision.
    await click(page.getByTestId('history-open'));
    await page.getByTestId('history-list').waitFor();
    await click(page.getByTestId('history-restore-0'));
    await click(page.getByTestId('history-restore-confirm'));
    await expect.poll(async () => (await row()).draft.content.EN!.creatives[0]!.mainText).toBe(before[0]);
    await screenshot(page, 'builder-restored');

    // The pre-publish check: warnings only (the template is complete), so publishing goes.
    await click(page.getByTestId('site-publish'));
    await page.getByTestId('confirm-save').waitFor();
    expect(await page.getByTestId('pre-publish-errors').count()).toBe(0);
    await screenshot(page, 'builder-pre-publish');
    await click(page.getByTestId('confirm-save'));
    await expect.poll(() => page.getByTestId('site-status').textContent()).toBe('Published');
    expect((await row()).status).toBe('PUBLISH');
    console.log(`builder journey: ${clicks} clicks from the template gallery to published`);
    await page.context().close();
  });
});
