import fs from 'node:fs';
import { addMonths, jstMonth } from '@swipe/contracts/billing';
import { translate } from '@swipe/contracts/messages';
import { and, eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accounts } from '../../apps/server/src/db/schema/accounts';
import { bills } from '../../apps/server/src/db/schema/billing';
import { pdfText } from '../../apps/server/src/modules/billing/pdf-text';
import { DEMO_PASSWORD } from '../../apps/server/src/seed/seed';
import { signIn, startProduct, type TProduct } from './harness';
import { screenshot } from './screenshots';
import { dialogSettled, horizontalOverflow, seriousAxeViolations } from './ui';

// The demo's failed bill from its holder's side and the operator's: the OEM's card was declined
// on last month's bill (the job worker charges it after the seed). The holder sees a banner on
// the page it lands on and on Check Plan saying which bill, why (in Japanese, by the decline's
// code) and what to do; pays it in Pay now with a card it adds there after the declined one
// fails again; the bill turns paid, the banner goes and the invoice names the bank account. The
// money tables fit their cards at 1280 and 1440 px (status and actions inside the card), and are
// cards on a phone.

let product: TProduct;
const lastMonth = addMonths(jstMonth(), -1);
const DESKTOPS = [
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
];
const PHONE = { width: 390, height: 844 };

beforeAll(async () => {
  product = await startProduct({ demoSite: true });
  // The seed leaves the OEM's card bill to the job worker, whose charge is declined.
  const [sakura] = await product.database.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.name, 'Sakura Agency (OEM)'));
  const statusOfLastMonth = async () =>
    (
      await product.database.db
        .select({ status: bills.status })
        .from(bills)
        .where(and(eq(bills.accountId, sakura!.id), eq(bills.month, `${lastMonth}-01`)))
    )[0]?.status;
  // vi.waitFor, as expect.poll belongs to a test.
  await vi.waitFor(
    async () => expect(await statusOfLastMonth(), `The demo's OEM bill of ${lastMonth}`).toBe('FAILED'),
    { timeout: 30_000, interval: 250 },
  );
});
afterAll(async () => product?.close());

async function signedIn(email: string, path: string, viewport: { width: number; height: number }) {
  const page = await product.newPage({ viewport });
  await signIn(page, email, DEMO_PASSWORD);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  if (path) await page.goto(path);
  return page;
}

/** Whether `inner` lies wholly inside `outer` on the screen's x axis (its left and right edges). */
async function insideHorizontally(inner: Locator, outer: Locator) {
  const [a, b] = await Promise.all([inner.boundingBox(), outer.boundingBox()]);
  expect(a, 'inner box').not.toBeNull();
  expect(b, 'outer box').not.toBeNull();
  return a!.x >= b!.x - 0.5 && a!.x + a!.width <= b!.x + b!.width + 0.5 && a!.width > 0;
}

async function downloadedPdfText(page: Page, button: Locator) {
  const download = page.waitForEvent('download');
  await button.click();
  const file = await (await download).path();
  return pdfText(fs.readFileSync(file!));
}

const reasonJa = translate('billing.failure.card_declined', 'ja');

// Before the holder pays: the list still holds the OEM's declined bill.
describe("the operator's billing list", () => {
  it('fits its card at 1280 and 1440 px with every status and action in view, and is cards on a phone', async () => {
    const page = await signedIn('master@example.com', '/master/billing', DESKTOPS[0]!);
    for (const viewport of DESKTOPS) {
      await page.setViewportSize(viewport);
      const list = page.locator('[data-list-layout]');
      await page.getByTestId('bill-row').first().waitFor();
      await expect.poll(() => list.getAttribute('data-list-layout')).toBe('table');
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      const rows = page.getByTestId('bill-row');
      const n = await rows.count();
      expect(n).toBeGreaterThan(3);
      for (let i = 0; i < n; i++) {
        const row = rows.nth(i);
        expect(await insideHorizontally(row.getByTestId('bill-status-cell'), list)).toBe(true);
        expect(await insideHorizontally(row.getByTestId('bill-moves'), list)).toBe(true);
        expect(await insideHorizontally(row.getByTestId('bill-invoice'), list)).toBe(true);
      }
      // The OEM's declined bill says why, in the operator's language (Japanese).
      const failed = page.locator('[data-testid="bill-row"][data-status="FAILED"]').first();
      expect(await failed.getByTestId('bill-failure').innerText()).toContain(reasonJa);
      await screenshot(page, 'billing-list');
    }
    expect(await seriousAxeViolations(page)).toEqual([]);

    // A bank-transfer bill's invoice names the account to transfer to.
    const transfer = page.locator('[data-testid="bill-row"][data-status="UNPAID"]').first();
    const invoice = await downloadedPdfText(page, transfer.getByTestId('bill-invoice'));
    expect(invoice).toContain((await transfer.getAttribute('data-number'))!);
    expect(invoice).toContain('1234567');

    // The same signed-in page at a phone's width: the list turns into cards.
    const phone = page;
    await phone.setViewportSize(PHONE);
    const list = phone.locator('[data-list-layout]');
    await expect.poll(() => list.getAttribute('data-list-layout')).toBe('cards');
    expect(await list.locator('table').count()).toBe(0);
    expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);
    const first = phone.getByTestId('bill-row').first();
    expect(await insideHorizontally(first.getByTestId('bill-status-cell'), list)).toBe(true);
    expect(await insideHorizontally(first.getByTestId('bill-invoice'), list)).toBe(true);
    await screenshot(phone, 'billing-list');
    expect(await seriousAxeViolations(phone)).toEqual([]);
  });
});

describe('a failed bill, from its holder', () => {
  it('is said on the landing page and Check Plan; the history fits its card at 1280 and 1440 px and is cards on a phone', async () => {
    const page = await signedIn('oem@example.com', '', DESKTOPS[0]!);
    // The OEM lands on the summary: the banner names the bill, the reason in Japanese, what to do.
    await page.getByTestId('summary-page').waitFor();
    const summaryBanner = page.getByTestId('unpaid-bill');
    await summaryBanner.waitFor();
    expect(await summaryBanner.getAttribute('data-attention')).toBe('FAILED');
    const text = await summaryBanner.innerText();
    expect(text).toContain(reasonJa);
    expect(text).not.toMatch(/declined/i);
    expect(text).toMatch(/\d{4}年\d{1,2}月/);
    expect(text).toMatch(/¥[\d,]+/);
    expect(await summaryBanner.getByTestId('unpaid-bill-pay').isVisible()).toBe(true);
    expect(await summaryBanner.getByTestId('unpaid-bill-check-plan').isVisible()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);

    for (const viewport of DESKTOPS) {
      await page.setViewportSize(viewport);
      await page.goto('/admin/check-plan');
      const history = page.getByTestId('payment-history');
      const failed = history.locator('[data-testid="bill-row"][data-status="FAILED"]');
      await failed.waitFor();
      await page.getByTestId('unpaid-bill').waitFor();
      expect(await history.getAttribute('data-layout')).toBe('table');
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      expect(await insideHorizontally(failed.getByTestId('bill-status-cell'), history)).toBe(true);
      expect(await insideHorizontally(failed.getByTestId('bill-pay-now'), history)).toBe(true);
      expect(await insideHorizontally(failed.getByTestId('bill-invoice'), history)).toBe(true);
      // Nothing in the table scrolls: every column is in the card.
      const scroll = await history
        .locator('table')
        .evaluate(
          (table) => (table.parentElement?.scrollWidth ?? 0) - (table.parentElement?.clientWidth ?? 0),
        );
      expect(scroll).toBeLessThanOrEqual(0);
      expect(await failed.getByTestId('bill-failure').innerText()).toContain(reasonJa);
      await screenshot(page, 'check-plan-unpaid-banner');
    }
    expect(await seriousAxeViolations(page)).toEqual([]);

    const phone = page;
    await phone.setViewportSize(PHONE);
    const history = phone.getByTestId('payment-history');
    const failed = history.locator('[data-testid="bill-row"][data-status="FAILED"]');
    await failed.waitFor();
    await phone.getByTestId('unpaid-bill').waitFor();
    await expect.poll(() => history.getAttribute('data-layout')).toBe('cards');
    expect(await history.locator('table').count()).toBe(0);
    expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);
    expect(await insideHorizontally(failed.getByTestId('bill-status-cell'), history)).toBe(true);
    expect(await insideHorizontally(failed.getByTestId('bill-pay-now'), history)).toBe(true);
    expect(await insideHorizontally(phone.getByTestId('unpaid-bill'), phone.locator('body'))).toBe(true);
    await screenshot(phone, 'check-plan-unpaid-banner');
    expect(await seriousAxeViolations(phone)).toEqual([]);
  });

  it('is paid with a card added in Pay now after the declined one fails again; the banner goes and the invoice names the bank account', async () => {
    const page = await signedIn('oem@example.com', '/admin/check-plan', DESKTOPS[0]!);
    const history = page.getByTestId('payment-history');
    const failed = history.locator('[data-testid="bill-row"][data-status="FAILED"]');
    await failed.waitFor();
    const number = (await failed.getAttribute('data-number'))!;
    await page.getByTestId('unpaid-bill').getByTestId('unpaid-bill-pay').click();
    const modal = page.getByTestId('pay-bill-modal');
    await dialogSettled(modal);
    expect(await modal.getAttribute('data-number')).toBe(number);
    expect(await modal.getByTestId('pay-bill-last-failure').innerText()).toContain(reasonJa);
    // The saved card (the default, declined) is chosen first; it is declined again, said in Japanese.
    const saved = modal.getByTestId('pay-bill-card');
    expect(await saved.count()).toBe(1);
    expect(await saved.first().getAttribute('aria-checked')).toBe('true');
    expect(await seriousAxeViolations(page, '.mantine-Modal-content')).toEqual([]);
    await modal.getByTestId('pay-bill-submit').click();
    const error = modal.getByTestId('pay-bill-error');
    await error.waitFor();
    expect(await error.innerText()).toContain(reasonJa);
    expect(await error.innerText()).not.toMatch(/declined/i);

    // Another card, added right here, is chosen and kept for the bills to come.
    await modal.getByTestId('pay-bill-add-card-open').click();
    const form = modal.getByTestId('test-card-form');
    await form.waitFor();
    await form.getByTestId('card-number').fill('4242 4242 4242 4242');
    await form.getByTestId('card-expiry').fill('12/34');
    await form.getByTestId('card-cvc').fill('123');
    await form.getByTestId('add-card-submit').click();
    const added = modal.locator('[data-testid="pay-bill-card"][data-last4="4242"]');
    await added.waitFor();
    expect(await added.getAttribute('aria-checked')).toBe('true');
    expect(await modal.getByRole('checkbox').isChecked()).toBe(true);
    await screenshot(page, 'pay-bill-modal', { fullPage: false });
    expect(await seriousAxeViolations(page, '.mantine-Modal-content')).toEqual([]);
    await modal.getByTestId('pay-bill-submit').click();
    await modal.waitFor({ state: 'detached' });

    const row = history.locator(`[data-testid="bill-row"][data-number="${number}"]`);
    await expect.poll(() => row.getAttribute('data-status')).toBe('PAID');
    await expect.poll(() => page.getByTestId('unpaid-bill-banner').count()).toBe(0);
    // The added card is now the default one.
    await expect
      .poll(() => page.locator('[data-testid="card-row"][data-last4="4242"]').getAttribute('data-default'))
      .toBe('true');

    const invoice = await downloadedPdfText(page, row.getByTestId('bill-invoice'));
    expect(invoice).toContain(number);
    // The bank account of the billing settings, for whoever pays by transfer.
    expect(invoice).toContain('1234567');
    expect(invoice).toContain('みずほ銀行');

    // The landing page has no banner any more.
    const answered = page.waitForResponse((res) => res.url().includes('/api/bills/outstanding'));
    await page.goto('/admin/summary');
    await page.getByTestId('summary-page').waitFor();
    expect((await (await answered).json()).data).toEqual([]);
    expect(await page.getByTestId('unpaid-bill-banner').count()).toBe(0);
  });
});
