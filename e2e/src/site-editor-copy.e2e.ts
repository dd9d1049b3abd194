import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites } from '../../apps/server/src/db/schema/sites';
import { creativePng, tileImage } from './creatives';
import { startProduct, type TProduct } from './harness';
import { screenshot } from './screenshots';
import { switchLanguage } from './ui';
import { signInAs } from './users-helpers';

// A creator translating a bilingual site: the English tab starts as a copy of the Japanese one,
// then one page is copied again over its translation (asked first); plus the editor's small
// helps: recommended image sizes, the forms' item counter, and dates in the UI language in JST.

let product: TProduct;
beforeAll(async () => {
  product = await startProduct();
});
afterAll(async () => product?.close());

/** The OEM master's plan is multilingual. */
async function openNewSite(page: Page, language = 'English') {
  await signInAs(page, 'oem@example.com', 'admin');
  await switchLanguage(page, language);
  await page.goto('/admin/create-site?start=blank');
  await page.getByTestId('site-editor').waitFor();
}

const mainText = (page: Page, coordinate: string) =>
  page.getByTestId(`page-form-${coordinate}`).getByLabel('Main text', { exact: true });

describe('copying from the default language', () => {
  it('starts a language tab, then a page, from the Japanese one', async () => {
    const page = await product.newPage({ locale: 'en-US' });
    await openNewSite(page);
    await page.getByTestId('site-name').fill('Hinode Spring');
    await page.getByTestId('grid-columns').fill('2');
    await page.getByTestId('grid-apply').click();
    // The chip's box is a hidden checkbox: its label is what a person clicks.
    await page.getByTestId('language-EN').locator('xpath=..').locator('label').click();
    await page.getByTestId('tab-EN').waitFor();
    // The recommended image sizes, under the fields they are for.
    await page.getByText('Recommended size: 250 × 150 px.').waitFor();
    await page.getByText('Recommended size: 256 × 256 px.').waitFor();

    // The Japanese tab: an image on A1, texts on A1 and B1, a menu entry and an SEO title.
    await page.getByTestId('tab-JP').click();
    expect(await page.getByTestId('language-copy-card').count()).toBe(0);
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('bulk-upload').click();
    await (await chooser).setFiles([
      { name: 'A1.png', mimeType: 'image/png', buffer: await creativePng(200, 40, 40) },
    ]);
    await expect.poll(() => tileImage(page, 'A1')).toContain('/media/');
    await page.getByTestId('page-tile-A1').click();
    await page
      .getByText(
        'Recommended: 1170 × 2217 px, the shape of the 389 × 737 page frame (width : height = 1 : 1.89).',
        {
          exact: false,
        },
      )
      .waitFor();
    await mainText(page, 'A1').fill('春の新作');
    await page.getByTestId('page-tile-B1').click();
    await mainText(page, 'B1').fill('ご予約はこちら');
    await page.getByRole('button', { name: 'Global menu', exact: true }).click();
    await page.getByTestId('menu-add').click();
    const menu = page.getByRole('region', { name: 'Global menu' });
    await menu.getByRole('textbox', { name: 'Name' }).fill('トップ');

    // The forms count their items, with no maximum shown.
    await page.getByRole('button', { name: 'Forms', exact: true }).click();
    const count = page.getByTestId('form-field-count');
    expect(await count.textContent()).toBe('3 items');
    await page.getByTestId('form-field-add').click();
    expect(await count.textContent()).toBe('4 items');
    await page.getByTestId('form-type').getByText('Contact', { exact: true }).click();
    expect(await count.textContent()).toBe('2 items');

    // English is empty: copied without a question.
    await page.getByTestId('tab-EN').click();
    await page.getByTestId('language-copy').click();
    expect(await page.getByTestId('confirm-ok').count()).toBe(0);
    await expect.poll(() => tileImage(page, 'A1')).toContain('/media/');
    await page.getByTestId('page-tile-A1').click();
    expect(await mainText(page, 'A1').inputValue()).toBe('春の新作');
    await page.getByRole('button', { name: 'Global menu', exact: true }).click();
    expect(await menu.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('トップ');
    // The forms stay English's own: the membership form still has its three fields.
    await page.getByRole('button', { name: 'Forms', exact: true }).click();
    expect(await page.getByTestId('form-field-count').textContent()).toBe('3 items');
    await screenshot(page, 'site-editor-copied-language');

    // Translated in place, then copied again: asked first, and cancelling keeps the translation.
    await mainText(page, 'A1').fill('New for spring');
    await page.getByTestId('page-tile-B1').click();
    await mainText(page, 'B1').fill('Book now');
    await page.getByTestId('language-copy').click();
    await page.getByText('English already has content.', { exact: false }).waitFor();
    await page.getByTestId('confirm-cancel').click();
    expect(await mainText(page, 'B1').inputValue()).toBe('Book now');

    // One page: A1 again from Japanese (asked, as it holds a translation); B1 keeps its own.
    await page.getByTestId('page-tile-A1').click();
    await page.getByTestId('page-copy').click();
    await page.getByText('Page A1 in English already has content.', { exact: false }).waitFor();
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => mainText(page, 'A1').inputValue()).toBe('春の新作');
    await page.getByTestId('page-tile-B1').click();
    expect(await mainText(page, 'B1').inputValue()).toBe('Book now');

    await page.getByTestId('site-save-draft').click();
    await page.waitForURL(/\/admin\/site\/[0-9a-f-]{36}$/);
    const id = page.url().split('/').pop()!;
    await expect
      .poll(async () => {
        const [row] = await product.database.db.select().from(sites).where(eq(sites.id, id));
        const draft = row?.draft as
          | { content: Record<string, { creatives: { mainText: string }[] }> }
          | undefined;
        return draft?.content.EN?.creatives.map((c) => c.mainText);
      })
      .toEqual(['春の新作', 'Book now']);
    await page.context().close();
  });

  it('shows popup dates in the UI language, in Japan time', async () => {
    const page = await product.newPage({ locale: 'ja-JP' });
    await openNewSite(page, '日本語');
    await page.getByTestId('site-name').fill('Dates');
    await page.getByTestId('site-save-draft').click();
    await page.waitForURL(/\/admin\/site\/[0-9a-f-]{36}$/);
    const id = page.url().split('/').pop()!;
    // 03:04 UTC is 12:04 in Japan.
    const [row] = await product.database.db.select().from(sites).where(eq(sites.id, id));
    const draft = row!.draft;
    await product.database.db
      .update(sites)
      .set({
        draft: {
          ...draft,
          popupCtas: {
            ...draft.popupCtas,
            timeLimit: {
              ...draft.popupCtas.timeLimit,
              enabled: true,
              startDate: '2030-01-02T03:04:00.000Z',
              endDate: '2030-02-03T15:30:00.000Z',
            },
          },
        },
      })
      .where(eq(sites.id, id));
    await page.reload();
    await page.getByTestId('site-editor').waitFor();
    const start = page.getByTestId('popup-timeLimit-start');
    await expect.poll(() => start.textContent()).toBe('2030/01/02 12:04');
    expect(await page.getByTestId('popup-timeLimit-end').textContent()).toBe('2030/02/04 00:30');
    await switchLanguage(page, 'English');
    await expect.poll(() => start.textContent()).toBe('Jan 2, 2030 12:04');
    await page.context().close();
  });
});
