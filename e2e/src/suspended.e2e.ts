import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ja from '../../apps/console/src/i18n/ja.json';
import { DEMO_PASSWORD } from '../../apps/server/src/seed/seed';
import { signIn, startProduct, type TProduct } from './harness';
import { screenshot } from './screenshots';
import { forcedClick, sessionToken } from './ui';
import { waitForLanding } from './users-helpers';

let product: TProduct;
beforeAll(async () => {
  product = await startProduct();
});
afterAll(async () => product?.close());

describe('a suspended contract', () => {
  it('leaves an editor reading only: the banner, locked write controls with the reason, and a refusing API', async () => {
    // Kaede Travel's contract is seeded SUSPENDED; its user has edit authority.
    const page = await product.newPage();
    await signIn(page, 'kaede@example.com', DEMO_PASSWORD);
    await waitForLanding(page, 'admin-user');
    await page.getByTestId('contract-suspended-banner').waitFor();

    await page.getByTestId('side-menu').getByTestId('menu-admin-settings').click();
    await page.waitForURL(/\/admin-user\/admin-list$/);
    const add = page.getByTestId('admins-add');
    await add.waitFor();
    expect(await add.getAttribute('aria-disabled')).toBe('true');
    // It is the contract, not the authority: no view-only notice.
    expect(await page.getByTestId('admins-view-only').count()).toBe(0);
    expect(await page.getByTestId('header-view-only').count()).toBe(0);

    // Inert: a forced click is swallowed and opens no form; the tooltip it brings tells why.
    const click = await forcedClick(add);
    expect(click.swallowed).toBe(true);
    expect(click.tooltip).toBe(ja.layout.suspendedReason);
    expect(await page.getByTestId('admin-form-name').count()).toBe(0);
    await screenshot(page, 'admin-list-suspended');

    // The server is the real gate: a write with kaede's token is refused for the suspension.
    const accessToken = await sessionToken(page);
    const refused = await fetch(`${product.baseUrl}/api/admins`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Suspended Helper',
        email: 'suspended-helper@example.com',
        admin_role_label: 'EDITOR',
        authority: 'EDIT',
      }),
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe('CONTRACT_SUSPENDED');
    await page.context().close();
  });
});
