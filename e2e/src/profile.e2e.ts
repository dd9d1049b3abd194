import { translate } from '@swipe/contracts/messages';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createContract, createUser, DEMO_PASSWORD } from '../../apps/server/src/seed/seed';
import { TINY_PNG } from '../../apps/server/src/test/images';
import { signIn, startProduct, type TProduct } from './harness';
import { screenshot } from './screenshots';
import { horizontalOverflow } from './ui';
import { waitForLanding } from './users-helpers';

let product: TProduct;
beforeAll(async () => {
  product = await startProduct();
});
afterAll(async () => product?.close());

const headerAvatar = (page: Page) => page.locator('header').getByTestId('header-avatar');

describe('profile picture', () => {
  it('uploads a PNG that then shows in the header, and refuses a text file named .png', async () => {
    const page = await product.newPage();
    await signIn(page, 'user@example.com', DEMO_PASSWORD);
    await waitForLanding(page, 'admin-user');
    expect(await headerAvatar(page).getAttribute('data-has-picture')).toBe('false');

    await page.getByTestId('side-menu').getByTestId('menu-profile-picture').click();
    await page.waitForURL(/\/admin-user\/profile-picture$/);
    await page.getByTestId('picture-none').waitFor();
    await screenshot(page, 'profile-picture');

    // A text file with an image's name: the console lets it through, the server reads its bytes.
    await page.getByTestId('picture-input').setInputFiles({
      name: 'avatar.png',
      mimeType: 'image/png',
      buffer: Buffer.from('This is not a picture, only text with a .png name.\n'),
    });
    await page.getByTestId('picture-upload').click();
    await expect
      .poll(() => page.getByTestId('picture-error').innerText())
      .toContain(translate('profile.pictureUnsupported', 'ja'));
    await screenshot(page, 'profile-picture-refused');
    expect(await headerAvatar(page).getAttribute('data-has-picture')).toBe('false');

    // Checked before sending: the extension and the size.
    await page.getByTestId('picture-input').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('plain text'),
    });
    await expect
      .poll(() => page.getByTestId('picture-error').innerText())
      .toContain(translate('profile.pictureUnsupported', 'ja'));
    await page.getByTestId('picture-input').setInputFiles({
      name: 'huge.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.alloc(2_097_153),
    });
    await expect
      .poll(() => page.getByTestId('picture-error').innerText())
      .toContain(translate('profile.pictureTooLarge', 'ja'));
    expect(await page.getByTestId('picture-upload').count()).toBe(0);

    // A real PNG: preview, upload, and the header shows it.
    await page
      .getByTestId('picture-input')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: TINY_PNG });
    await page.getByTestId('picture-preview').waitFor();
    await screenshot(page, 'profile-picture-preview');
    await page.getByTestId('picture-upload').click();
    await expect.poll(() => headerAvatar(page).getAttribute('data-has-picture')).toBe('true');
    const src = await headerAvatar(page).locator('img').getAttribute('src');
    expect(src).toMatch(/^blob:/);
    // The header shows the uploaded picture itself: a 4 x 4 PNG, decoded.
    await expect
      .poll(() =>
        headerAvatar(page)
          .locator('img')
          .evaluate((img: HTMLImageElement) =>
            img.complete ? `${img.naturalWidth}x${img.naturalHeight}` : '',
          ),
      )
      .toBe('4x4');
    await page.getByTestId('picture-current').locator('img').waitFor();
    await screenshot(page, 'profile-picture-set');

    // A new session (reload) fetches it again with the bearer token.
    await page.reload();
    await expect.poll(() => headerAvatar(page).getAttribute('data-has-picture')).toBe('true');

    // Removing asks first, then the initials come back.
    await page.getByTestId('picture-remove').click();
    await page.getByTestId('picture-remove-confirm').click();
    await expect.poll(() => headerAvatar(page).getAttribute('data-has-picture')).toBe('false');
    await page.getByTestId('picture-none').waitFor();
    await page.context().close();
  });

  it('works on a phone', async () => {
    const page = await product.newPage({ phone: true });
    await signIn(page, 'oem@example.com', DEMO_PASSWORD);
    await waitForLanding(page, 'admin');
    await page.goto('/admin/profile-picture');
    await page.getByTestId('picture-drop').waitFor();
    await page
      .getByTestId('picture-input')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: TINY_PNG });
    await page.getByTestId('picture-preview').waitFor();
    const overflow = await horizontalOverflow(page);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'profile-picture-preview');
    await page.getByTestId('picture-upload').click();
    await expect.poll(() => headerAvatar(page).getAttribute('data-has-picture')).toBe('true');
    await screenshot(page, 'profile-picture-set');
    await page.context().close();
  });
});

describe('delete account', () => {
  /** A company of its own under the OEM, with one USER, so no shared fixture is harmed. */
  async function freshCompany(email: string, name: string) {
    const db = product.database.db;
    const company = await createAccount(db, {
      type: 'COMPANY',
      name,
      parentId: product.fixtures.accounts.oem.id,
    });
    const contract = await createContract(db, {
      accountId: company.id,
      planId: product.fixtures.plans.standard!.id,
      startDate: '2026-04-01',
    });
    await createUser(db, { accountId: company.id, email, name: 'Shun Okada', role: 'USER' });
    return { company, contract };
  }

  it('explains the consequences, deletes the account, signs out, and the login is refused afterwards', async () => {
    await freshCompany('leaving@example.com', 'Hoshi Tea Room');
    const page = await product.newPage();
    await signIn(page, 'leaving@example.com', DEMO_PASSWORD);
    await waitForLanding(page, 'admin-user');
    await page.getByTestId('side-menu').getByTestId('menu-delete-account').click();
    await page.waitForURL(/\/admin-user\/delete-account$/);
    await expect.poll(() => page.getByTestId('delete-account-name').innerText()).toBe('Hoshi Tea Room');
    // The contract end date is named: fees run until then.
    const consequences = await page.getByTestId('delete-consequences').innerText();
    expect(consequences).toContain('12か月');
    expect(consequences).toContain('2027年3月31日');
    await screenshot(page, 'delete-account');

    // A wrong password and name are answered next to their fields.
    await page.getByTestId('delete-password').fill('Wrong@2026pass');
    await page.getByTestId('delete-confirmation').fill('Hoshi Tea');
    await page.getByTestId('delete-submit').click();
    await page.getByTestId('delete-confirm-submit').click();
    await expect
      .poll(() => page.locator('body').innerText())
      .toContain(translate('profile.wrongPassword', 'ja'));
    expect(await page.locator('body').innerText()).toContain(translate('profile.confirmationMismatch', 'ja'));
    await screenshot(page, 'delete-account-errors');

    await page.getByTestId('delete-password').fill(DEMO_PASSWORD);
    await page.getByTestId('delete-confirmation').fill('Hoshi Tea Room');
    await page.getByTestId('delete-submit').click();
    await page.getByTestId('delete-confirm-submit').waitFor();
    await screenshot(page, 'delete-account-confirm');
    await page.getByTestId('delete-confirm-submit').click();
    await page.waitForURL(/\/login$/);
    await expect
      .poll(() => page.locator('body').innerText())
      .toContain(translate('profile.accountDeleted', 'ja'));
    expect(await page.evaluate(() => localStorage.getItem('userInfo'))).toBeNull();

    await signIn(page, 'leaving@example.com', DEMO_PASSWORD);
    await expect
      .poll(() => page.getByTestId('login-error').innerText())
      .toContain(translate('auth.invalidCredentials', 'ja'));
    expect(page.url()).toMatch(/\/login$/);
    await page.context().close();
  });

  it('reads well on a phone', async () => {
    await freshCompany('phone-owner@example.com', 'Nami Surf Shop');
    const page = await product.newPage({ phone: true });
    await signIn(page, 'phone-owner@example.com', DEMO_PASSWORD);
    await waitForLanding(page, 'admin-user');
    await page.goto('/admin-user/delete-account');
    await expect.poll(() => page.getByTestId('delete-account-name').innerText()).toBe('Nami Surf Shop');
    const overflow = await horizontalOverflow(page);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'delete-account');
    await page.context().close();
  });
});
