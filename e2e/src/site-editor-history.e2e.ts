import type { TSiteDocument } from '@swipe/contracts/sites';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites } from '../../apps/server/src/db/schema/sites';
import { startProduct, type TProduct } from './harness';
import { screenshot } from './screenshots';
import { dialogSettled, seriousAxeViolations, switchLanguage } from './ui';
import { signInAs } from './users-helpers';

// State that survives a save, and autosave, history and undo: the draft saves itself,
// a save keeps the tab and the page, undo and redo cover the edits, a revision is restored, and
// a conflicting save offers to reload or overwrite without losing the typing.

let product: TProduct;
beforeAll(async () => {
  product = await startProduct();
});
afterAll(async () => product?.close());

const mainText = (page: Page, coordinate = 'A1') =>
  page.getByTestId(`page-form-${coordinate}`).getByLabel('Main text', { exact: true });
const saveState = (page: Page) => page.getByTestId('save-status').getAttribute('data-state');
const draftOf = async (id: string) =>
  (await product.database.db.select().from(sites).where(eq(sites.id, id)))[0]!;

async function newSavedSite(page: Page, name: string) {
  await signInAs(page, 'user@example.com', 'admin-user');
  await switchLanguage(page, 'English');
  await page.goto('/admin-user/create-site?start=blank');
  await page.getByTestId('site-editor').waitFor();
  await page.getByTestId('site-name').fill(name);
  await page.getByTestId('site-save-draft').click();
  await page.waitForURL(/\/admin-user\/site\/[0-9a-f-]{36}$/);
  // The site's own editor (with its history) has replaced the new-site one.
  await page.getByTestId('history-open').waitFor();
  return page.url().split('/').pop()!;
}

describe('autosave, undo and history', () => {
  it('saves by itself, keeps the tab and page over a save, undoes, and restores a revision', async () => {
    const page = await product.newPage({ locale: 'en-US' });
    const id = await newSavedSite(page, 'Autosave Fair');
    await page.getByTestId('tab-JP').click();
    await mainText(page).fill('First words');
    // No button: the draft saves itself a few seconds after the last change.
    await expect.poll(() => saveState(page), { timeout: 15_000 }).toBe('saved');
    expect(await page.getByTestId('save-status').textContent()).toMatch(/^Saved at \d{1,2}:\d{2}/);
    await expect
      .poll(async () => (await draftOf(id)).draft.content.JP?.creatives[0]?.mainText)
      .toBe('First words');

    // An explicit save leaves the editor where it was: the language tab, the page, its text.
    await mainText(page).fill('Second words');
    await page.getByTestId('site-save-draft').click();
    await expect.poll(() => saveState(page)).toBe('saved');
    expect(await page.getByTestId('tab-JP').getAttribute('aria-selected')).toBe('true');
    expect(await mainText(page).inputValue()).toBe('Second words');

    // Undo and redo, with the keys (even inside the field) and the buttons.
    await mainText(page).fill('Third words');
    await mainText(page).press('Control+z');
    expect(await mainText(page).inputValue()).toBe('Second words');
    await page.getByTestId('editor-redo').click();
    expect(await mainText(page).inputValue()).toBe('Third words');
    await page.getByTestId('editor-undo').click();
    expect(await mainText(page).inputValue()).toBe('Second words');
    await mainText(page).press('Shift+Control+z');
    expect(await mainText(page).inputValue()).toBe('Third words');
    await expect.poll(() => saveState(page), { timeout: 15_000 }).toBe('saved');

    // A reload shows the autosaved text.
    await page.reload();
    await page.getByTestId('tab-JP').click();
    expect(await mainText(page).inputValue()).toBe('Third words');

    // History: the first burst of saves is one entry; restoring it brings "Second words" back
    // as a new revision, and the restore itself can be undone.
    await page.getByTestId('history-open').click();
    const list = page.getByTestId('history-list');
    await dialogSettled(list);
    await screenshot(page, 'site-editor-history');
    expect(await seriousAxeViolations(page)).toEqual([]);
    // Creation, the first autosave, the save asked for, the last burst of autosaves.
    expect(await list.locator('li').count()).toBe(4);
    const oldest = list.locator('li').last();
    const revision = Number((await oldest.getAttribute('data-testid'))!.replace('history-', ''));
    await page.getByTestId(`history-restore-${revision}`).click();
    await page.getByTestId('history-restore-confirm').click();
    await expect.poll(async () => (await draftOf(id)).revision).toBeGreaterThan(revision);
    const restored = (await draftOf(id)).draft as TSiteDocument;
    // The database has it before the answer reaches the editor.
    await expect.poll(() => mainText(page).inputValue()).toBe(restored.content.JP!.creatives[0]!.mainText);
    // The restore is saved: the toolbar says so (it said "Unsaved changes" until the next edit).
    await expect.poll(() => saveState(page)).toBe('saved');
    await page.context().close();
  });

  it('a conflicting save offers reload or overwrite and never loses the typing', async () => {
    const page = await product.newPage({ locale: 'en-US' });
    const id = await newSavedSite(page, 'Conflict Fair');
    await page.getByTestId('tab-JP').click();
    await mainText(page).fill('Mine');
    await expect.poll(() => saveState(page), { timeout: 15_000 }).toBe('saved');

    // Someone else saves meanwhile (another tab, another person).
    const theirs = async (text: string) => {
      const row = await draftOf(id);
      const doc = structuredClone(row.draft) as TSiteDocument;
      doc.content.JP!.creatives[0]!.mainText = text;
      await product.database.db
        .update(sites)
        .set({ draft: doc, revision: row.revision + 1 })
        .where(eq(sites.id, id));
    };
    await theirs('Theirs');
    await mainText(page).fill('Mine, again');
    await page.getByTestId('conflict-dialog').waitFor({ timeout: 15_000 });
    await screenshot(page, 'site-editor-conflict');
    await page.getByTestId('conflict-overwrite').click();
    await expect
      .poll(async () => (await draftOf(id)).draft.content.JP?.creatives[0]?.mainText)
      .toBe('Mine, again');

    await theirs('Theirs, later');
    await mainText(page).fill('Mine, third');
    await page.getByTestId('conflict-dialog').waitFor({ timeout: 15_000 });
    await page.getByTestId('conflict-reload').click();
    await expect.poll(() => mainText(page).inputValue()).toBe('Theirs, later');
    // The typing is one undo away.
    await page.getByTestId('editor-undo').click();
    expect(await mainText(page).inputValue()).toBe('Mine, third');
    await page.context().close();
  });
});
