import { addMonths, jstMonth } from '@swipe/contracts/billing';
import { translate } from '@swipe/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../apps/server/src/seed/seed';
import { signIn, startProduct, type TProduct } from './harness';
import { screenshot } from './screenshots';
import { horizontalOverflow, seriousAxeViolations } from './ui';

// The summary dashboard end to end: the master lands on it after signing in and reads the cards
// and the trend charts; a future month or one over a year old is refused with SPEC 8's words;
// on a phone it fits the screen; a creator lands on their site list instead. The demo's numbers
// change as the demo seed grows, so only their form is checked here (the integration test
// checks the values).

let product: TProduct;
beforeAll(async () => {
  product = await startProduct();
});
afterAll(async () => product?.close());

const NUMBER = /\d/;

describe('summary dashboard', () => {
  it('is where the master lands: numbers, charts, month errors, no serious axe findings', async () => {
    // The master's saved UI language (Japanese) is the one the console shows.
    const page = await product.newPage();
    await signIn(page, 'master@example.com', DEMO_PASSWORD);
    await page.waitForURL(/\/master\/summary$/);
    await page.getByTestId('summary-mrr-value').waitFor();
    expect(await page.getByTestId('summary-mrr-value').innerText()).toMatch(/\d.*万円$/);
    expect(await page.getByTestId('summary-arr-value').innerText()).toMatch(/\d.*億円$/);
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
