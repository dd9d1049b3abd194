import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignItemClicks, campaigns } from '../../apps/server/src/db/schema/campaigns';
import { startProduct, type TProduct } from './harness';
import { screenshot } from './screenshots';
import { fetchAnswers, seriousAxeViolations } from './ui';
import { signInAs } from './users-helpers';

// A creator (user@example.com) opens the demo site's campaigns from the site list, sees the
// seeded campaign, and designs a new one: its name, days and pages, a banner (an uploaded image)
// placed by dragging and the arrow keys (undone once), and a pulsing button with its link; the
// save lands in the list and in the database. No serious axe findings on the list or designer.

let product: TProduct;
let siteId: string;

beforeAll(async () => {
  product = await startProduct({ demoSite: true });
  siteId = product.demoSite!.id;
}, 120_000);
afterAll(async () => product?.close());

const bannerPng = () =>
  sharp({ create: { width: 300, height: 150, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .png()
    .toBuffer();

/** The position of an item on the frame, as its style places it. */
const boxOf = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .first()
    .evaluate((el) => {
      const s = (el as HTMLElement).style;
      return { x: Number.parseFloat(s.left), y: Number.parseFloat(s.top), w: Number.parseFloat(s.width) };
    });

describe('campaigns designer', () => {
  it('lists the seeded campaign and designs, saves and lists a new one', async () => {
    const page = await product.newPage();
    await signInAs(page, 'user@example.com', 'admin-user');

    // From the site list's per-site menu.
    await page.getByTestId('site-visitors').first().click();
    const link = page.getByTestId('site-campaigns');
    expect(await link.getAttribute('href')).toBe(`/admin-user/site-campaign/${siteId}`);
    await link.click();
    await page.getByTestId('campaigns-page').waitFor();
    await page.getByTestId('campaign-row').first().waitFor();
    expect(await page.getByTestId('campaign-row-name').allInnerTexts()).toEqual(['秋の予約キャンペーン']);
    expect(await page.getByTestId('campaign-status').getAttribute('data-status')).toBe('active');
    // (No row under the pointer: a hovered row's shade is not what is checked.)
    await page.mouse.move(0, 0);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // A new campaign.
    await page.getByTestId('campaign-create').click();
    await page.getByTestId('campaign-designer').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/admin-user/site-campaign/${siteId}/new`);

    // Saving without a name says so at the field.
    await page.getByTestId('campaign-save').click();
    await expect
      .poll(() => page.getByTestId('campaign-designer').innerText())
      .toContain('この項目は必須です。');

    await page.getByTestId('campaign-name-JP').fill('冬のフェア');
    await page.getByTestId('campaign-name-EN').fill('Winter fair');

    // The end day: the 15th of next month, picked in the calendar.
    await page.getByTestId('campaign-end').click();
    await page.locator('[data-direction="next"]').first().click();
    await page
      .getByRole('dialog')
      .locator('table button:not([data-outside])', { hasText: /^15$/ })
      .first()
      .click();

    // Two pages only.
    await page.getByTestId('campaign-pages-all').click({ force: true });
    await page.getByTestId('campaign-page-A1').click({ force: true });
    await page.getByTestId('campaign-page-B1').click({ force: true });
    await expect.poll(() => page.getByTestId('campaign-pages-count').innerText()).toMatch(/2/);

    // A banner: an uploaded image, linked to a web address.
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('campaign-add-banner').click();
    await (await chooser).setFiles([{ name: 'fair.png', mimeType: 'image/png', buffer: await bannerPng() }]);
    await page.getByTestId('campaign-item-banner').waitFor();
    await expect
      .poll(() => page.getByTestId('campaign-item-banner').locator('img').getAttribute('src'))
      .toContain('/media/');
    await page.getByTestId('campaign-link-url').fill('https://example.com/winter');

    // Dragged by the pointer (the ratio of the 2:1 image is kept), then nudged and one nudge undone.
    const before = await boxOf(page, 'campaign-item-banner');
    expect(Math.round(before.w / 2)).toBeGreaterThan(0);
    const banner = page.getByTestId('campaign-item-banner');
    await banner.scrollIntoViewIfNeeded();
    const rect = (await banner.boundingBox())!;
    await page.mouse.move(rect.x + rect.width / 2, rect.y + rect.height / 2);
    await page.mouse.down();
    await page.mouse.move(rect.x + rect.width / 2 - 30, rect.y + rect.height / 2 - 100, { steps: 5 });
    await page.mouse.up();
    const dragged = await boxOf(page, 'campaign-item-banner');
    expect(dragged.y).toBeLessThan(before.y - 50);
    await banner.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowDown');
    const nudged = await boxOf(page, 'campaign-item-banner');
    expect(nudged).toMatchObject({ x: dragged.x + 1, y: dragged.y + 10 });
    await page.keyboard.press('Control+z');
    expect(await boxOf(page, 'campaign-item-banner')).toMatchObject({ x: dragged.x, y: dragged.y });

    // A button with its animation playing.
    await page.getByTestId('campaign-add-button').click();
    await page.getByTestId('campaign-item-button').waitFor();
    await page.getByTestId('campaign-button-text').fill('今すぐ参加');
    await page.getByTestId('campaign-button-animation').click();
    await page.getByRole('option').nth(1).click();
    const face = page.getByTestId('campaign-item-button').getByTestId('campaign-button-face');
    await expect.poll(() => face.evaluate((el) => getComputedStyle(el).animationName)).not.toBe('none');
    await page.getByTestId('campaign-link-url').fill('https://example.com/join');
    await page.getByTestId('campaign-microcopy-0').fill('12月25日まで');

    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'campaign-designer');

    await page.getByTestId('campaign-save').click();
    await page.getByTestId('campaigns-page').waitFor();
    await expect
      .poll(() => page.getByTestId('campaign-row-name').allInnerTexts())
      .toEqual(expect.arrayContaining(['秋の予約キャンペーン', '冬のフェア']));
    await screenshot(page, 'campaign-list');

    const rows = await product.database.db.select().from(campaigns).where(eq(campaigns.siteId, siteId));
    const saved = rows.find((r) => r.document.names.JP === '冬のフェア')!;
    expect(saved.document.names.EN).toBe('Winter fair');
    expect(saved.endDate.slice(-2)).toBe('15');
    expect(saved.document.effectivePages).toEqual(['A1', 'B1']);
    expect(saved.document.banners).toHaveLength(1);
    expect(saved.document.banners[0]!.link).toEqual({
      type: 'EXTERNAL_URL',
      url: 'https://example.com/winter',
    });
    expect(saved.document.buttons[0]).toMatchObject({
      text: '今すぐ参加',
      animation: 'PULSE',
      microcopy: { lines: ['12月25日まで'] },
    });
    await page.close();

    // A visitor on a laptop sees it beside the site (it started today, after the demo's campaign:
    // the latest start wins); a click on its button is counted once per visit and followed.
    const wide = await product.newPage({ viewport: { width: 1280, height: 800 } });
    await wide
      .context()
      .route('https://example.com/**', (route) =>
        route.fulfill({ status: 200, contentType: 'text/html', body: 'ok' }),
      );
    await wide.goto(`/sites/${siteId}`);
    await wide.locator('#A1').waitFor();
    const zone = wide.locator(`.cz[data-cz="${saved.id}"]:not([hidden]) .cs`).first();
    await expect.poll(() => zone.isVisible()).toBe(true);
    const button = zone.locator(`[data-ci="${saved.document.buttons[0]!.id}"]`);
    expect(await button.isVisible()).toBe(true);
    // A pulsing button never stands still for a click: as a visitor who asks for less motion.
    await wide.emulateMedia({ reducedMotion: 'reduce' });
    const clicksOf = async () =>
      (
        await product.database.db
          .select()
          .from(campaignItemClicks)
          .where(eq(campaignItemClicks.campaignId, saved.id))
      )[0]?.clicks ?? 0;
    // Counted once per visit: the first click counts, the second is answered as not counted. The
    // runtime ignores a click while the one before is being sent: the page has each answer first.
    const answers = await fetchAnswers(wide, '/click?');
    for (let i = 0; i < 2; i++) {
      const popup = wide.waitForEvent('popup');
      await button.click();
      await popup;
      await expect.poll(answers).toHaveLength(i + 1);
      expect((await answers())[i]).toEqual({ data: { count: 1, counted: i === 0 } });
      expect(await clicksOf()).toBe(1);
    }
    // On a phone the zones never show.
    const phone = await product.newPage({ phone: true });
    await phone.goto(`/sites/${siteId}`);
    await phone.locator('#A1').waitFor();
    expect(
      await phone
        .locator('.cz .cs')
        .evaluateAll((els) => els.filter((e) => (e as HTMLElement).offsetWidth > 0).length),
    ).toBe(0);
  }, 120_000);

  it('works at phone width: cards in the list, the designer stacked, no serious axe findings', async () => {
    const page = await product.newPage({ phone: true });
    await signInAs(page, 'user@example.com', 'admin-user');
    await page.goto(`/admin-user/site-campaign/${siteId}`);
    await page.getByTestId('campaign-row').first().waitFor();
    expect(await page.locator('table').count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'campaign-list-phone');
    await page.getByTestId('campaign-edit').first().click();
    await page.getByTestId('campaign-designer').waitFor();
    await page.getByTestId('campaign-item-button').first().waitFor();
    // The frame fits the phone's width (scaled down).
    const frame = (await page.getByTestId('campaign-frame-box').boundingBox())!;
    expect(frame.width).toBeLessThanOrEqual(390);
    await page.getByTestId('campaign-item-button').first().click();
    await page.getByTestId('campaign-inspector-item').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'campaign-designer-phone');
    await page.close();
  }, 120_000);
});
