import { addMonths, jstMonth } from '@swipe/contracts/billing';
import { formatDate, formatYen, jstDay } from '@swipe/contracts/jst-format';
import { translate } from '@swipe/contracts/messages';
import { minimumTermBills } from '@swipe/contracts/users';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../apps/server/src/modules/billing/pdf-text';
import { DEMO_PASSWORD } from '../../apps/server/src/seed/seed';
import { signIn, startProduct, type TProduct } from './harness';
import { screenshot } from './screenshots';
import { seriousAxeViolations } from './ui';
import { openUser, openUserList } from './users-helpers';

// A fresh product has a placeholder issuer and no bank account: the month MASTER bills issues
// no bank-transfer invoice. The billing screen says so and why, its button opens the settings,
// and saving them complete issues the held bills, whose invoice prints the account to pay to.

let product: TProduct;
beforeAll(async () => {
  product = await startProduct();
});
afterAll(async () => product?.close());

async function apiToken(email: string) {
  const login = await fetch(`${product.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login_id: email, password: DEMO_PASSWORD }),
  });
  return ((await login.json()) as { data: { access_token: string } }).data.access_token;
}

async function masterOnBilling(): Promise<Page> {
  const page = await product.newPage({ viewport: { width: 1280, height: 800 } });
  await signIn(page, 'master@example.com', DEMO_PASSWORD);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.goto('/master/billing');
  return page;
}

describe('billing settings', () => {
  it('bank-transfer bills wait for the bank account; MASTER is told, completes the settings, and they are issued', async () => {
    // Last month, billed by MASTER: the customers who started before it pay by bank transfer.
    const month = addMonths(jstMonth(), -1);
    const master = await apiToken('master@example.com');
    const run = await fetch(`${product.baseUrl}/api/billing/run`, {
      method: 'POST',
      headers: { authorization: `Bearer ${master}`, 'content-type': 'application/json' },
      body: JSON.stringify({ month }),
    });
    const ran = (await run.json()) as { data: { held: number } };
    expect(ran.data.held).toBeGreaterThan(0);

    const page = await masterOnBilling();
    const alert = page.getByTestId('billing-settings-incomplete');
    await alert.waitFor();
    const said = await alert.innerText();
    // In MASTER's language (Japanese): what is missing, and the month held with its bills.
    expect(said).toContain('銀行振込の請求を保留しています');
    expect(said).toContain('登録番号、金融機関名、支店名、口座番号、口座名義');
    expect(await page.getByTestId('billing-held-months').innerText()).toContain(`（${ran.data.held}件）`);
    await screenshot(page, 'billing-settings-held');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByTestId('billing-settings-complete').click();
    const form = page.getByTestId('billing-settings-form');
    await form.waitFor();
    await form.getByTestId('settings-issuer-name').fill('株式会社スワイプLP');
    // A number whose check digit is wrong is refused next to its field.
    await form.getByTestId('settings-registration-number').fill('T9010401123457');
    await form.getByTestId('settings-bank-name').fill('みずほ銀行');
    await form.getByTestId('settings-bank-branch').fill('渋谷中央支店');
    await form.getByTestId('settings-bank-account-number').fill('1234567');
    await form.getByTestId('settings-bank-account-holder').fill('カ）スワイプエルピー');
    await form.getByTestId('settings-save').click();
    await expect.poll(() => form.innerText()).toContain(translate('billing.registrationNumberInvalid', 'ja'));
    await screenshot(page, 'billing-settings-form', { fullPage: false });
    await form.getByTestId('settings-registration-number').fill('T9010401123456');
    await form.getByTestId('settings-save').click();
    await form.waitFor({ state: 'detached' });
    await alert.waitFor({ state: 'detached' });

    // The held bills are issued now: the list shows Minato's bank-transfer bill of that month.
    const row = page.locator('[data-testid="bill-row"]', { hasText: 'Minato Software' }).first();
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByTestId('bill-row').first().waitFor();
          return row.count();
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toBe(1);
    await screenshot(page, 'billing-settings-issued');

    // Its invoice names the issuer, the registration number and the account to pay to.
    const [bill] = (
      await product.database.db.execute<{ id: string }>(
        sql`select b.id from bills b join accounts a on a.id = b.account_id
            where a.name = 'Minato Software' and b.month = ${`${month}-01`}::date`,
      )
    ).rows;
    const customer = await apiToken('minato@example.com');
    const pdf = await fetch(`${product.baseUrl}/api/bills/${bill!.id}/invoice`, {
      headers: { authorization: `Bearer ${customer}`, 'accept-language': 'ja' },
    });
    expect(pdf.status).toBe(200);
    const text = (await pdfText(Buffer.from(await pdf.arrayBuffer()))).replace(/\s+/g, '');
    for (const part of [
      '登録番号T9010401123456',
      'みずほ銀行',
      '渋谷中央支店',
      '口座種別普通',
      '口座番号1234567',
    ])
      expect(text).toContain(part);
  });

  it('the termination dialog says which bills the minimum term still brings, with their amount', async () => {
    const page = await masterOnBilling();
    await openUserList(page);
    await openUser(page, 'minato@example.com');
    await page.getByTestId('contract-terminate').click();
    const modal = page.getByTestId('contract-modal-terminate');
    await modal.waitFor();
    // Minato started six months ago on the standard plan: the months left after this one.
    const [row] = (
      await product.database.db.execute<{ start_date: string; end_date: string; price: number }>(
        sql`select c.start_date::text, c.end_date::text, p.price from contracts c
            join plans p on p.id = c.plan_id join accounts a on a.id = c.account_id
            where a.name = 'Minato Software'`,
      )
    ).rows;
    const term = minimumTermBills(
      { startDate: row!.start_date, endDate: row!.end_date, planPrice: Number(row!.price) },
      jstDay(new Date()),
    );
    expect(term.months.length).toBeGreaterThan(0);
    const text = await modal.getByTestId('terminate-minimum-term').innerText();
    expect(text).toContain(formatDate(term.minimumEnd, 'ja'));
    expect(text).toContain(formatYen(term.monthlyFee));
    expect(text).toContain(formatYen(term.total));
    expect(text).toContain(`あと${term.months.length}回`);
    await screenshot(page, 'terminate-minimum-term', { fullPage: false });
    // Cancelling changes nothing.
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });
  });
});
