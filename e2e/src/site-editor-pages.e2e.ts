import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProduct, type TProduct } from './harness';
import { screenshot } from './screenshots';
import { dialogSettled, seriousAxeViolations, switchLanguage } from './ui';
import { signInAs } from './users-helpers';

// Pages you can move: rows and columns inserted and removed at any position from
// their menus, pages moved and swapped by dragging or from their menu with the keyboard, a
// duplicate, and the warning only when a removal loses work; on a phone too.

let product: TProduct;
beforeAll(async () => {
  product = await startProduct();
});
afterAll(async () => product?.close());

async function openNewSite(page: Page) {
  await signInAs(page, 'user@example.com', 'admin-user');
  await switchLanguage(page, 'English');
  await page.goto('/admin-user/create-site?start=blank');
  await page.getByTestId('site-editor').waitFor();
  await page.getByTestId('tab-JP').click();
}

const mainText = (page: Page, coordinate: string) =>
  page.getByTestId(`page-form-${coordinate}`).getByLabel('Main text', { exact: true });

/** Each tile's page as 'A1=its main text', read by selecting the tiles one by one. */
async function texts(page: Page) {
  const tiles = await page
    .locator('[data-testid^="page-tile-"]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')!.replace('page-tile-', '')));
  const out: string[] = [];
  for (const c of tiles) {
    await page.getByTestId(`page-tile-${c}`).click();
    out.push(`${c}=${await mainText(page, c).inputValue()}`);
  }
  return out;
}

async function write(page: Page, coordinate: string, text: string) {
  await page.getByTestId(`page-tile-${coordinate}`).click();
  await mainText(page, coordinate).fill(text);
}

/** Runs an entry of a row's, column's or page's menu. */
async function menu(page: Page, target: string, item: string) {
  await page.getByTestId(target).click();
  await page.getByTestId(item).click();
  // The menu closes with a transition: the next one opened must not find this one's items.
  await page.getByRole('menu').waitFor({ state: 'detached' });
}

describe('page operations on the grid', () => {
  it('inserts, moves, swaps, duplicates and removes pages, asking only when work is lost', async () => {
    const page = await product.newPage({ locale: 'en-US' });
    await openNewSite(page);
    await write(page, 'A1', 'Cover');

    // A row below the first and a column to the left of A: every page keeps its content.
    await menu(page, 'grid-row-menu-1', 'insert-row-below');
    await menu(page, 'grid-column-menu-A', 'insert-column-left');
    expect(await texts(page)).toEqual(['A1=', 'B1=Cover', 'A2=', 'B2=']);
    await write(page, 'A2', 'Details');
    // The live region says what happened.
    expect(await page.getByTestId('grid-announcement').textContent()).toBe('Column A inserted.');

    // Dragging B1 onto A2 swaps them (the default); in "move" mode it takes the place and the
    // pages between shift.
    await page.getByTestId('page-tile-B1').dragTo(page.getByTestId('page-tile-A2'));
    expect(await texts(page)).toEqual(['A1=', 'B1=Details', 'A2=Cover', 'B2=']);
    await page.getByTestId('drop-mode').getByText('Moves it there').click();
    await page.getByTestId('page-tile-A2').dragTo(page.getByTestId('page-tile-A1'));
    expect(await texts(page)).toEqual(['A1=Cover', 'B1=', 'A2=Details', 'B2=']);

    // With the keyboard: the page's menu, "Move right", and the focus follows the page.
    await page.getByTestId('page-menu-A1').focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Move right' }).waitFor();
    await page.getByRole('menuitem', { name: 'Move right' }).focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('page-menu-B1');
    expect(await page.getByTestId('grid-announcement').textContent()).toBe('Pages A1 and B1 swapped.');

    // Move to…: A2 goes to A1, the pages in between shift by one.
    await menu(page, 'page-menu-A2', 'page-move-to');
    await page.getByTestId('page-pick').selectOption('A1');
    await page.getByTestId('page-pick-ok').click();
    expect(await texts(page)).toEqual(['A1=Details', 'B1=', 'A2=Cover', 'B2=']);

    // Duplicate: the copy takes the next cell, which was an empty page.
    await menu(page, 'page-menu-A1', 'page-duplicate');
    expect(await texts(page)).toEqual(['A1=Details', 'B1=Details', 'A2=Cover', 'B2=']);
    await screenshot(page, 'site-editor-page-ops');
    // The grid with a page's menu open: nothing axe calls critical or serious.
    await page.getByTestId('page-menu-B2').click();
    await dialogSettled(page.getByTestId('page-duplicate'));
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    // Removing column A, which holds work: asked first; cancelling keeps everything.
    await menu(page, 'grid-column-menu-A', 'remove-column');
    await page.getByText('Pages A1, A2 are removed').waitFor();
    await page.getByTestId('confirm-cancel').click();
    expect(await texts(page)).toEqual(['A1=Details', 'B1=Details', 'A2=Cover', 'B2=']);
    await menu(page, 'grid-column-menu-A', 'remove-column');
    await page.getByTestId('confirm-ok').click();
    expect(await texts(page)).toEqual(['A1=Details', 'A2=']);

    // Removing an empty row asks nothing; the only column cannot go.
    await menu(page, 'grid-row-menu-2', 'insert-row-below');
    await menu(page, 'grid-row-menu-3', 'remove-row');
    expect(await page.getByTestId('confirm-ok').count()).toBe(0);
    expect(await texts(page)).toEqual(['A1=Details', 'A2=']);
    await page.getByTestId('grid-column-menu-A').click();
    expect(await page.getByTestId('remove-column').isDisabled()).toBe(true);
    await page.getByText('The only column cannot be removed.').waitFor();
    await page.keyboard.press('Escape');

    // The settings tab's grid fields follow the grid.
    await page.getByRole('tab', { name: 'Settings' }).click();
    expect(await page.getByTestId('grid-rows').inputValue()).toBe('2');
    expect(await page.getByTestId('grid-columns').inputValue()).toBe('1');
    await page.context().close();
  }, 240_000);

  it('works on a phone, in Japanese: the grid scrolls and the menus reach every operation', async () => {
    const page = await product.newPage({ locale: 'ja-JP', viewport: { width: 390, height: 844 } });
    await signInAs(page, 'user@example.com', 'admin-user');
    await switchLanguage(page, '日本語');
    await page.goto('/admin-user/create-site?start=blank');
    await page.getByTestId('site-editor').waitFor();
    await page.getByTestId('tab-JP').click();
    for (let i = 0; i < 3; i++) await menu(page, 'grid-column-menu-A', 'insert-column-right');
    await menu(page, 'page-menu-A1', 'page-moveRight');
    expect(await page.getByTestId('grid-announcement').textContent()).toBe(
      'ページ A1 と B1 を入れ替えました。',
    );
    // The last column is off screen: the grid scrolls to it.
    await page.getByTestId('grid-column-menu-D').scrollIntoViewIfNeeded();
    await menu(page, 'grid-column-menu-D', 'remove-column');
    expect(await page.locator('[data-testid^="page-tile-"]').count()).toBe(3);
    await screenshot(page, 'site-editor-page-ops-phone', { fullPage: false });
    await page.context().close();
  });
});
