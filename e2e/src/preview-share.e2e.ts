import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProduct, type TProduct, withoutDemoReviews } from './harness';
import { askPreviewCode, previewLinkIn } from './preview-sign-in';
import { screenshot } from './screenshots';
import { horizontalOverflow, seriousAxeViolations } from './ui';
import { signInAs, toastText } from './users-helpers';

// Preview sharing, end to end: the creator shares the draft with two emails behind a
// password; an invited person follows the mailed link, enters the email, gets a code by mail
// (a wrong code, or the right one with a wrong password, is refused under its field), gives it
// back with the password and sees the draft; another opens the code mail's one-time link
// instead. The creator removes the first, whose next visit shows the sign-in form again.

let product: TProduct;
beforeAll(async () => {
  product = await startProduct({ demoSite: true });
  await withoutDemoReviews(product);
});
afterAll(async () => product?.close());

/** Another 6-digit code than `code`. */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

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

    // Ann follows the link of her invitation: the preview asks for her email first.
    const mail = await product.mail.waitFor('ann@example.com', before);
    const link = previewLinkIn(mail.text)!;
    expect(link).toContain(`/site/${product.demoSite!.id}/preview`);
    const ann = await product.newPage({ phone: true });
    await ann.goto(link);
    await ann.locator('input[name="email"]').waitFor();
    expect(await ann.locator('input[name="password"]').count()).toBe(0);
    await screenshot(ann, 'preview-share-sign-in', { fullPage: false });
    // The code comes by mail (the draft's default language: Japanese), with a one-time link.
    const { code } = await askPreviewCode(product, ann, 'ann@example.com');
    const codeMail = product.mail.mails.filter((m) => m.to.includes('ann@example.com')).at(-1)!;
    expect(codeMail.subject).toContain(code);
    expect(codeMail.subject).toContain('プレビュー用コード');
    const codeField = ann.locator('input[name="code"]');
    expect(await codeField.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await codeField.getAttribute('inputmode')).toBe('numeric');
    expect(await ann.getByLabel('メールに記載されたコード（6桁）').count()).toBe(1);
    expect(await ann.getByLabel('パスワード').count()).toBe(1);
    expect(await ann.getByRole('status').innerText()).toContain('6桁のコード');
    expect(await seriousAxeViolations(ann)).toEqual([]);
    expect(await horizontalOverflow(ann)).toBeLessThanOrEqual(0);
    await screenshot(ann, 'preview-share-code', { fullPage: false });

    // A wrong code: the message under the code field, which keeps the focus.
    await codeField.fill(otherThan(code));
    await ann.locator('input[name="password"]').fill('winter-2026');
    await ann.locator('form[action$="/preview/login"] button').click();
    const codeError = ann.locator('#c-er');
    await codeError.waitFor();
    expect(await codeError.innerText()).toContain('このコードは使用できません');
    expect(await codeField.getAttribute('aria-invalid')).toBe('true');
    expect(await codeField.getAttribute('aria-describedby')).toBe('c-er');
    expect(await ann.evaluate(() => document.activeElement?.id)).toBe('c');
    expect(await seriousAxeViolations(ann)).toEqual([]);
    await screenshot(ann, 'preview-share-code-wrong', { fullPage: false });
    // The right code with a wrong password: the message under the password.
    await codeField.fill(code);
    await ann.locator('input[name="password"]').fill('wrong-password');
    await ann.locator('form[action$="/preview/login"] button').click();
    await ann.locator('#p-er').waitFor();
    expect(await ann.locator('#p-er').innerText()).toBe('パスワードが正しくありません。');
    expect(await ann.locator('#c-er').count()).toBe(0);
    // Both right: the draft.
    await codeField.fill(code);
    await ann.locator('input[name="password"]').fill('winter-2026');
    await ann.locator('form[action$="/preview/login"] button').click();
    await ann.locator('#A1.pg').waitFor();
    expect(await ann.locator('#A1 .mt').textContent()).toContain('日の出食品の秋');

    // Bob uses the one-time link of his code mail instead (and the password).
    const bob = await product.newPage();
    await bob.goto(link);
    const bobs = await askPreviewCode(product, bob, 'bob@example.com');
    const bobLink = await product.newPage();
    await bobLink.goto(bobs.link);
    await bobLink.locator('input[name="password"]').fill('winter-2026');
    await bobLink.locator('form[action$="/preview/login"] button').click();
    await bobLink.locator('#A1.pg').waitFor();
    // The link worked once.
    const again = await product.newPage();
    await again.goto(bobs.link);
    await again.getByRole('alert').waitFor();
    expect(await again.getByRole('alert').innerText()).toContain('ログイン用リンクは使用できません');
    expect(await again.locator('input[name="email"]').count()).toBe(1);

    // The creator removes Ann; her next visit asks her to sign in again.
    const row = owner.locator('[data-testid="share-row"][data-email="ann@example.com"]');
    await row.getByTestId('share-revoke').click();
    await owner.getByTestId('share-revoke-confirm').click();
    await expect.poll(() => toastText(owner)).toMatch(/revoked|解除しました/);
    await expect.poll(() => owner.getByTestId('share-row').count()).toBe(1);
    await ann.reload();
    await ann.locator('input[name="email"]').waitFor();
    expect(await ann.locator('#A1.pg').count()).toBe(0);
    // Asking for a code again looks the same as for anyone (no mail comes: see the integration tests).
    await ann.locator('input[name="email"]').fill('ann@example.com');
    await ann.locator('form[action$="/preview/code"] button').click();
    await ann.locator('input[name="code"]').waitFor();

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
      /invited email, and the password|招待されたメールアドレスに届くコードとパスワード/,
    );
    await screenshot(sub, 'preview-share-view-only', { fullPage: false });

    for (const p of [owner, ann, bob, bobLink, again, sub]) await p.context().close();
    // Six browsers and three mailed codes in one story: 33 s on a quiet machine, over two minutes
    // beside two other journeys on CI's two cores.
  }, 240_000);
});
