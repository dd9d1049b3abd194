import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../apps/server/src/seed/seed';
import { signIn, startProduct, type TProduct } from './harness';
import { screenshot } from './screenshots';
import { horizontalOverflow, sessionToken } from './ui';
import { waitForLanding } from './users-helpers';

let product: TProduct;
beforeAll(async () => {
  product = await startProduct();
});
afterAll(async () => product?.close());

const SUB_EMAIL = 'e2e-helper@example.com';
const SUB_PASSWORD = 'Helper@2026pass';

const openAdminList = async (page: Page) => {
  await page.getByTestId('side-menu').getByTestId('menu-admin-settings').click();
  await page.waitForURL(/\/admin-list$/);
  await page.getByTestId('admins-table').or(page.getByTestId('admin-row').first()).first().waitFor();
};
const rowOf = (page: Page, email: string) => page.locator(`[data-testid="admin-row"][data-email="${email}"]`);
const isLocked = async (page: Page, testId: string, email?: string) => {
  const scope = email ? rowOf(page, email) : page;
  return (await scope.getByTestId(testId).first().getAttribute('aria-disabled')) === 'true';
};

describe('admin settings', () => {
  it('adds a view-only sub-admin who signs in with the mailed password and can only look, then is upgraded', async () => {
    const owner = await product.newPage();
    await signIn(owner, 'oem@example.com', DEMO_PASSWORD);
    await waitForLanding(owner, 'admin');
    await openAdminList(owner);
    // The principal is listed first, as the main account.
    await expect
      .poll(() => owner.getByTestId('admin-row').first().getAttribute('data-email'))
      .toBe('oem@example.com');
    await screenshot(owner, 'admin-list');

    const before = product.mail.mails.length;
    await owner.getByTestId('admins-add').click();
    await owner.getByTestId('admin-form-name').fill('Mei Kato');
    await owner.getByTestId('admin-form-email').fill(SUB_EMAIL);
    await owner.getByTestId('admin-form-authority-VIEW').click();
    await screenshot(owner, 'admin-form');
    await owner.getByTestId('admin-form-submit').click();
    await rowOf(owner, SUB_EMAIL).waitFor();
    await expect.poll(() => rowOf(owner, SUB_EMAIL).innerText()).toContain('初回ログイン待ち');

    // The first password arrives by mail.
    const mail = await product.mail.waitFor(SUB_EMAIL, before);
    expect(mail.subject).toBe('アカウント発行のお知らせ');
    const firstPassword = /初期パスワード: (\S+)/.exec(mail.text)?.[1];
    expect(firstPassword).toBeTruthy();

    // The sub-admin signs in, must choose its own password, and lands under its parent's prefix.
    const helper = await product.newPage();
    await signIn(helper, SUB_EMAIL, firstPassword!);
    await helper.waitForURL(/\/first-time-change-password$/);
    await helper.getByTestId('first-current-password').fill(firstPassword!);
    await helper.getByTestId('first-password').fill(SUB_PASSWORD);
    await helper.getByTestId('first-password-confirmation').fill(SUB_PASSWORD);
    await helper.getByTestId('first-submit').click();
    await waitForLanding(helper, 'admin');
    await helper.getByTestId('header-view-only').waitFor();

    await openAdminList(helper);
    await helper.getByTestId('admins-view-only').waitFor();
    expect(await isLocked(helper, 'admins-add')).toBe(true);
    expect(await isLocked(helper, 'admin-edit', SUB_EMAIL)).toBe(true);
    expect(await isLocked(helper, 'admin-delete', SUB_EMAIL)).toBe(true);
    // A locked button does nothing but explain itself (force: it is aria-disabled on purpose).
    await helper.getByTestId('admins-add').click({ force: true });
    expect(await helper.getByTestId('admin-form-name').count()).toBe(0);
    await helper.getByTestId('admins-add').hover();
    await expect.poll(() => helper.getByRole('tooltip').innerText()).toContain('閲覧権限');
    await screenshot(helper, 'admin-list-view-only');

    // The API itself refuses a write with the view-only token.
    const accessToken = await sessionToken(helper);
    const refused = await fetch(`${product.baseUrl}/api/admins`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Sneaky',
        email: 'sneaky@example.com',
        admin_role_label: 'EDITOR',
        authority: 'EDIT',
      }),
    });
    expect(refused.status).toBe(403);

    // The principal upgrades it to edit authority.
    await rowOf(owner, SUB_EMAIL).getByTestId('admin-edit').click();
    await owner.getByTestId('admin-form-authority-EDIT').click();
    await owner.getByTestId('admin-form-submit').click();
    await expect.poll(() => rowOf(owner, SUB_EMAIL).innerText()).toContain('編集');
    await expect.poll(() => owner.getByTestId('admin-form-name').count()).toBe(0);

    // After signing in again the controls are enabled.
    await helper.goto('/log-out');
    await helper.waitForURL(/\/login$/);
    await signIn(helper, SUB_EMAIL, SUB_PASSWORD);
    await waitForLanding(helper, 'admin');
    await openAdminList(helper);
    await rowOf(helper, SUB_EMAIL).waitFor();
    expect(await isLocked(helper, 'admins-add')).toBe(false);
    expect(await isLocked(helper, 'admin-edit', SUB_EMAIL)).toBe(false);
    expect(await helper.getByTestId('admins-view-only').count()).toBe(0);
    await helper.getByTestId('admins-add').click();
    await helper.getByTestId('admin-form-name').waitFor();

    await owner.context().close();
    await helper.context().close();
  });

  it('lays the list out as cards on a phone', async () => {
    const phone = await product.newPage({ phone: true });
    await signIn(phone, 'direct@example.com', DEMO_PASSWORD);
    await waitForLanding(phone, 'master-user');
    await phone.goto('/master-user/admin-list');
    await rowOf(phone, 'sub-direct@example.com').waitFor();
    expect(await phone.getByTestId('admins-table').count()).toBe(0);
    // Nothing is wider than the screen.
    const overflow = await horizontalOverflow(phone);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(phone, 'admin-list');
    await rowOf(phone, 'sub-direct@example.com').getByTestId('admin-delete').click();
    await phone.getByTestId('admin-delete-submit').waitFor();
    await screenshot(phone, 'admin-delete-confirm');
    await phone.getByTestId('admin-delete-submit').click();
    await expect.poll(() => rowOf(phone, 'sub-direct@example.com').count()).toBe(0);
    await phone.context().close();
  });
});
