import type { FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites } from '../../apps/server/src/db/schema/sites';
import { startProduct, type TProduct } from './harness';
import { screenshot } from './screenshots';
import { seriousAxeViolations, switchLanguage } from './ui';
import { signInAs } from './users-helpers';

// The editor's live canvas: the page being edited, drawn by the viewer's own components from the
// draft in memory. Typing shows there with no save; a click on a text focuses its field; a
// product's hotspot is dragged (or moved with the arrow keys) to new coordinates; the frame
// switches between phone, tablet and desktop, and a wide one shows the site's campaign zones.

let product: TProduct;
beforeAll(async () => {
  product = await startProduct({ demoSite: true });
});
afterAll(async () => product?.close());

const canvasOf = (page: Page): FrameLocator => page.frameLocator('[data-testid="live-canvas-frame"]');
const activePath = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('data-path') ?? null);

describe('the live canvas', () => {
  it('follows typing with no save, selects fields, moves hotspots and switches frames', async () => {
    const page = await product.newPage({ locale: 'en-US' });
    await signInAs(page, 'user@example.com', 'admin-user');
    await switchLanguage(page, 'English');
    await page.goto('/admin-user/create-site?start=blank');
    await page.getByTestId('site-editor').waitFor();
    await page.getByTestId('tab-JP').click();
    const form = page.getByTestId('page-form-A1');
    const canvas = canvasOf(page);
    await canvas.locator('article#A1').waitFor();

    // Typing shows on the canvas at once, before anything is saved (the demo site is the only one).
    const saved = await product.database.db.select().from(sites);
    await form.getByLabel('Main text', { exact: true }).fill('冬の大感謝祭');
    await form.getByLabel('Price', { exact: true }).fill('¥1,200');
    await expect.poll(() => canvas.locator('.mt').textContent()).toBe('冬の大感謝祭');
    expect(await canvas.locator('.pr').textContent()).toBe('¥1,200');
    expect(await product.database.db.select().from(sites)).toHaveLength(saved.length);
    // The frame runs no script of its own, whatever markup would reach it: once the image has
    // failed (this page's listener hears it after the image's own handler would have run), its
    // handler has not run.
    const ran = await page.evaluate(async () => {
      const frame = document.querySelector<HTMLIFrameElement>('[data-testid="live-canvas-frame"]')!;
      const img = frame.contentDocument!.createElement('img');
      img.setAttribute('onerror', 'parent.__ran = true');
      const failed = new Promise((resolve) => img.addEventListener('error', resolve, { once: true }));
      img.src = 'data:,';
      frame.contentDocument!.body.append(img);
      await failed;
      img.remove();
      return (window as unknown as { __ran?: boolean }).__ran === true;
    });
    expect(ran).toBe(false);

    // A click on a text on the canvas focuses its field in the form.
    await canvas.locator('.mt').click();
    await expect.poll(() => activePath(page)).toBe('content.JP.creatives.0.mainText');
    await canvas.locator('.pr').click();
    await expect.poll(() => activePath(page)).toBe('content.JP.creatives.0.price');

    // A product's hotspot, dragged: its coordinates follow, in designer-frame px.
    await page.getByTestId('product-add').click();
    const x = form.getByLabel('Hotspot X');
    const y = form.getByLabel('Hotspot Y');
    const [x0, y0] = [Number(await x.inputValue()), Number(await y.inputValue())];
    const hotspot = canvas.locator('.hs').first();
    await hotspot.waitFor();
    const dot = (await hotspot.boundingBox())!;
    const pageBox = (await canvas.locator('article#A1').boundingBox())!;
    // Screen px per designer px: the frame is scaled to fit the column.
    const scale = pageBox.width / 389;
    await page.mouse.move(dot.x + dot.width / 2, dot.y + dot.height / 2);
    await page.mouse.down();
    await page.mouse.move(dot.x + dot.width / 2 + 60, dot.y + dot.height / 2 + 90, { steps: 6 });
    await page.mouse.up();
    await expect.poll(async () => Number(await x.inputValue())).not.toBe(x0);
    expect(Math.abs(Number(await x.inputValue()) - (x0 + 60 / scale))).toBeLessThanOrEqual(2);
    expect(Math.abs(Number(await y.inputValue()) - (y0 + 90 / scale))).toBeLessThanOrEqual(2);
    // Dragged far out of the page: clamped to the frame.
    const moved = (await hotspot.boundingBox())!;
    await page.mouse.move(moved.x + moved.width / 2, moved.y + moved.height / 2);
    await page.mouse.down();
    await page.mouse.move(moved.x - 600, moved.y - 900, { steps: 4 });
    await page.mouse.up();
    await expect.poll(async () => [await x.inputValue(), await y.inputValue()]).toEqual(['0', '0']);

    // The keyboard: 1 px per arrow, 10 with Shift.
    await hotspot.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowDown');
    await expect.poll(async () => [await x.inputValue(), await y.inputValue()]).toEqual(['1', '10']);
    // A click on the hotspot selects the product.
    await hotspot.click();
    await expect.poll(() => activePath(page)).toBe('content.JP.creatives.0.products.0.productName');
    await screenshot(page, 'live-canvas-phone');

    // The editor with its canvas: nothing axe calls critical or serious.
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The frame: phone (the designer frame), tablet, desktop.
    const frame = page.getByTestId('live-canvas-frame');
    expect(await frame.getAttribute('width')).toBe('389');
    await page.getByTestId('canvas-device').getByText('Desktop').click();
    await expect.poll(() => frame.getAttribute('width')).toBe('1280');
    expect(await frame.getAttribute('height')).toBe('800');
    // The page keeps the published column's width inside the wide frame.
    expect((await canvas.locator('.fr').evaluate((el) => el.getBoundingClientRect().width)) | 0).toBe(500);
    await page.getByTestId('canvas-device').getByText('Tablet').click();
    await expect.poll(() => frame.getAttribute('width')).toBe('768');
    await screenshot(page, 'live-canvas-tablet');
    await page.context().close();
  });

  it('shows the site’s campaign zones beside the column on a desktop frame, not on a phone', async () => {
    const page = await product.newPage({ locale: 'en-US' });
    await signInAs(page, 'user@example.com', 'admin-user');
    await switchLanguage(page, 'English');
    await page.goto(`/admin-user/site/${product.demoSite!.id}`);
    await page.getByTestId('site-editor').waitFor();
    await page.getByTestId('tab-JP').click();
    const canvas = canvasOf(page);
    await canvas.locator('article#A1').waitFor();
    expect(await canvas.locator('.cz').count()).toBe(0);

    await page.getByTestId('canvas-device').getByText('Desktop').click();
    const left = canvas.locator('.cz:not([hidden]) .cs.cl');
    await expect.poll(() => left.isVisible()).toBe(true);
    expect(await canvas.locator('.cz:not([hidden]) .cs.cr').isVisible()).toBe(true);
    expect(await left.locator('[data-ci="demo-button"]').isVisible()).toBe(true);
    await screenshot(page, 'live-canvas-desktop');
    await page.context().close();
  });
});
