import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProduct, type TProduct } from './harness';
import { screenshot } from './screenshots';
import { openMyAccount, signInAs } from './users-helpers';

// API issuance: an operator issues a key in the My account page's dialog, a program
// reads the read API with it, and a revoked key stops working.

let product: TProduct;
beforeAll(async () => {
  product = await startProduct();
});
afterAll(async () => product?.close());

const shot = (page: Page, name: string) => screenshot(page, name, { fullPage: false });

const readAccount = (key: string) =>
  fetch(`${product.baseUrl}/api/v1/account`, { headers: { 'X-Api-Key': key, 'Accept-Language': 'en' } });

/**
 * Signs in, then opens My account: from the side menu on a desktop, by its address on a phone
 * (where the menu hides behind the burger).
 */
async function openDialog(page: Page, email: string, prefix: string, opts: { phone?: boolean } = {}) {
  await signInAs(page, email, prefix);
  if (opts.phone) {
    await page.goto(`/${prefix}/my-account`);
    await page.getByTestId('account-page').waitFor();
  } else await openMyAccount(page, prefix);
  await page.getByTestId('api-access-open').click();
  await page.getByTestId('api-access-save').or(page.getByTestId('api-access-readonly')).waitFor();
}

describe('API access dialog', () => {
  it('issues a key that reads the own account, and revokes it', async () => {
    const page = await product.newPage();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: product.baseUrl });
    await openDialog(page, 'direct@example.com', 'master-user');
    expect(await page.getByTestId('api-access-status').innerText()).toBe('未設定');
    await shot(page, 'api-access-dialog-open');

    await page.getByTestId('api-access-enabled').check();
    await page.getByTestId('api-access-method').getByText('APIキー', { exact: true }).click();
    // API key mode cannot be saved before a key exists.
    await page.getByTestId('api-access-save').click();
    await expect
      .poll(() => page.getByTestId('api-key-error').innerText())
      .toContain('先にAPIキーを発行してください');

    await page.getByTestId('api-key-issue').click();
    const shown = page.getByTestId('api-key-new-value');
    await shown.waitFor();
    const key = (await shown.innerText()).trim();
    expect(key).toMatch(/^slp_[0-9a-f]{8}_[A-Za-z0-9_-]{43}$/);
    await page.getByTestId('api-key-new-value-copy').click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await expect.poll(() => page.getByTestId('api-key-error').count()).toBe(0);
    await page.getByTestId('api-access-save').click();
    await expect.poll(() => page.getByTestId('api-access-status').innerText()).toBe('有効');
    await shot(page, 'api-access-dialog-key');

    const ok = await readAccount(key);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { data: { name: string } }).data.name).toBe('Aozora Cosmetics');
    const wrong = await readAccount(`${key.slice(0, 13)}${'x'.repeat(43)}`);
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { code: string }).code).toBe('API_UNAUTHENTICATED');

    // The key is shown once: after closing and reopening, only its prefix remains.
    await page.getByTestId('api-access-close').click();
    await page.getByTestId('api-access-open').click();
    await page.getByTestId('api-key-prefix').waitFor();
    expect(await page.getByTestId('api-key-new-value').count()).toBe(0);
    expect(await page.locator('body').innerText()).not.toContain(key);
    expect(await page.getByTestId('api-key-prefix').innerText()).toContain(key.slice(4, 12));

    await page.getByTestId('api-key-revoke').click();
    await page.getByTestId('api-key-revoke-confirm').waitFor();
    await shot(page, 'api-access-revoke-confirm');
    await page.getByTestId('api-key-revoke-confirm').click();
    await page.getByTestId('api-key-none').waitFor();
    expect((await readAccount(key)).status).toBe(401);
    await page.context().close();
  });

  it('edits an IP list on a phone and shows every invalid row', async () => {
    const page = await product.newPage({ phone: true });
    await openDialog(page, 'oem@example.com', 'admin', { phone: true });
    await page.getByTestId('api-access-method').getByText('IP制限', { exact: true }).click();
    await page.getByTestId('api-access-enabled').check();
    await page.getByTestId('api-access-save').click();
    await expect
      .poll(() => page.getByTestId('api-ip-error').innerText())
      .toContain('少なくとも1つのIPアドレス');

    await page.getByTestId('api-ip-add').click();
    await page.getByTestId('api-ip-0').fill('203.0.113.0/24');
    await page.getByTestId('api-ip-add').click();
    await page.getByTestId('api-ip-1').fill('300.1.1.1');
    await page.getByTestId('api-ip-add').click();
    await page.getByTestId('api-ip-2').fill('2001:db8::1');
    await page.getByTestId('api-access-save').click();
    await expect.poll(() => page.locator('body').innerText()).toContain('正しいIPv4／IPv6アドレス');
    await shot(page, 'api-access-dialog-ip-phone');

    await page.getByTestId('api-ip-remove-1').click();
    await page.getByTestId('api-access-save').click();
    await expect.poll(() => page.getByTestId('api-access-status').innerText()).toBe('有効');
    const clientId = (await page.getByTestId('api-client-id').innerText()).trim();
    expect(clientId).toMatch(/^slc_/);
    expect(await page.getByTestId('api-curl-example').innerText()).toContain(`X-Api-Client: ${clientId}`);
    // The page's own address (127.0.0.1) is not listed: the API refuses it.
    const res = await fetch(`${product.baseUrl}/api/v1/account`, { headers: { 'X-Api-Client': clientId } });
    expect(res.status).toBe(401);

    await page.getByTestId('api-access-method').getByText('Basic認証', { exact: true }).click();
    await page.getByTestId('api-basic-id').fill('sakura-api');
    await shot(page, 'api-access-dialog-basic-phone');
    await page.context().close();
  });

  it('shows the settings read-only to a view-only sub-admin', async () => {
    const page = await product.newPage({ phone: true });
    await openDialog(page, 'sub@example.com', 'admin', { phone: true });
    await page.getByTestId('api-access-readonly').waitFor();
    expect(await page.getByTestId('api-access-save').count()).toBe(0);
    expect(await page.getByTestId('api-ip-add').count()).toBe(0);
    expect(await page.getByTestId('api-access-enabled').isDisabled()).toBe(true);
    expect(await page.getByTestId('api-ip-0').getAttribute('readonly')).not.toBeNull();
    await shot(page, 'api-access-dialog-readonly-phone');
    await page.context().close();
  });
});
