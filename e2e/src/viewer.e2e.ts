import { and, eq, gte } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteEvents } from '../../apps/server/src/db/schema/analytics';
import { insertSite } from '../../apps/server/src/modules/sites/site-fixtures';
import { startProduct, type TProduct } from './harness';
import { screenshot } from './screenshots';
import { signInAs } from './users-helpers';

// A visitor on a phone and on a desktop, on the demo's published bilingual site: swiping both
// ways, the menu, a product, the company information, the popup CTA's countdown, the language
// switch keeping the position, the visit counted once; the same page with JavaScript off; a
// members-only lock; and the creator's preview of the draft in the editor.

let product: TProduct;
beforeAll(async () => {
  product = await startProduct({ demoSite: true });
});
afterAll(async () => product?.close());

const SITE = '/sites/hinode-autumn/';

/** The page (A1, B2...) that fills the visitor's screen. */
const pageInView = (page: Page) =>
  page.evaluate(() => {
    const frame = document.querySelector('.fr')!.getBoundingClientRect();
    const el = document.elementFromPoint(frame.left + frame.width / 2, frame.top + frame.height / 2);
    return el?.closest('.pg')?.id ?? null;
  });

const settle = (page: Page, id: string) => expect.poll(() => pageInView(page), { timeout: 5000 }).toBe(id);

describe('a published site on a phone', () => {
  it('swipes down and across, opens the menu, a product and the company tabs, shows the popup, switches language', async () => {
    // The demo seed's generated visits came before: this visit's events are the ones after.
    const since = new Date();
    const page = await product.newPage({ phone: true, touch: true });
    await page.goto(SITE);
    expect(await pageInView(page)).toBe('A1');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('ja');
    await screenshot(page, 'viewer-phone-a1', { fullPage: false });

    // Down a row, then across a column (keyboard: the runtime's paging).
    await page.keyboard.press('ArrowDown');
    await settle(page, 'A2');
    await page.keyboard.press('ArrowRight');
    await settle(page, 'B2');
    // The popup CTA runs on A2, B2 and A3, counting down to its end in days.
    const popup = page.locator('.pu[data-kind="timeLimit"]');
    await expect.poll(() => popup.isVisible()).toBe(true);
    expect(await popup.locator('.cd').textContent()).toMatch(/^残り\d+日$/);
    expect(await popup.locator('.bt').textContent()).toBe('ギフトを見る');
    await screenshot(page, 'viewer-phone-popup', { fullPage: false });

    // The global menu jumps to a page.
    await page.locator('.mn summary').click();
    await page.locator('.mn').getByRole('link', { name: '贈り物' }).click();
    await settle(page, 'A3');

    // A product hotspot opens its panel; Escape closes it.
    await page.locator('#A3 .hs').first().click();
    const panel = page.locator('#p-A3-1');
    await expect.poll(() => panel.isVisible()).toBe(true);
    expect(await panel.getByRole('heading').textContent()).toBe('合わせ味噌 1kg');
    expect(await panel.textContent()).toContain('¥1,280');
    await screenshot(page, 'viewer-phone-product', { fullPage: false });
    await page.keyboard.press('Escape');
    await expect.poll(() => panel.isVisible()).toBe(false);
    await settle(page, 'A3');

    // The company information: four tabs, one open at a time.
    await page.locator('#A3 .cb').click();
    const company = page.locator('#co');
    await expect.poll(() => company.isVisible()).toBe(true);
    expect(await company.locator('details[open] summary').textContent()).toBe('会社概要');
    await company.getByText('プライバシーポリシー').click();
    await expect
      .poll(() => company.locator('details[open] summary').textContent())
      .toBe('プライバシーポリシー');
    expect(await company.locator('details[open] div').textContent()).toContain('個人情報');
    await screenshot(page, 'viewer-phone-company', { fullPage: false });
    await company.getByRole('link', { name: '閉じる' }).click();
    await expect.poll(() => company.isVisible()).toBe(false);

    // The language list reloads in English at the same position.
    await page.locator('.hd details.dd:not(.mn) summary').click();
    await page.getByRole('link', { name: 'English' }).click();
    await page.waitForURL(/\/sites\/hinode-autumn\/en#A3$/);
    await settle(page, 'A3');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.locator('#A3 .mt').textContent()).toContain('Autumn gift set');
    // The popup CTA in English: its own button (and image).
    await expect.poll(() => popup.isVisible()).toBe(true);
    expect(await popup.locator('.bt').textContent()).toBe('See the gifts');
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'lang')?.value).toBe('EN');
    expect(cookies.find((c) => c.name === 'position_tab')?.value).toBe('A3');
    await screenshot(page, 'viewer-phone-en', { fullPage: false });

    // What the visitor did arrives once (the page's beacons flush when it is left).
    await page.goto('about:blank');
    const siteId = product.demoSite!.id;
    const eventsOfSite = () =>
      product.database.db
        .select()
        .from(siteEvents)
        .where(and(eq(siteEvents.siteId, siteId), gte(siteEvents.receivedAt, since)));
    // The English page is a visit of its own; its beacon goes when it is left.
    await expect
      .poll(async () => (await eventsOfSite()).some((e) => e.lang === 'EN' && e.type === 'VIEW'), {
        timeout: 10_000,
      })
      .toBe(true);
    const events = await eventsOfSite();
    const jp = events.filter((e) => e.lang === 'JP');
    const visit = jp[0]!.visitId;
    const mine = jp.filter((e) => e.visitId === visit);
    expect(mine.filter((e) => e.type === 'VIEW').map((e) => e.page)).toEqual(['A1', 'A2', 'B2', 'A3']);
    expect(mine.filter((e) => e.type === 'SWIPE').map((e) => [e.fromPage, e.page])).toEqual([
      ['A1', 'A2'],
      ['A2', 'B2'],
      ['B2', 'A3'],
    ]);
    expect(mine.filter((e) => e.type === 'CLICK').map((e) => e.target)).toEqual([
      'MENU',
      'PRODUCT',
      'COMPANY',
    ]);
    expect(mine.filter((e) => e.type === 'LANG').map((e) => e.targetId)).toEqual(['EN']);
    expect(mine.filter((e) => e.type === 'DWELL').length).toBeGreaterThanOrEqual(3);
    // Exactly once: no event of the visit stored twice.
    expect(new Set(mine.map((e) => e.seq)).size).toBe(mine.length);
    expect(events.filter((e) => e.lang === 'EN' && e.type === 'VIEW').map((e) => e.page)).toEqual(['A3']);
    await page.context().close();
  });

  it('a vertical swipe keeps the column as the arrows do; no sideways swipe leaves the site; Japanese breaks between phrases', async () => {
    const page = await product.newPage({ phone: true, touch: true });
    await page.goto(SITE);
    await settle(page, 'A1');
    await page.keyboard.press('ArrowRight');
    await settle(page, 'B1');
    // A swipe down scrolls the grid of rows by one screen: it lands on B2, where the arrow goes.
    await page
      .locator('.gr')
      .evaluate((grid) => grid.scrollBy({ top: grid.clientHeight, behavior: 'instant' }));
    await settle(page, 'B2');
    await page
      .locator('.gr')
      .evaluate((grid) => grid.scrollBy({ top: -grid.clientHeight, behavior: 'instant' }));
    await settle(page, 'B1');
    // Past the first or last page of a row, a sideways swipe stops there instead of going back.
    expect(
      await page
        .locator('.rw')
        .first()
        .evaluate((row) => getComputedStyle(row).overscrollBehaviorX),
    ).toBe('none');
    expect(await page.locator('#A1').evaluate((el) => getComputedStyle(el).wordBreak)).toBe('auto-phrase');
  });

  it('still swipes with JavaScript off (scroll-snap and plain links)', async () => {
    const page = await product.newPage({ phone: true, javaScriptEnabled: false });
    await page.goto(SITE);
    expect(await pageInView(page)).toBe('A1');
    await page.mouse.move(195, 420);
    await page.mouse.wheel(0, 500);
    await settle(page, 'A2');
    await page.mouse.wheel(300, 0);
    await settle(page, 'B2');
    // The arrows are links to the neighbouring pages.
    await page.locator('#B2 .ar.ad').click();
    await settle(page, 'B3');
    // The menu opens without script too.
    await page.locator('.mn summary').click();
    await page.locator('.mn').getByRole('link', { name: 'トップ' }).click();
    await settle(page, 'A1');
    await page.context().close();
  });
});

describe('a published site on a desktop', () => {
  it('stands centred at phone width, with its bottom bar and header inside the column', async () => {
    const page = await product.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${SITE}en`);
    const frame = await page.locator('.fr').boundingBox();
    expect(frame!.width).toBe(500);
    expect(Math.round(frame!.x)).toBe(470);
    const bar = await page.locator('#A1 .bb').boundingBox();
    expect(bar!.x).toBeGreaterThanOrEqual(470);
    expect(bar!.x + bar!.width).toBeLessThanOrEqual(970);
    await page.keyboard.press('ArrowRight');
    await settle(page, 'B1');
    await screenshot(page, 'viewer-desktop', { fullPage: false });
    await page.context().close();
  });
});

describe('members-only pages', () => {
  it('shows the lock and the way to sign in or register, never the content', async () => {
    const doc = structuredClone(product.demoSite!.published!);
    doc.content.JP!.creatives[1]!.membersOnlyLock = true;
    doc.content.JP!.creatives[1]!.mainText = '会員だけの特別価格';
    const site = await insertSite(product.database.db, {
      accountId: product.fixtures.accounts.company.id,
      doc: { ...doc, domain: { customDomain: '', customPath: '' } },
      published: true,
    });
    const page = await product.newPage({ phone: true, touch: true });
    await page.goto(`/sites/${site.id}/#B1`);
    await settle(page, 'B1');
    const lock = page.locator('#B1 .lk');
    expect(await lock.textContent()).toContain('このページは会員限定です');
    expect(await lock.getByRole('link', { name: 'ログイン' }).getAttribute('href')).toBe(
      `/sites/${site.id}/login?to=B1`,
    );
    expect(await page.content()).not.toContain('会員だけの特別価格');
    await screenshot(page, 'viewer-phone-locked', { fullPage: false });
    await page.context().close();
  });
});

describe("the editor's preview", () => {
  it('shows the saved draft as visitors will see it, in a sandboxed frame', async () => {
    const page = await product.newPage();
    await signInAs(page, 'user@example.com', 'admin-user');
    await page.goto(`/admin-user/site/${product.demoSite!.id}`);
    await page.getByTestId('site-editor').waitFor();
    await page.getByTestId('site-preview').click();
    const frameEl = page.getByTestId('draft-preview-frame');
    await frameEl.waitFor();
    expect(await frameEl.getAttribute('sandbox')).not.toContain('allow-same-origin');
    const frame = page.frameLocator('[data-testid="draft-preview-frame"]');
    await expect.poll(() => frame.locator('#A1 .mt').textContent()).toContain('日の出食品の秋');
    await screenshot(page, 'editor-draft-preview', { fullPage: false });
    // The preview is the draft's, not cached, and not for search engines.
    const src = (await frameEl.getAttribute('src'))!;
    const res = await page.request.get(src);
    expect(res.headers()['cache-control']).toBe('private, no-store');
    // A preview reports no visits.
    expect(await frame.locator('body').getAttribute('data-ev-url')).toBeNull();
    await page.context().close();
  });
});
