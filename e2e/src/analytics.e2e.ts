import { jstToday } from '@swipe/contracts/analytics';
import type { TUiLanguage } from '@swipe/contracts/i18n';
import { translate } from '@swipe/contracts/messages';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProduct, type TProduct } from './harness';
import { screenshot } from './screenshots';
import { horizontalOverflow, pageAtRest, seriousAxeViolations, sessionToken } from './ui';
import { signInAs } from './users-helpers';

// Effect measurement end to end: a visitor on a phone swipes the demo site and taps its first
// page; the OEM's staff then find that visit in today's swipe analysis and tap heatmap, next to
// the 30 days of generated visits the demo seed made.

let product: TProduct;
beforeAll(async () => {
  product = await startProduct({ demoSite: true });
});
afterAll(async () => product?.close());

const cell = (page: Page, row: string, column: number) =>
  page.getByTestId(row).locator('td').nth(column).innerText();
const number = (text: string) => Number(text.replace(/[^\d]/g, ''));
/** The console's language from its document's `lang`. */
const UI_LANGUAGE: Record<string, TUiLanguage> = { en: 'en', ja: 'ja', 'zh-CN': 'cn', ko: 'kr' };

describe('effect measurement', () => {
  it("shows a phone visitor's swipe and tap in today's numbers, in every view, without serious axe findings", async () => {
    const siteId = product.demoSite!.id;
    const today = jstToday();
    const staff = await product.newPage({ locale: 'en-US' });
    await signInAs(staff, 'oem@example.com', 'admin');
    const address = (tab: string) => `/admin/analytics?site=${siteId}&from=${today}&to=${today}&tab=${tab}`;
    await staff.goto(address('pages'));
    // Just after midnight (JST) today may have no visit yet: a page without a row has no views.
    await staff.getByTestId('pages-row-A1').or(staff.getByTestId('analytics-empty')).waitFor();
    const views = async (row: string) =>
      (await staff.getByTestId(row).count()) ? number(await cell(staff, row, 1)) : 0;
    const viewsBefore = { A1: await views('pages-row-A1'), A2: await views('pages-row-A2') };
    await staff.goto(address('heatmap'));
    const taps = staff.getByTestId('analytics-heatmap-taps');
    await taps.or(staff.getByTestId('analytics-empty')).waitFor();
    const tapsBefore = (await taps.count()) ? number(await taps.innerText()) : 0;

    // The visitor, from a Google ad (its UTM parameters and click id): A1, a tap on the creative,
    // down to A2.
    const visitor = await product.newPage({ phone: true, touch: true });
    // The server's first answer to the visit's events is 503 (its database is stalled): the
    // runtime sends that batch again, and nothing of the visit is lost.
    let refused = 0;
    await visitor.route('**/api/end-user/events', (route) =>
      route.request().method() === 'POST' && refused++ === 0
        ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"code":"UNAVAILABLE"}' })
        : route.continue(),
    );
    await visitor.goto(
      `/sites/${siteId}?utm_source=google&utm_medium=cpc&utm_campaign=journey-${Date.now()}&gclid=E2E-click-1`,
    );
    const campaign = new URL(visitor.url()).searchParams.get('utm_campaign')!;
    await visitor.locator('#A1').waitFor();
    await visitor.mouse.click(195, 300);
    // The runtime sends its events every few seconds while the page shows; the batch with the
    // arrival at A2 must be taken (a busy server answers 503 and the runtime sends it again).
    const arrivedAtA2 = visitor.waitForResponse(
      (r) =>
        r.request().method() === 'POST' &&
        /"type":"VIEW","page":"A2"/.test(r.request().postData() ?? '') &&
        r.ok(),
      { timeout: 30_000 },
    );
    await visitor.keyboard.press('ArrowDown');
    // The runtime notes each page it arrives at in the position_tab cookie.
    await expect.poll(() => visitor.evaluate(() => document.cookie.includes('position_tab=A2'))).toBe(true);
    await arrivedAtA2;
    expect(refused).toBeGreaterThan(1);
    // Leaving the page sends what is left of the visit.
    await visitor.goto('about:blank');

    // Within seconds the rollups have it; the screens read nothing else.
    await expect
      .poll(
        async () => {
          await staff.goto(address('pages'));
          await staff.getByTestId('pages-row-A1').waitFor();
          return [await views('pages-row-A1'), await views('pages-row-A2')];
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toEqual([viewsBefore.A1 + 1, viewsBefore.A2 + 1]);
    await screenshot(staff, 'analytics-swipe');
    expect(await seriousAxeViolations(staff)).toEqual([]);

    await staff.goto(address('heatmap'));
    await expect
      .poll(async () => number(await staff.getByTestId('analytics-heatmap-taps').innerText()))
      .toBe(tapsBefore + 1);

    // Acquisition: the visit under Google Ads and its campaign.
    await staff.goto(address('sources'));
    const row = staff.locator(`[data-testid="campaign-row"][data-campaign="${campaign}"]`);
    await row.waitFor();
    expect(await row.getAttribute('data-network')).toBe('GOOGLE');
    expect((await row.locator('td').nth(1).innerText()).trim()).toBe('google');
    expect(number(await row.locator('td').nth(4).innerText())).toBe(1);
    await staff.getByTestId('network-row-GOOGLE').waitFor();
    await screenshot(staff, 'analytics-sources');
    expect(await seriousAxeViolations(staff)).toEqual([]);

    // The LP analysis and the others answer too, and the CSV of the view on screen downloads.
    await staff.goto(address('overview'));
    await staff.getByTestId('metric-pageViews-value').waitFor();
    expect(number(await staff.getByTestId('metric-pageViews-value').innerText())).toBeGreaterThan(0);
    expect(await seriousAxeViolations(staff)).toEqual([]);
    const download = staff.waitForEvent('download');
    await staff.getByTestId('analytics-export').click();
    expect((await download).suggestedFilename()).toBe(
      `analysis-overview-${today.replace(/-/g, '')}-${today.replace(/-/g, '')}.csv`,
    );
    // The site picker searches the server: a few letters find the demo site.
    await staff.getByTestId('analytics-site').fill('Hinode');
    await staff.getByRole('option', { name: 'Hinode Autumn Campaign' }).click();
    await expect.poll(() => staff.getByTestId('analytics-site').inputValue()).toBe('Hinode Autumn Campaign');
    await staff.goto(address('creatives'));
    await staff.getByTestId('creatives-row-A1').waitFor();
    await staff.goto(address('rankings'));
    await staff.getByTestId('analytics-rankings-ineligible').waitFor();

    // A period that ends before it starts is explained, not sent: no analysis is asked for (by the
    // time the page has drawn twice after the explanation, a view would have sent its call), and
    // there is nothing to export.
    const asked: string[] = [];
    staff.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/analysis/')) asked.push(r.url());
    });
    await staff.goto(`/admin/analytics?site=${siteId}&from=${today}&to=2020-01-01`);
    const problem = staff.getByTestId('analytics-period-error');
    await problem.waitFor();
    const language = UI_LANGUAGE[await staff.evaluate(() => document.documentElement.lang)]!;
    expect(await problem.innerText()).toBe(translate('analytics.rangeInvalid', language));
    await pageAtRest(staff);
    expect(asked).toEqual([]);
    expect(await staff.getByTestId('analytics-export').isDisabled()).toBe(true);
    await staff.context().close();
    await visitor.context().close();
  });

  it('is not offered to a plan without it, and the server refuses it', async () => {
    const page = await product.newPage({ locale: 'en-US' });
    await signInAs(page, 'minato@example.com', 'master-user');
    expect(await page.locator('a[href="/master-user/analytics"]').count()).toBe(0);
    const token = await sessionToken(page);
    const answer = await page.evaluate(
      async ({ id, token }) => {
        const res = await fetch(`/api/analysis/sites/${id}/overview`, {
          headers: { authorization: `Bearer ${token}` },
        });
        return { status: res.status, code: ((await res.json()) as { code: string }).code };
      },
      { id: product.demoSite!.id, token },
    );
    expect(answer).toEqual({ status: 403, code: 'PLAN_FEATURE_UNAVAILABLE' });
    await page.context().close();
  });

  it("lets the site's owner, on Premium Multilingual in the demo, open it from the site list", async () => {
    const page = await product.newPage({ locale: 'en-US' });
    await signInAs(page, 'user@example.com', 'admin-user');
    await page.goto('/admin-user/site-list');
    await page.getByTestId('site-analyze').first().click();
    await page.waitForURL(/\/admin-user\/analytics\?site=/);
    await page.getByTestId('metric-pageViews-value').waitFor();
    // The demo's visits begin 30 days ago: the 30 days before hold a handful, too few to compare
    // with (no "+6,720 %"), and the page says so (in the owner's Japanese).
    expect(await page.getByTestId('analytics-previous').innerText()).toMatch(
      /^前期間（.+〜.+）の訪問は\d+件で、比較に足りるデータがありません（100件以上が必要です）。$/,
    );
    for (const key of ['pageViews', 'visits', 'conversions'])
      expect(await page.getByTestId(`metric-${key}-change`).innerText()).toBe('比較なし');
    expect(await page.getByTestId('analytics-overview').innerText()).not.toMatch(/\d[\d,]{3,}%/);
    await screenshot(page, 'analytics-overview-demo');
    // The swipe analysis: every demo visit opens on A1, which therefore reaches all of them.
    await page.getByTestId('analytics-tab-pages').click();
    await page.getByTestId('pages-row-A1').waitFor();
    expect(await cell(page, 'pages-row-A1', 3)).toBe('100%');
    expect(number(await cell(page, 'pages-row-A1', 4))).toBe(number(await cell(page, 'pages-row-A1', 2)));
    await screenshot(page, 'analytics-swipe-demo');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('fits a phone', async () => {
    // In Japanese (the OEM's language), whose labels in a CJK typeface are the widest: the device
    // filter's segments once pushed the page 23 px past a 390 px screen.
    const page = await product.newPage({ phone: true, locale: 'ja-JP' });
    await signInAs(page, 'oem@example.com', 'admin');
    await page.goto(`/admin/analytics?site=${product.demoSite!.id}&tab=pages`);
    await page.getByTestId('analytics-grid').waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('ja');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'analytics-phone');
    // The sources' wide tables scroll inside their frame, not the page.
    await page.getByTestId('analytics-tab-sources').click();
    await page.getByTestId('analytics-campaigns-table').waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'analytics-sources-phone');
    await page.context().close();
  });
});
