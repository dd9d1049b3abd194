import { addMonths, jstMonth } from '@swipe/contracts/billing';
import { translate } from '@swipe/contracts/messages';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../apps/server/src/seed/seed';
import { signIn, startProduct, type TProduct } from './harness';
import { screenshot } from './screenshots';
import { horizontalOverflow, seriousAxeViolations, switchLanguage } from './ui';

// The summary dashboard end to end on the seeded demo (its bills included): the master lands on
// it after signing in and reads the cards and the trend charts; MRR counts the contracts whose
// last bill was declined or still awaits its transfer, cash received is its own figure, and the
// money reads as each UI language writes it; count charts have whole-number axes; a future month
// or one over a year old is refused with its message; on a phone it fits the screen; a creator
// lands on their site list instead.

let product: TProduct;
beforeAll(async () => {
  product = await startProduct({ demoSite: true });
});
afterAll(async () => product?.close());

const NUMBER = /\d/;

/** The four UI languages, by the switcher's label. */
const LANGUAGES = [
  { lang: 'ja', label: '日本語' },
  { lang: 'en', label: 'English' },
  { lang: 'cn', label: '中文' },
  { lang: 'kr', label: '한국어' },
] as const;

/**
 * The demo's MRR (¥610,000: Sakura's Pro Multilingual 280,000, Hinode's Premium Multilingual
 * 150,000, Aozora's Premium 100,000, Minato's Standard 50,000, suspended Kaede's Light 30,000)
 * and ARR (12 x), as each language writes them.
 */
const DEMO_MONEY = {
  ja: { mrr: '61万円', arr: '732万円' },
  en: { mrr: '¥610K', arr: '¥7.32M' },
  cn: { mrr: '61万日元', arr: '732万日元' },
  kr: { mrr: '61만 엔', arr: '732만 엔' },
} as const;

/** The y-axis tick labels of a chart. */
const yTicks = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value')
    .allTextContents();

/** Yen as the cards' notes write it in every UI language: ¥510,000. */
const exactYen = (n: number) => `¥${n.toLocaleString('en-US')}`;

describe('summary dashboard', () => {
  it('is where the master lands: numbers, charts, month errors, no serious axe findings', async () => {
    // The master's saved UI language (Japanese) is the one the console shows.
    const page = await product.newPage();
    await signIn(page, 'master@example.com', DEMO_PASSWORD);
    await page.waitForURL(/\/master\/summary$/);
    await page.getByTestId('summary-mrr-value').waitFor();
    expect(await page.getByTestId('summary-mrr-value').innerText()).toMatch(/^\d[\d.,]*万円$/);
    expect(await page.getByTestId('summary-arr-value').innerText()).toMatch(/^\d[\d.,]*(万|億)円$/);
    expect(await page.getByTestId('summary-companies-value').innerText()).toMatch(NUMBER);
    expect(Number(await page.getByTestId('summary-companies-value').innerText())).toBeGreaterThan(0);
    expect(await page.getByTestId('summary-paid-plans-value').innerText()).toMatch(NUMBER);
    expect(await page.getByTestId('summary-sites-value').innerText()).toMatch(NUMBER);
    await page.getByTestId('summary-chart-companies').locator('svg.recharts-surface').first().waitFor();
    await page.getByTestId('summary-chart-mrr').locator('svg.recharts-surface').first().waitFor();
    // The default range: the last six months, the current one included.
    const current = jstMonth();
    expect(await page.getByTestId('summary-from').innerText()).toContain(
      addMonths(current, -5).replace('-', '/'),
    );
    expect(await page.getByTestId('summary-to').innerText()).toContain(current.replace('-', '/'));
    await screenshot(page, 'summary');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The side menu offers the summary, and My account is still there.
    await page.getByTestId('side-menu').getByTestId('menu-summary').waitFor();
    await page.getByTestId('side-menu').getByTestId('menu-my-account').click();
    await page.waitForURL(/\/master\/my-account$/);
    await page.getByTestId('account-page').waitFor();

    // A future month: refused before anything is asked.
    await page.goto(`/master/summary?from=${current}&to=${addMonths(current, 1)}`);
    await expect
      .poll(() => page.getByTestId('summary-range-error').innerText())
      .toContain(translate('billing.futureMonth', 'ja'));
    // Said at the picker too, besides the alert.
    await expect
      .poll(() => page.getByText(translate('billing.futureMonth', 'ja')).count())
      .toBeGreaterThanOrEqual(2);
    // More than a year ago, and a start after the end.
    await page.goto(`/master/summary?from=${addMonths(current, -13)}&to=${current}`);
    await expect
      .poll(() => page.getByTestId('summary-range-error').innerText())
      .toContain(translate('billing.monthTooOld', 'ja'));
    await page.goto(`/master/summary?from=${current}&to=${addMonths(current, -1)}`);
    await expect
      .poll(() => page.getByTestId('summary-range-error').innerText())
      .toContain(translate('billing.monthRangeInvalid', 'ja'));
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Twelve months back is fine.
    await page.goto(`/master/summary?from=${addMonths(current, -12)}&to=${current}`);
    await page.getByTestId('summary-mrr-value').waitFor();
    expect(await page.getByTestId('summary-range-error').count()).toBe(0);
  });

  it('MRR counts the contracts whose bills are declined or unpaid; cash received apart; each language', async () => {
    const { db } = product.database;
    const lastMonth = `${addMonths(jstMonth(), -1)}-01`;
    type TBillRow = { account: string; status: string; method: string; plan_fee: number; total: number };
    const lastBills = async () =>
      (
        await db.execute(sql`select a.name as account, b.status, b.method, b.plan_fee, b.total
          from bills b join accounts a on a.id = b.account_id where b.month = ${lastMonth}::date`)
      ).rows as TBillRow[];
    // The job worker charges last month's card bills as the product starts: Hinode's card pays,
    // Sakura's is declined; Aozora's transfer has not arrived.
    await expect
      .poll(
        async () =>
          (await lastBills()).filter(
            (b) => b.status === 'PROCESSING' || (b.method === 'CARD' && b.status === 'UNPAID'),
          ).length,
        {
          timeout: 20_000,
        },
      )
      .toBe(0);
    const bills = await lastBills();
    const declined = bills.find((b) => b.status === 'FAILED');
    const awaited = bills.find((b) => b.status === 'UNPAID' && b.method === 'BANK_TRANSFER');
    expect(declined?.account).toBe('Sakura Agency (OEM)');
    expect(awaited?.account).toBe('Aozora Cosmetics');
    // Every contract billed last month still runs on the same plan: MRR is the plan fees billed,
    // whatever became of the bills, the declined and the awaited ones included.
    const mrr = bills.reduce((sum, b) => sum + b.plan_fee, 0);
    expect(mrr).toBe(610_000);
    const paidFees = bills.filter((b) => b.status === 'PAID').reduce((sum, b) => sum + b.plan_fee, 0);
    expect(paidFees).toBeLessThanOrEqual(mrr - declined!.plan_fee - awaited!.plan_fee);
    // Cash received this month: the bills paid in it (Japan time), tax included.
    const [cashRow] = (
      await db.execute(sql`select coalesce(sum(total), 0)::int as cash from bills
        where status = 'PAID' and paid_at >= ${`${jstMonth()}-01T00:00:00+09:00`}::timestamptz`)
    ).rows as { cash: number }[];
    const cash = cashRow!.cash;
    expect(cash).toBeGreaterThan(0);

    const page = await product.newPage();
    await signIn(page, 'master@example.com', DEMO_PASSWORD);
    await page.waitForURL(/\/master\/summary$/);
    const phone = await product.newPage({ phone: true });
    await signIn(phone, 'master@example.com', DEMO_PASSWORD);
    await phone.waitForURL(/\/master\/summary$/);
    const value = (p: Page, id: string) => p.getByTestId(`summary-${id}-value`).innerText();
    for (const { lang, label } of LANGUAGES) {
      if (lang !== 'ja') await switchLanguage(page, label);
      await expect.poll(() => value(page, 'mrr'), { timeout: 10_000 }).toBe(DEMO_MONEY[lang].mrr);
      expect(await value(page, 'arr')).toBe(DEMO_MONEY[lang].arr);
      expect(await page.getByTestId('summary-card-mrr').innerText()).toContain(exactYen(mrr));
      expect(await page.getByTestId('summary-card-arr').innerText()).toContain(exactYen(mrr * 12));
      // Cash received is its own card, labelled as such, with the exact amount beside it.
      const cashCard = page.getByTestId('summary-card-cash');
      expect(await cashCard.innerText()).toContain(exactYen(cash));
      expect(await value(page, 'cash')).not.toBe(await value(page, 'mrr'));
      expect(await page.getByTestId('summary-definitions').innerText()).toMatch(/MRR/);
      // Nothing written as a multiple of a unit (23 × ¥10k, 0.03 × ¥100M).
      const cards = await page.getByTestId('summary-page').innerText();
      expect(cards).not.toMatch(/×\s*¥|\b0\.\d+\s*(億|亿|억)/);
      // Count charts tick whole numbers only; the money chart's ticks are money.
      for (const chart of ['summary-chart-sites', 'summary-chart-companies', 'summary-chart-paid-plans']) {
        await expect
          .poll(async () => (await yTicks(page, chart)).length, { timeout: 10_000 })
          .toBeGreaterThan(1);
        const ticks = await yTicks(page, chart);
        for (const tick of ticks) expect(tick, `${chart} in ${lang}`).toMatch(/^\d{1,3}(,\d{3})*$/);
      }
      for (const tick of await yTicks(page, 'summary-chart-mrr')) expect(tick).not.toMatch(/^0\.\d/);
      // Every card's figure sits on one line, inside its card.
      for (const id of ['sites', 'companies', 'mrr', 'arr', 'paid-plans', 'cash']) {
        const box = await page.getByTestId(`summary-${id}-value`).boundingBox();
        expect(box!.height, `${id} in ${lang}`).toBeLessThan(40);
      }
      await screenshot(page, `summary-${lang}`);

      if (lang !== 'ja') await switchLanguage(phone, label);
      await expect.poll(() => value(phone, 'mrr'), { timeout: 10_000 }).toBe(DEMO_MONEY[lang].mrr);
      await expect.poll(async () => (await yTicks(phone, 'summary-chart-mrr')).length).toBeGreaterThan(1);
      expect(await horizontalOverflow(phone), lang).toBeLessThanOrEqual(0);
      await screenshot(phone, `summary-${lang}-phone`);
    }
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('fits a phone, and the creator lands on the site list', async () => {
    const phone = await product.newPage({ phone: true, locale: 'en-US' });
    await signIn(phone, 'oem@example.com', DEMO_PASSWORD);
    await phone.waitForURL(/\/admin\/summary$/);
    await phone.getByTestId('summary-mrr-value').waitFor();
    expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);

    const creator = await product.newPage();
    await signIn(creator, 'user@example.com', DEMO_PASSWORD);
    await creator.waitForURL(/\/admin-user\/site-list$/);
    // `/{prefix}` opens the landing page too.
    await creator.goto('/admin-user');
    await creator.waitForURL(/\/admin-user\/site-list$/);
  });
});
