import fs from 'node:fs';
import { translate } from '@swipe/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../apps/server/src/seed/seed';
import { signIn, startProduct, type TProduct } from './harness';
import { horizontalOverflow, switchLanguage } from './ui';
import { landingPage, landingPathOf, openMyAccount, signInAs, waitForLanding } from './users-helpers';

let product: TProduct;
beforeAll(async () => {
  // A dozen sign-ins from one address within a minute: more than the default limit allows.
  product = await startProduct({ env: { RATE_LIMIT_LOGIN_PER_MINUTE: '30' } });
});
afterAll(async () => product?.close());

// `analytics`: whether the plan includes effect measurement (the fixtures keep Hinode on Standard).
const ROLES = [
  { email: 'master@example.com', prefix: 'master', name: 'Master Operator', analytics: true },
  { email: 'direct@example.com', prefix: 'master-user', name: 'Mika Kobayashi', analytics: true },
  { email: 'oem@example.com', prefix: 'admin', name: 'Hanako Sato', analytics: true },
  { email: 'oem-admin@example.com', prefix: 'admin', name: 'Taro Suzuki', analytics: true },
  { email: 'user@example.com', prefix: 'admin-user', name: 'Ken Watanabe', analytics: false },
  { email: 'sub@example.com', prefix: 'admin', name: 'Yuki Tanaka', analytics: true },
];

describe('signing in', () => {
  for (const role of ROLES) {
    it(`${role.email} lands on ${landingPathOf(role.prefix)} with its menu`, async () => {
      const page = await product.newPage();
      await signIn(page, role.email, DEMO_PASSWORD);
      await waitForLanding(page, role.prefix);
      await expect.poll(() => page.getByTestId('header-user-name').innerText()).toContain(role.name);
      const menu = page.getByTestId('side-menu');
      await menu.getByTestId('menu-my-account').waitFor();
      expect(await menu.getByTestId('menu-sign-out').isVisible()).toBe(true);
      // Site production is everyone's; effect measurement only where the plan includes it.
      expect(await menu.getByTestId('menu-site-production').isVisible()).toBe(true);
      expect(await menu.getByTestId('menu-effect-measurement').count()).toBe(role.analytics ? 1 : 0);
      // The landing page itself (the summary for staff, the site list for creators) is shown,
      // and My account is one click away in the menu.
      await landingPage(page, role.prefix).waitFor();
      await openMyAccount(page, role.prefix);
      await page.context().close();
    });
  }

  it('shows the spec message for a wrong password, in Japanese by default and in English', async () => {
    const page = await product.newPage();
    await signIn(page, 'master@example.com', 'Wrong@2026pass');
    await expect
      .poll(() => page.getByTestId('login-error').innerText())
      .toContain(translate('auth.invalidCredentials', 'ja'));
    await switchLanguage(page, 'English');
    await page.getByTestId('login-submit').click();
    await expect
      .poll(() => page.getByTestId('login-error').innerText())
      .toContain('The login ID or password is incorrect. Please check and try logging in again.');
    expect(page.url()).toMatch(/\/login$/);
    await page.context().close();
  });

  it('switches the UI language, remembers it, keeps users to their prefix and signs out', async () => {
    const page = await product.newPage();
    await signInAs(page, 'user@example.com', 'admin-user');
    await switchLanguage(page, 'English');
    await expect.poll(() => page.getByTestId('menu-my-account').innerText()).toMatch(/account/i);
    await page.reload();
    await expect.poll(() => page.getByTestId('menu-my-account').innerText()).toMatch(/account/i);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await switchLanguage(page, '한국어');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('ko');

    await openMyAccount(page, 'admin-user');
    fs.mkdirSync('screenshots', { recursive: true });
    await page.screenshot({ path: 'screenshots/console-account.png' });

    // Another role's prefix sends the user back to its own landing page.
    await page.goto('/master');
    await waitForLanding(page, 'admin-user');

    await page.getByTestId('header-sign-out').click();
    await page.waitForURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('userInfo'))).toBeNull();
    // The session's refresh cookie is gone with it.
    expect((await page.context().cookies()).map((c) => c.name)).not.toContain('swipe_refresh');
    // Signed out for real: the console's pages send back to login.
    await page.goto('/admin-user');
    await page.waitForURL(/\/login$/);
    await page.context().close();
  });

  it('signs out every tab of the browser when one signs out', async () => {
    const first = await product.newPage();
    await signInAs(first, 'oem@example.com', 'admin');
    // A second tab of the same browser shares the session through the refresh cookie.
    const second = await first.context().newPage();
    await second.goto('/admin/my-account');
    await second.getByTestId('account-page').waitFor();
    await first.getByTestId('header-sign-out').click();
    await first.waitForURL(/\/login$/);
    // The other tab follows at once, without a reload, and has no session left to refresh.
    await second.waitForURL(/\/login$/);
    const refreshed = await second.evaluate(async () => {
      const res = await fetch('/api/auth/refresh-token', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-refresh-cookie': '1' },
        body: '{}',
      });
      return res.status;
    });
    expect(refreshed).toBe(401);
    await first.context().close();
  });

  it('fits a phone screen', async () => {
    const page = await product.newPage({ phone: true });
    await page.goto('/login');
    await page.getByTestId('login-id').waitFor();
    fs.mkdirSync('screenshots', { recursive: true });
    await page.screenshot({ path: 'screenshots/console-login-phone.png' });
    await signInAs(page, 'oem@example.com', 'admin');
    await landingPage(page, 'admin').waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    // My account at its address (on a phone the menu hides behind the burger).
    await page.goto('/admin/my-account');
    await page.getByTestId('account-page').waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: 'screenshots/console-account-phone.png' });
    await page.context().close();
  });
});
