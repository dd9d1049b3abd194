import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../apps/server/src/db/schema/accounts';
import { DEMO_PASSWORD } from '../../apps/server/src/seed/seed';
import { startProduct, type TProduct } from './harness';
import { switchLanguage } from './ui';
import { waitForLanding } from './users-helpers';

// The language a person picks on the login page is the one they meant: it wins over the one
// saved for them, and becomes the saved one. (A file of its own: sign-ins are limited per address.)

let product: TProduct;
beforeAll(async () => {
  product = await startProduct();
});
afterAll(async () => product?.close());

describe('the login page language', () => {
  it('keeps the language chosen on the login page after sign-in, and saves it for the user', async () => {
    const page = await product.newPage();
    await page.goto('/login');
    await switchLanguage(page, 'English');
    await page.getByTestId('login-id').fill('oem-admin@example.com');
    await page.getByTestId('login-password').fill(DEMO_PASSWORD);
    await page.getByTestId('login-submit').click();
    await waitForLanding(page, 'admin');
    await expect.poll(() => page.getByTestId('menu-my-account').innerText()).toMatch(/account/i);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    // Saved server-side: mails and the next sign-in elsewhere speak it too.
    await expect
      .poll(async () => {
        const [row] = await product.database.db
          .select({ language: users.language })
          .from(users)
          .where(eq(users.email, 'oem-admin@example.com'));
        return row?.language;
      })
      .toBe('en');
    await page.context().close();
  });
});
