import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProduct, type TProduct, withoutDemoReviews } from './harness';
import { screenshot } from './screenshots';
import { signInAs, toastText } from './users-helpers';

// Preview sharing, end to end: the creator shares the draft with two emails behind a
// password; an invited person follows the mailed link, signs in and sees the draft; the creator
// removes that person, whose next visit shows the sign-in form again.

let product: TProduct;
beforeAll(async () => {
  product = await startProduct({ demoSite: true });
  await withoutDemoReviews(product);
});
afterAll(async () => product?.close());

const linkIn = (text: string) => /https?:\/\/\S+\/site\/[0-9a-f-]{36}\/preview/.exec(text)?.[0];

async function signInToPreview(page: Page, email: string, password: string) {
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button').click();
}

describe('preview sharing', () => {
  it('shares the draft with invited emails behind a password, and revokes one', async () => {
    const owner = await product.newPage({ locale: 'en-US' });
    await signInAs(owner, 'user@example.com', 'admin-user');
    await owner.goto(`/admin-user/site/${product.demoSite!.id}`);
    await owner.getByTestId('site-editor').waitFor();
    await owner.getByTestId('share-preview').click();
    await owner.getByTestId('share-dialog').waitFor();

    // A password first (so the invitations say one is needed): the spec's message when empty.
    await owner.getByTestId('share-password-on').click();
    await owner.getByTestId('share-password-save').click();
    await owner.getByText('パスワードは必須です。').or(owner.getByText('Password is required.')).waitFor();
    await owner.getByTestId('share-password').fill('winter-2026');
    await owner.getByTestId('share-password-save').click();
    await expect.poll(() => toastText(owner)).toMatch(/password has been set|パスワードを設定しました/);

    const before = product.mail.mails.length;
    const emails = owner.getByTestId('share-emails');
    await emails.fill('ann@example.com');
    await emails.press('Enter');
    await emails.fill('bob@example.com');
    await emails.press('Enter');
    await owner.getByTestId('share-send').click();
    await expect.poll(() => toastText(owner)).toMatch(/preview has been shared|プレビューを共有しました/);
    await expect.poll(() => owner.getByTestId('share-row').count()).toBe(2);
    await screenshot(owner, 'preview-share-dialog', { fullPage: false });

    // Ann follows the link of her invitation.
    const mail = await product.mail.waitFor('ann@example.com', before);
    const link = linkIn(mail.text)!;
    expect(link).toContain(`/site/${product.demoSite!.id}/preview`);
    const ann = await product.newPage({ phone: true });
    await ann.goto(link);
    await ann.locator('form').waitFor();
    await screenshot(ann, 'preview-share-sign-in', { fullPage: false });
    await signInToPreview(ann, 'ann@example.com', 'wrong-password');
    await ann.getByRole('alert').waitFor();
    await signInToPreview(ann, 'ann@example.com', 'winter-2026');
    await ann.locator('#A1.pg').waitFor();
    expect(await ann.locator('#A1 .mt').textContent()).toContain('日の出食品の秋');

    // The creator removes Ann; her next visit asks her to sign in again.
    const row = owner.locator('[data-testid="share-row"][data-email="ann@example.com"]');
    await row.getByTestId('share-revoke').click();
    await owner.getByTestId('share-revoke-confirm').click();
    await expect.poll(() => toastText(owner)).toMatch(/revoked|解除しました/);
    await expect.poll(() => owner.getByTestId('share-row').count()).toBe(1);
    await ann.reload();
    await ann.locator('form').waitFor();
    expect(await ann.locator('#A1.pg').count()).toBe(0);

    // Bob, still invited, gets in.
    const bob = await product.newPage();
    await bob.goto(link);
    await signInToPreview(bob, 'bob@example.com', 'winter-2026');
    await bob.locator('#A1.pg').waitFor();

    // The site list offers the same dialog. A view-only sub-admin sees who is invited, with every
    // change locked and the reason shown.
    const sub = await product.newPage({ locale: 'en-US' });
    await signInAs(sub, 'sub@example.com', 'admin');
    await sub.goto('/admin/site-list');
    const siteRow = sub.locator(`[data-testid="site-row"][data-name="${product.demoSite!.name}"]`);
    await siteRow.getByTestId('share-preview').click();
    await sub.getByTestId('share-dialog').waitFor();
    await sub.getByTestId('share-locked').waitFor();
    await expect.poll(() => sub.getByTestId('share-row').count()).toBe(1);
    expect(await sub.getByTestId('share-send').getAttribute('aria-disabled')).toBe('true');
    expect(await sub.getByTestId('share-sign-in').textContent()).toMatch(
      /invited email and the password|招待されたメールアドレスとパスワード/,
    );
    await screenshot(sub, 'preview-share-view-only', { fullPage: false });

    for (const p of [owner, ann, bob, sub]) await p.context().close();
  });
});
