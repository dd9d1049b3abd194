import fs from 'node:fs';
import { addMonths, jstMonth } from '@swipe/contracts/billing';
import { translate } from '@swipe/contracts/messages';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../apps/server/src/modules/billing/pdf-text';
import { DEMO_PASSWORD } from '../../apps/server/src/seed/seed';
import { signIn, startProduct, type TProduct } from './harness';
import { screenshot } from './screenshots';
import { seriousAxeViolations } from './ui';

// Billing end to end in test mode: a direct customer adds a test card on Check Plan, MASTER bills
// last month from the billing screen, the job worker charges the card, the customer sees the
// bill paid and downloads its invoice, whose text is read back; a declined card fails its bill.

let product: TProduct;
beforeAll(async () => {
  product = await startProduct();
  // The fixture contracts start today: they are moved back so that last month is billable.
  await product.database.db.execute(sql`update contracts set start_date = '2025-01-01'`);
  await product.database.db.execute(
    sql`update billing_settings set registration_number = 'T2876543210987', issuer_name = 'Swipe LP K.K.'`,
  );
});
afterAll(async () => product?.close());

async function signedIn(email: string, path: string) {
  const page = await product.newPage({ locale: 'en-US' });
  await signIn(page, email, DEMO_PASSWORD);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.goto(path);
  return page;
}

async function addTestCard(page: Page, number: string) {
  await page.getByTestId('card-add').click();
  const modal = page.getByTestId('add-card-modal');
  await modal.getByTestId('test-card-hint').waitFor();
  // Empty fields: the payment-form message, "Please enter all required fields." (the demo users
  // read Japanese), nothing sent.
  await modal.getByTestId('add-card-submit').click();
  await expect.poll(() => modal.innerText()).toContain(translate('billing.cardRequired', 'ja'));
  await modal.getByTestId('card-number').fill(number);
  await modal.getByTestId('card-expiry').fill('12/34');
  await modal.getByTestId('card-cvc').fill('123');
  await modal.getByTestId('add-card-submit').click();
  await modal.waitFor({ state: 'detached' });
}

describe('billing', () => {
  it('a test card pays the month MASTER bills, and the invoice reads back', async () => {
    const customer = await signedIn('direct@example.com', '/master-user/check-plan');
    await customer.getByTestId('payment-cards-empty').waitFor();
    await addTestCard(customer, '4242 4242 4242 4242');
    const card = customer.getByTestId('card-row');
    await expect.poll(() => card.innerText()).toContain('4242');
    expect(await seriousAxeViolations(customer)).toEqual([]);

    const master = await signedIn('master@example.com', '/master/billing');
    await master.getByTestId('billing-run').click();
    await master.getByTestId('billing-run-submit').click();
    await master.getByTestId('billing-run-modal').waitFor({ state: 'detached' });
    // The job worker charges the card within moments; the list shows it paid.
    const row = () => master.locator('[data-testid="bill-row"]', { hasText: 'Aozora Cosmetics' }).first();
    await expect
      .poll(
        async () => {
          await master.reload();
          await master.getByTestId('bill-row').first().waitFor();
          return row().getAttribute('data-status');
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toBe('PAID');
    await screenshot(master, 'billing-list');
    expect(await seriousAxeViolations(master)).toEqual([]);

    await customer.reload();
    const history = customer.getByTestId('payment-history');
    const bill = history.getByTestId('bill-row').first();
    await bill.waitFor();
    expect(await bill.getAttribute('data-status')).toBe('PAID');
    const number = await bill.getAttribute('data-number');
    await screenshot(customer, 'check-plan-billing');
    const download = customer.waitForEvent('download');
    await bill.getByTestId('bill-invoice').click();
    const file = await (await download).path();
    const text = await pdfText(fs.readFileSync(file!));
    expect(text).toContain(number!);
    expect(text).toContain('T2876543210987');
    expect(text).toContain('Aozora Cosmetics');
  });

  it('a declined card fails its bill and the holder sees why', async () => {
    // The OEM's own contract, paid by a card that is declined.
    const oem = await signedIn('oem@example.com', '/admin/check-plan');
    await oem.getByTestId('payment-cards-empty').waitFor();
    await addTestCard(oem, '4000 0000 0000 0002');
    // The month before last, billed through the API as MASTER (the screen's run is proven above).
    const login = await fetch(`${product.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login_id: 'master@example.com', password: DEMO_PASSWORD }),
    });
    const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
    const month = addMonths(jstMonth(), -2);
    const res = await fetch(`${product.baseUrl}/api/billing/run`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ month }),
    });
    expect(res.status).toBe(200);
    await expect
      .poll(
        async () => {
          await oem.reload();
          await oem.getByTestId('payment-history').getByTestId('bill-row').first().waitFor();
          return oem
            .locator('[data-testid="payment-history"] [data-testid="bill-row"][data-status="FAILED"]')
            .count();
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toBeGreaterThan(0);
    // Said by the decline's code in the holder's language (Japanese), not in the provider's English.
    const failure = await oem.getByTestId('bill-failure').first().innerText();
    expect(failure).toContain(translate('billing.failure.card_declined', 'ja'));
    expect(failure).not.toMatch(/declined/i);
  });
});
