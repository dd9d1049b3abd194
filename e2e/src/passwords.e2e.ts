import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, DEMO_PASSWORD } from '../../apps/server/src/seed/seed';
import { E2E_JWT_SECRET, signIn, startProduct, type TProduct } from './harness';
import { storageText } from './ui';
import { landingPage, landingPathOf, signInAs, waitForLanding } from './users-helpers';

let product: TProduct;
beforeAll(async () => {
  product = await startProduct();
});
afterAll(async () => product?.close());

describe('passwords and sessions', () => {
  it('resets a forgotten password through the mailed link', async () => {
    const page = await product.newPage();
    await page.goto('/login');
    await page.locator('a[href="/reset-pass"]').click();
    await page.waitForURL(/\/reset-pass$/);
    const before = product.mail.mails.length;
    await page.getByTestId('forgot-email').fill('oem-admin@example.com');
    await page.getByTestId('forgot-submit').click();
    await page.getByTestId('forgot-success').waitFor();

    const mail = await product.mail.waitFor('oem-admin@example.com', before);
    expect(mail.subject).toBe('パスワード再設定のご案内');
    const link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mail.text)?.[0];
    expect(link).toBeTruthy();

    await page.goto(link!);
    await page.getByTestId('reset-password').fill('Reset@2026pass');
    await page.getByTestId('reset-password-confirmation').fill('Reset@2026pass');
    await page.getByTestId('reset-submit').click();
    await page.waitForURL(/\/new-password$/);
    await page.getByTestId('new-password-done').waitFor();
    await page.getByTestId('new-password-login').click();
    await page.waitForURL(/\/login$/);

    await signInAs(page, 'oem-admin@example.com', 'admin', 'Reset@2026pass');

    // The link works once only.
    const again = await product.newPage();
    await again.goto(link!);
    await expect.poll(() => again.locator('body').innerText()).toMatch(/無効|invalid/i);
    expect(await again.getByTestId('reset-submit').count()).toBe(0);
    await page.context().close();
    await again.context().close();
  });

  it('makes a user created by an operator change the first password at first sign-in', async () => {
    await createUser(product.database.db, {
      accountId: product.fixtures.accounts.company.id,
      email: 'first-timer@example.com',
      name: 'First Timer',
      role: 'USER',
      password: 'Given@2026pass',
      mustChangePassword: true,
    });
    const page = await product.newPage();
    await signIn(page, 'first-timer@example.com', 'Given@2026pass');
    await page.waitForURL(/\/first-time-change-password$/);
    // The console refuses to go anywhere else first.
    await page.goto('/admin-user');
    await page.waitForURL(/\/first-time-change-password$/);

    await page.getByTestId('first-current-password').fill('Given@2026pass');
    await page.getByTestId('first-password').fill('Mine@2026pass');
    await page.getByTestId('first-password-confirmation').fill('Mine@2026pasz');
    await page.getByTestId('first-submit').click();
    await expect.poll(() => page.locator('body').innerText()).toContain('パスワードが一致しません');

    await page.getByTestId('first-password-confirmation').fill('Mine@2026pass');
    await page.getByTestId('first-submit').click();
    // Then on to the creator's landing page, the site list.
    await waitForLanding(page, 'admin-user');
    await landingPage(page, 'admin-user').waitFor();

    const fresh = await product.newPage();
    await signInAs(fresh, 'first-timer@example.com', 'admin-user', 'Mine@2026pass');
    await page.context().close();
    await fresh.context().close();
  });

  it('keeps the session in an HttpOnly cookie and memory, across a reload and an expired token', async () => {
    const page = await product.newPage();
    const login = page.waitForResponse((r) => r.url().endsWith('/api/auth/login'));
    await signIn(page, 'master@example.com', DEMO_PASSWORD);
    const answer = (await (await login).json()) as { data: { access_token: string; refresh_token?: string } };
    await waitForLanding(page, 'master');
    // Neither token is anywhere a script could read it later.
    expect(answer.data.refresh_token).toBeUndefined();
    expect(await storageText(page)).not.toContain(answer.data.access_token);
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'swipe_refresh')).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
    });
    expect(await page.evaluate(() => document.cookie)).not.toContain('swipe_refresh');

    // A reload has no token in memory: the cookie gives a new one before the routes decide.
    const restored = page.waitForResponse(
      (r) => r.url().endsWith('/api/auth/refresh-token') && r.status() === 200,
    );
    await page.reload();
    await restored;
    await landingPage(page, 'master').waitFor();
    expect(new URL(page.url()).pathname).toBe(landingPathOf('master'));

    // The token expires while the page is open: the next call is refused, refreshed and retried.
    const expired = await new SignJWT({ role: 'MASTER', typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(product.fixtures.users.master.id)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 1800)
      .sign(new TextEncoder().encode(E2E_JWT_SECRET));
    let replaced = false;
    await page.route('**/api/users?*', (route) => {
      const headers = route.request().headers();
      if (replaced || !headers.authorization) return route.continue();
      replaced = true;
      return route.continue({ headers: { ...headers, authorization: `Bearer ${expired}` } });
    });
    let refreshes = 0;
    page.on('response', (r) => {
      if (r.url().endsWith('/api/auth/refresh-token') && r.status() === 200) refreshes++;
    });
    // A navigation is a new page: one refresh to restore, one after the refused call.
    await page.goto('/master/user-list');
    await page.getByTestId('user-list-page').waitFor();
    await expect.poll(() => refreshes).toBe(2);
    expect(replaced).toBe(true);
    expect(page.url()).toMatch(/\/master\/user-list$/);
    await page.context().close();
  });
});
