import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites } from '../../apps/server/src/db/schema/sites';
import { startProduct, type TProduct } from './harness';
import { screenshot } from './screenshots';
import { seriousAxeViolations, switchLanguage } from './ui';
import { signInAs } from './users-helpers';

// The editor's fields for the site settings that shape the published page: auto-advance, the album,
// swipe redirection and the sound icon's colour with what each does, the default SEO and the
// contact recipient on the Settings tab, and the global menu's keywords and categories; all saved.
// What they do on the published page: e2e/src/viewer-settings.e2e.ts.

let product: TProduct;
beforeAll(async () => {
  product = await startProduct();
});
afterAll(async () => product?.close());

describe('the settings of the published page in the editor', () => {
  it('explains each, checks the recipient address, and saves them with the menu’s keywords and categories', async () => {
    const page = await product.newPage({ locale: 'en-US' });
    await signInAs(page, 'user@example.com', 'admin-user');
    await switchLanguage(page, 'English');
    await page.goto('/admin-user/create-site?start=blank');
    await page.getByTestId('site-editor').waitFor();
    await page.getByTestId('site-name').fill('Hinode Spring Fair');

    for (const help of [
      'shows every page as a thumbnail',
      'past the last page of a row',
      'Videos start muted',
      'stops at the last page',
    ])
      expect(await page.getByText(help).isVisible()).toBe(true);
    await page.getByTestId('slider-time').fill('5');
    await page.getByLabel('Show the album').check();
    await page.getByLabel('Swipe redirection').check();
    await page.getByLabel('Title', { exact: true }).fill('Hinode Spring Fair');
    const recipient = page.getByTestId('contact-recipient');
    await recipient.fill('sales at hinode');
    await recipient.blur();
    await page.getByText('Invalid email address.').waitFor();
    await recipient.fill('sales@hinode.example');
    await screenshot(page, 'site-editor-settings-extras');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByTestId('tab-JP').click();
    await page.getByRole('button', { name: 'Global menu', exact: true }).click();
    const menu = page.getByRole('region', { name: 'Global menu' });
    await page.getByTestId('menu-add').click();
    await menu.getByRole('textbox', { name: /^Name/ }).fill('Miso');
    await menu.getByRole('textbox', { name: 'Keywords' }).fill('red, white');
    await menu.getByRole('textbox', { name: 'Category' }).fill('Shop');
    await screenshot(page, 'site-editor-menu-extras');
    // The language's SEO shows the default it falls back to.
    await page.getByRole('button', { name: 'SEO and tags', exact: true }).click();
    expect(await page.getByLabel('Title', { exact: true }).getAttribute('placeholder')).toBe(
      'Hinode Spring Fair',
    );

    await page.getByTestId('site-save-draft').click();
    await page.waitForURL(/\/admin-user\/site\/[0-9a-f-]{36}$/);
    const id = page.url().split('/').pop()!;
    const [row] = await product.database.db.select().from(sites).where(eq(sites.id, id));
    expect(row!.draft).toMatchObject({
      sliderTime: 5,
      displayAlbum: true,
      swipeRedirection: true,
      seo: { title: 'Hinode Spring Fair' },
      contactRecipient: 'sales@hinode.example',
    });
    expect(row!.draft.content.JP!.menus).toMatchObject([
      { name: 'Miso', target: 'A1', keywords: 'red, white', category: 'Shop' },
    ]);
    await page.context().close();
  });
});
