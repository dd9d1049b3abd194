import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notices } from '../../apps/server/src/db/schema/communications';
import { startProduct, type TProduct } from './harness';
import { screenshot } from './screenshots';
import { horizontalOverflow, seriousAxeViolations } from './ui';
import { signInAs } from './users-helpers';

// Latest information end to end: the master opens Latest Information from the side menu (the
// seeded item is listed), writes news for the published demo site (the form says what is
// missing in the contract's words, counts the content, takes an image) and publishes it; the
// detail page and the list show it published, the published demo site lists it in its news
// panel, and on a phone the list and the form fit 390 px. No serious axe findings on the list
// and the form.

let product: TProduct;
beforeAll(async () => {
  product = await startProduct({ demoSite: true });
}, 120_000);
afterAll(async () => product?.close());

const TITLE = '春の新メニューのお知らせ';
const CONTENT = '4月1日から春限定のコースを始めます。ご予約はお早めにどうぞ。';

const imagePng = () =>
  sharp({ create: { width: 320, height: 200, channels: 3, background: { r: 220, g: 90, b: 120 } } })
    .png()
    .toBuffer();

/** The parts of an instant in Japan time (the console's forms take JST). */
function jst(at: number) {
  const d = new Date(at + 9 * 3_600_000);
  return { month: d.getUTCMonth(), day: d.getUTCDate(), hours: d.getUTCHours(), minutes: d.getUTCMinutes() };
}

/** Picks a JST date and time in the Mantine date-time picker of `testId` (the month shown first is `shownMonth`). */
async function pickDateTime(page: Page, testId: string, at: number, shownMonth: number) {
  const t = jst(at);
  await page.getByTestId(testId).click();
  const dropdown = page.locator('.mantine-Popover-dropdown[data-dates-dropdown]');
  await dropdown.waitFor();
  if (t.month !== shownMonth) await dropdown.locator('[data-direction="next"]').click();
  await dropdown
    .locator('.mantine-DateTimePicker-day:not([data-outside])', { hasText: new RegExp(`^${t.day}$`) })
    .click();
  const fields = dropdown.locator('input');
  await fields.nth(0).click();
  await page.keyboard.type(String(t.hours).padStart(2, '0'));
  await fields.nth(1).click();
  await page.keyboard.type(String(t.minutes).padStart(2, '0'));
  await dropdown.locator('button:has(svg)').last().click();
  await dropdown.waitFor({ state: 'hidden' });
}

describe('latest information', () => {
  it('the master publishes news for the demo site, which its published page then lists', async () => {
    const site = product.demoSite!;
    const page = await product.newPage();
    await signInAs(page, 'master@example.com', 'master');

    // --- the list ---------------------------------------------------------------------------
    await page.getByTestId('side-menu').getByTestId('menu-latest-information').click();
    await page.waitForURL((url) => url.pathname === '/master/latest-information');
    await page.getByTestId('news-list-page').waitFor();
    await page.getByTestId('notice-row').first().waitFor();
    expect(await page.getByTestId('notice-title').allInnerTexts()).toContain('年末年始の営業について');
    await page.mouse.move(0, 0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'news-list');

    // --- the form ---------------------------------------------------------------------------
    await page.getByTestId('notice-create').click();
    await page.waitForURL((url) => url.pathname === '/master/latest-information/create');
    await page.getByTestId('notice-form').waitFor();
    expect(
      await page.getByTestId('side-menu').getByTestId('menu-latest-information').getAttribute('aria-current'),
    ).toBe('page');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Publishing an empty form says what is missing, in the contract's words.
    await page.getByTestId('notice-publish').click();
    const form = page.getByTestId('notice-form');
    await expect.poll(() => form.innerText()).toContain('配信先サイトを1つ以上選択してください。');
    expect(await form.innerText()).toContain('この項目は必須です。');
    await screenshot(page, 'news-form-errors');

    // The demo site, found by searching.
    await page.getByTestId('notice-sites-input').click();
    await page.getByTestId('notice-sites-input').fill(site.name.slice(0, 4));
    await page.getByRole('option', { name: site.name }).first().click();
    await page.keyboard.press('Escape');

    await page.getByTestId('notice-title-input').fill(TITLE);
    await page.getByTestId('notice-content-input').fill(CONTENT);
    expect(await page.getByTestId('notice-content-count').innerText()).toBe(`${CONTENT.length} / 120`);
    await page.getByTestId('notice-link-input').fill('https://example.com/spring');

    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('notice-image-upload').click();
    await (await chooser).setFiles([{ name: 'spring.png', mimeType: 'image/png', buffer: await imagePng() }]);
    await expect
      .poll(() => page.getByTestId('notice-form').locator('img').first().getAttribute('src'))
      .toContain('/media/');

    await screenshot(page, 'news-form-filled');
    await page.getByTestId('notice-publish').click();
    await page.getByTestId('notice-detail').waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/master\/latest-information\/[0-9a-f-]{36}$/);
    expect(await page.getByTestId('notice-detail-title').innerText()).toBe(TITLE);
    expect(await page.getByTestId('notice-status').getAttribute('data-status')).toBe('PUBLISHED');
    expect(await page.getByTestId('notice-detail-sites').innerText()).toBe(site.name);
    await screenshot(page, 'news-detail');

    // Listed, published.
    await page.getByTestId('notice-back').click();
    const row = page.locator(`[data-testid="notice-row"][data-title="${TITLE}"]`);
    await row.waitFor();
    expect(await row.getByTestId('notice-status').getAttribute('data-status')).toBe('PUBLISHED');
    expect(await row.getByTestId('notice-sites').innerText()).toContain(site.name);
    expect(await row.locator('img').getAttribute('src')).toContain('/media/');

    // Filtering by status keeps it under Published, not under Draft.
    await page.getByTestId('notice-filter-status').selectOption('DRAFT');
    await page.getByTestId('notice-list-empty').or(page.getByTestId('notice-list-no-results')).waitFor();
    await page.getByTestId('notice-filter-status').selectOption('PUBLISHED');
    await row.waitFor();

    // --- the published demo site lists it ---------------------------------------------------
    const visitor = await product.newPage();
    await visitor.goto(`/sites/${site.id}`);
    await visitor.locator('#A1').waitFor();
    await expect.poll(() => visitor.locator('#nw').textContent()).toContain(TITLE);
    expect(await visitor.locator('#nw').textContent()).toContain(CONTENT);
  });

  it('fits a phone: the list as cards and the form in one column', async () => {
    const page = await product.newPage({ phone: true });
    await signInAs(page, 'master@example.com', 'master');
    await page.goto('/master/latest-information');
    await page.getByTestId('notice-row').first().waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'news-list');

    await page.goto('/master/latest-information/create');
    await page.getByTestId('notice-form').waitFor();
    await page.getByTestId('notice-publication').getByText('予約公開').click();
    await page.getByTestId('notice-start-input').waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'news-form');
  });

  it("a creator sends a notification to the demo site's visitors from the site list", async () => {
    const site = product.demoSite!;
    const page = await product.newPage();
    await signInAs(page, 'user@example.com', 'admin-user');
    await page.getByTestId('site-visitors').first().click();
    const link = page.getByTestId('site-notifications');
    expect(await link.getAttribute('href')).toBe(`/admin-user/notification-delivery/${site.id}`);
    await link.click();
    await page.getByTestId('delivery-list-page').waitFor();
    expect(await page.getByTestId('delivery-site-name').innerText()).toContain(site.name);
    await page.getByTestId('notice-row').or(page.getByTestId('notice-list-empty')).first().waitFor();
    await page.mouse.move(0, 0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'delivery-list');

    await page.getByTestId('notice-create').click();
    await page.getByTestId('notice-form').waitFor();
    // Only the site's languages are offered; instant or scheduled.
    expect(await page.getByTestId('notice-publication').innerText()).toContain('即時配信');
    await page.getByTestId('notice-title-input').fill('本日のおすすめ');
    await page.getByTestId('notice-content-input').fill('本日限定のデザートをご用意しました。');
    await page.getByTestId('notice-saveDraft').click();
    await page.getByTestId('notice-detail').waitFor();
    expect(new URL(page.url()).pathname).toMatch(
      new RegExp(`^/admin-user/notification-delivery/${site.id}/detail/[0-9a-f-]{36}$`),
    );
    expect(await page.getByTestId('notice-status').getAttribute('data-status')).toBe('DRAFT');

    // Edited and published from its detail page.
    await page.getByTestId('notice-detail-edit').click();
    await page.getByTestId('notice-form').waitFor();
    await page.getByTestId('notice-publish').click();
    await page.getByTestId('notice-detail').waitFor();
    await expect.poll(() => page.getByTestId('notice-status').getAttribute('data-status')).toBe('PUBLISHED');

    // Deleted after confirming.
    await page.getByTestId('notice-detail-delete').click();
    await page.getByTestId('delete-notice-confirm').click();
    await page.getByTestId('delivery-list-page').waitFor();
    await expect
      .poll(() => page.locator('[data-testid="notice-row"][data-title="本日のおすすめ"]').count())
      .toBe(0);
  });

  it('a creator schedules a delivery that shows on the published site at its time', async () => {
    const site = product.demoSite!;
    const page = await product.newPage();
    await signInAs(page, 'user@example.com', 'admin-user');
    await page.goto(`/admin-user/notification-delivery/${site.id}/create`);
    await page.getByTestId('notice-form').waitFor();
    const title = '本日17時から試食会';
    await page.getByTestId('notice-title-input').fill(title);
    await page.getByTestId('notice-content-input').fill('新作の試食会を開きます。お気軽にお越しください。');
    await page.getByTestId('notice-publication').getByText('予約配信').click();
    // At the start of a minute at least two minutes away (the pickers take minutes), for two hours.
    const picked = Math.ceil((Date.now() + 120_000) / 60_000) * 60_000;
    const shown = jst(Date.now()).month;
    await pickDateTime(page, 'notice-start-input', picked, shown);
    await pickDateTime(page, 'notice-end-input', picked + 2 * 3_600_000, shown);
    await page.getByTestId('notice-publish').click();
    await page.getByTestId('notice-detail').waitFor();
    // Published and waiting for its time: shown as scheduled until then.
    expect(await page.getByTestId('notice-status').getAttribute('data-status')).toBe('SCHEDULED');
    const [saved] = await product.database.db
      .select({ startAt: notices.startAt, endAt: notices.endAt })
      .from(notices)
      .where(and(eq(notices.title, title), eq(notices.kind, 'DELIVERY')));
    expect(saved?.startAt?.getTime()).toBe(picked);
    expect(saved?.endAt?.getTime()).toBe(picked + 2 * 3_600_000);

    // Rather than wait for that minute, its time comes in a few seconds: the stored dates move
    // before any visitor asks (the save dropped the site's cached pages), so the page cache's
    // first render of the site counts down to the moved start. The jobs of its start and end stay
    // at the picked minute, well after the wait below: they play no part.
    const start = Date.now() + 10_000;
    await product.database.db
      .update(notices)
      .set({ startAt: new Date(start), endAt: new Date(start + 2 * 3_600_000) })
      .where(and(eq(notices.title, title), eq(notices.kind, 'DELIVERY')));

    const visitor = await product.newPage({ phone: true });
    await visitor.goto(`/sites/${site.id}`);
    await visitor.locator('#A1').waitFor();
    expect(await visitor.locator('#nw').textContent()).not.toContain(title);
    // That look was before its time (else it proves nothing about showing too early).
    expect(Date.now()).toBeLessThan(start);

    // Its time comes: the cached page, read again and again, shows it soon after its start with
    // no republish, and no page read before its start lists it.
    let shownEarly = false;
    await expect
      .poll(
        async () => {
          await visitor.reload();
          await visitor.locator('#A1').waitFor();
          const news = (await visitor.locator('#nw').textContent()) ?? '';
          if (news.includes(title) && Date.now() < start) shownEarly = true;
          return news;
        },
        { timeout: start - Date.now() + 15_000, interval: 500 },
      )
      .toContain(title);
    expect(shownEarly).toBe(false);
    await expect.poll(() => visitor.locator('.nbn').isVisible()).toBe(true);
    expect(await visitor.locator('.nbn').textContent()).toContain(title);
    await screenshot(visitor, 'delivery-scheduled-published');
  }, 150_000);
});
