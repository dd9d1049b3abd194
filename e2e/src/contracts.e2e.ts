import { translate } from '@swipe/contracts/messages';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstOfNextMonthJst } from '../../apps/console/src/features/users/user-format';
import { DEMO_PASSWORD } from '../../apps/server/src/seed/seed';
import { signIn, startProduct, type TProduct } from './harness';
import { screenshot } from './screenshots';
import { switchLanguage } from './ui';
import { masterSession, openUser, openUserList, selectPlan, signInAs, toastText } from './users-helpers';

let product: TProduct;
let masterPage: () => Promise<Page>;
beforeAll(async () => {
  product = await startProduct();
  masterPage = await masterSession(product);
});
afterAll(async () => product?.close());

const statusOf = (page: Page) =>
  page.getByTestId('user-detail-page').getByTestId('status-badge').first().getAttribute('data-status');

describe('contracts', () => {
  it('suspends and resumes the Hinode Foods contract, each after a confirmation that explains it', async () => {
    const page = await masterPage();
    await openUserList(page);
    await page.getByTestId('user-search').fill('Hinode');
    await page.locator('[data-testid="user-row"][data-email="user@example.com"]').waitFor();
    await openUser(page, 'user@example.com');
    expect(await statusOf(page)).toBe('ACTIVE');

    await page.getByTestId('contract-suspend').click();
    const modal = page.getByTestId('contract-modal-suspend');
    await modal.waitFor();
    expect(await modal.innerText()).toContain('ユーザーはログインできますが、変更はできなくなります。');
    // Cancelling changes nothing.
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });
    expect(await statusOf(page)).toBe('ACTIVE');

    await page.getByTestId('contract-suspend').click();
    await page.getByTestId('contract-modal-confirm').click();
    await expect.poll(() => toastText(page)).toBe(translate('users.suspended', 'ja'));
    await expect.poll(() => statusOf(page)).toBe('SUSPENDED');
    await expect.poll(() => page.getByTestId('contract-history').innerText()).toContain('契約を一時停止');

    // A suspended company's user can still sign in.
    const user = await product.newPage();
    await signInAs(user, 'user@example.com', 'admin-user');
    await user.context().close();

    await page.getByTestId('contract-resume').click();
    await page.getByTestId('contract-modal-confirm').click();
    await expect.poll(() => toastText(page)).toBe(translate('users.resumed', 'ja'));
    await expect.poll(() => statusOf(page)).toBe('ACTIVE');
    await page.close();
  });

  it('terminates a contract only after the company name is typed; its user is locked out; the page turns read-only', async () => {
    const page = await masterPage();
    await switchLanguage(page, 'English');
    await openUserList(page);
    await openUser(page, 'user@example.com');
    await page.getByTestId('contract-terminate').click();
    const modal = page.getByTestId('contract-modal-terminate');
    await modal.waitFor();
    expect(await modal.innerText()).toContain('Termination is irreversible');
    const confirm = page.getByTestId('contract-modal-confirm');
    expect(await confirm.isDisabled()).toBe(true);
    await page.getByTestId('terminate-confirm-name').fill('Hinode Foods');
    expect(await confirm.isDisabled()).toBe(true);
    await page.getByTestId('terminate-confirm-name').fill('Hinode Foods Inc.');
    await confirm.click();
    await expect.poll(() => toastText(page)).toBe(translate('users.terminated', 'en'));
    await expect.poll(() => statusOf(page)).toBe('TERMINATED');
    await page.getByTestId('detail-read-only').waitFor();
    expect(await page.getByTestId('user-edit').count()).toBe(0);
    expect(await page.getByTestId('contract-resume').count()).toBe(0);

    // The edit page says why nothing can change and offers no save.
    const id = page.url().split('/').pop();
    await page.goto(`/master/update-user/user/${id}`);
    await page.getByTestId('update-read-only').waitFor();
    expect(await page.getByTestId('form-submit').count()).toBe(0);
    expect(await page.getByTestId('form-email').isDisabled()).toBe(true);

    const user = await product.newPage();
    await signIn(user, 'user@example.com', DEMO_PASSWORD);
    await user.getByTestId('login-error').waitFor();
    expect(user.url()).toMatch(/\/login$/);
    await page.close();
    await user.context().close();
  });

  it('schedules a plan change from the first of next month, shows it pending, and cancels it', async () => {
    const page = await masterPage();
    await switchLanguage(page, 'English');
    await openUserList(page);
    await openUser(page, 'direct@example.com');
    expect(await page.getByTestId('pending-plan').count()).toBe(0);

    await page.getByTestId('change-plan').click();
    const modal = page.getByTestId('change-plan-modal');
    await modal.waitFor();
    const from = firstOfNextMonthJst();
    const [y, m] = from.split('-').map(Number);
    const fromText = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(Date.UTC(y!, m! - 1, 1)));
    expect(await modal.innerText()).toContain(`applies from ${fromText}`);
    // The current plan is not offered.
    expect(await modal.locator('option', { hasText: /^Premium —/ }).count()).toBe(0);
    await selectPlan(page, 'change-plan-select', 'Pro');
    await page.getByTestId('change-plan-submit').click();
    await expect
      .poll(() => toastText(page))
      .toBe(translate('users.planChangeScheduled', 'en', { plan: 'Pro', date: fromText }));
    await expect.poll(() => page.getByTestId('pending-plan').innerText()).toContain(`Pro from ${fromText}`);
    expect(await page.getByTestId('detail-plan').innerText()).toBe('Premium');
    await expect
      .poll(() => page.getByTestId('contract-history').innerText())
      .toContain('Plan change scheduled');
    await screenshot(page, 'user-detail-pending-desktop');

    // The list shows the pending change too.
    await page.getByTestId('back-to-list').click();
    await expect
      .poll(() => page.locator('[data-testid="user-row"][data-email="direct@example.com"]').innerText())
      .toContain('Pro');
    await openUser(page, 'direct@example.com');

    await page.getByTestId('pending-plan-cancel').click();
    await page.getByTestId('cancel-plan-confirm').click();
    await expect.poll(() => toastText(page)).toBe(translate('users.planChangeCancelled', 'en'));
    await expect.poll(() => page.getByTestId('pending-plan').count()).toBe(0);
    await expect
      .poll(() => page.getByTestId('contract-history').innerText())
      .toContain('Scheduled plan change cancelled');
    await page.close();
  });
});
