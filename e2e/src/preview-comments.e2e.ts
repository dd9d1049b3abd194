import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProduct, type TProduct, withoutDemoReviews } from './harness';
import { previewLinkIn, signInToPreview } from './preview-sign-in';
import { screenshot } from './screenshots';
import { horizontalOverflow, seriousAxeViolations } from './ui';
import { signInAs, toastText } from './users-helpers';

// Review comments from the invited reviewer's side: the demo site's owner shares its preview with
// an email; the reviewer signs in on the preview with the code mailed to it (its language is
// Japanese, and so is the comments overlay), turns comment mode on, pins a comment on page A1 (an
// empty one is refused with the server's message), sees pin 1 there, opens its thread and
// replies; a reload shows both.
// The published page carries no comments script. On a phone the panel is a bottom sheet and,
// with comment mode off, the page's own arrows still turn the page. Once the owner revokes the
// email, a call with the old cookie is refused (401), the panel says to sign in again, and the
// next load shows the sign-in form.

const REVIEWER = 'cora@example.com';
const COMMENT = 'The headline on the first page should say autumn 2026.';
const REPLY = 'And the price under it is missing its tax note.';

let product: TProduct;
beforeAll(async () => {
  product = await startProduct({ demoSite: true });
  await withoutDemoReviews(product);
});
afterAll(async () => product?.close());

const signIn = (page: Page, link: string) => signInToPreview(product, page, { link, email: REVIEWER });

/** Clicks a point of a page, in fractions of its size. */
async function clickAt(page: Locator, fx: number, fy: number) {
  const box = (await page.boundingBox())!;
  await page.page().mouse.click(box.x + box.width * fx, box.y + box.height * fy);
}

/** Where a pin's centre is on its page, in fractions of the page. */
async function pinPlace(page: Locator, pin: Locator) {
  const p = (await page.boundingBox())!;
  const b = (await pin.boundingBox())!;
  return { x: (b.x + b.width / 2 - p.x) / p.width, y: (b.y + b.height / 2 - p.y) / p.height };
}

describe('review comments on a shared preview (the reviewer)', () => {
  it('pins a comment on a page, replies, keeps both, and loses the right once revoked', async () => {
    const siteId = product.demoSite!.id;
    const owner = await product.newPage({ locale: 'en-US' });
    await signInAs(owner, 'user@example.com', 'admin-user');
    await owner.goto(`/admin-user/site/${siteId}`);
    await owner.getByTestId('site-editor').waitFor();
    await owner.getByTestId('share-preview').click();
    await owner.getByTestId('share-dialog').waitFor();
    const before = product.mail.mails.length;
    const emails = owner.getByTestId('share-emails');
    await emails.fill(REVIEWER);
    await emails.press('Enter');
    await owner.getByTestId('share-send').click();
    await expect.poll(() => toastText(owner)).toMatch(/preview has been shared|プレビューを共有しました/);
    const link = previewLinkIn((await product.mail.waitFor(REVIEWER, before)).text)!;

    // --- the reviewer signs in and finds the overlay -----------------------------------------------
    const cora = await product.newPage();
    await signIn(cora, link);
    const toggle = cora.getByRole('button', { name: 'コメント', exact: true });
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    expect(
      await cora.locator('script[src^="/sites/_runtime/comments."]').count(),
      'the preview loads the comments script',
    ).toBe(1);
    const a1 = cora.locator('#A1.pg');
    const dialog = cora.locator('dialog.cm-dlg');
    // Comment mode off: a click on the page opens nothing.
    await clickAt(a1, 0.5, 0.3);
    expect(await dialog.isVisible()).toBe(false);

    // --- comment mode: a click on A1 opens the form there ---------------------------------------
    await toggle.click();
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => cora.locator('.cm-st').innerText()).toContain('タップまたはクリック');
    await clickAt(a1, 0.5, 0.3);
    await dialog.waitFor();
    expect(await dialog.getByRole('heading').innerText()).toBe('新しいコメント');
    expect(await a1.locator('.cm-new').count()).toBe(1);
    // The text box has the focus; an empty comment is refused with the server's message.
    expect(await cora.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
    await dialog.getByRole('button', { name: '送信' }).click();
    await expect.poll(() => dialog.getByRole('alert').innerText()).not.toBe('');
    expect(await seriousAxeViolations(cora)).toEqual([]);
    await screenshot(cora, 'preview-comments-new', { fullPage: false });

    await dialog.locator('textarea').fill(COMMENT);
    await dialog.getByRole('button', { name: '送信' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const pin = a1.getByRole('button', { name: /^コメント 1: / });
    await pin.waitFor();
    expect(await pin.innerText()).toBe('1');
    expect(await pin.getAttribute('aria-label')).toBe(`コメント 1: ${REVIEWER}: ${COMMENT}`);
    const place = await pinPlace(a1, pin);
    expect(Math.abs(place.x - 0.5)).toBeLessThan(0.02);
    expect(Math.abs(place.y - 0.3)).toBeLessThan(0.02);
    expect(await a1.locator('.cm-new').count()).toBe(0);
    await expect.poll(() => cora.locator('.cm-st').innerText()).toBe('コメントを追加しました。');

    // --- its thread: the comment, a reply -------------------------------------------------------
    await pin.click();
    await dialog.waitFor();
    expect(await dialog.getByRole('heading').innerText()).toBe('コメント 1');
    expect(await dialog.locator('li').count()).toBe(1);
    expect(await dialog.locator('li').first().innerText()).toContain(COMMENT);
    expect(await dialog.locator('li').first().innerText()).toContain(REVIEWER);
    await dialog.getByLabel('返信').fill(REPLY);
    await dialog.getByRole('button', { name: '返信する' }).click();
    await expect.poll(() => dialog.locator('li').count()).toBe(2);
    expect(await dialog.locator('li').nth(1).innerText()).toContain(REPLY);
    await expect.poll(() => dialog.locator('.cm-ok').innerText()).toBe('返信しました。');
    expect(await seriousAxeViolations(cora)).toEqual([]);
    await screenshot(cora, 'preview-comments-thread', { fullPage: false });
    // Escape closes the panel and gives the focus back to the pin.
    await cora.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // The dialog's close event (which gives the focus back) comes a moment after it hides.
    await expect
      .poll(() => cora.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? ''))
      .toMatch(/^コメント 1: /);

    // --- a reload shows both --------------------------------------------------------------------
    await cora.reload();
    await pin.waitFor();
    await pin.click();
    await expect.poll(() => dialog.locator('li').count()).toBe(2);
    expect(await dialog.innerText()).toContain(COMMENT);
    expect(await dialog.innerText()).toContain(REPLY);
    await dialog.getByRole('button', { name: '閉じる' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // From the keyboard, comment mode opens the form on the middle of the page in view; Escape
    // closes it and the focus is back on the toggle.
    await toggle.focus();
    await cora.keyboard.press('Enter');
    await dialog.waitFor();
    expect(await dialog.getByRole('heading').innerText()).toBe('新しいコメント');
    await cora.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => cora.evaluate(() => document.activeElement?.className)).toBe('cm-tg');
    await toggle.click();
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');

    // --- the published page has none of it ------------------------------------------------------
    const visitor = await product.newPage();
    await visitor.goto(`/sites/${siteId}`);
    await visitor.locator('#A1.pg').waitFor();
    const published = await visitor.content();
    expect(published).not.toContain('/sites/_runtime/comments.');
    expect(await visitor.locator('.cm-tg, .cm-pin').count()).toBe(0);

    // --- a phone: the bottom sheet, and the page's arrows with comment mode off -----------------
    const phone = await product.newPage({ phone: true });
    await signIn(phone, link);
    const phoneToggle = phone.getByRole('button', { name: 'コメント', exact: true });
    await phoneToggle.waitFor();
    const tb = (await phoneToggle.boundingBox())!;
    expect(tb.x + tb.width).toBeLessThanOrEqual(390);
    const phonePin = phone.locator('#A1').getByRole('button', { name: /^コメント 1: / });
    await phonePin.waitFor();
    await phonePin.click();
    const sheet = phone.locator('dialog.cm-dlg');
    await sheet.waitFor();
    const sb = (await sheet.boundingBox())!;
    expect(Math.round(sb.width)).toBe(390);
    expect(Math.round(sb.y + sb.height)).toBe(844);
    expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);
    await screenshot(phone, 'preview-comments-phone', { fullPage: false });
    await phone.keyboard.press('Escape');
    await sheet.waitFor({ state: 'hidden' });
    // Comment mode is off: the page's own "next" arrow turns to B1.
    await phone.locator('#A1 .aa').click();
    await expect.poll(async () => Math.round((await phone.locator('#B1').boundingBox())?.x ?? -1)).toBe(0);
    expect(await sheet.isVisible()).toBe(false);

    // --- revoked: refused at once -----------------------------------------------------------------
    const row = owner.locator(`[data-testid="share-row"][data-email="${REVIEWER}"]`);
    await row.getByTestId('share-revoke').click();
    await owner.getByTestId('share-revoke-confirm').click();
    await expect.poll(() => toastText(owner)).toMatch(/revoked|解除しました/);
    // A call with the old cookie (still in the browser until the next load clears it).
    const refused = await cora.evaluate(async (id) => {
      const res = await fetch(`/site/${id}/preview/comments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ lang: 'JP', page: 'A1', x: 100, y: 100, body: 'still here?' }),
      });
      return { status: res.status, body: (await res.json().catch(() => null)) as { code?: string } | null };
    }, siteId);
    expect(refused.status).toBe(401);
    expect(refused.body?.code).toBe('UNAUTHENTICATED');
    // The open page's panel says to sign in again.
    await pin.click();
    await dialog.getByLabel('返信').fill('one more');
    await dialog.getByRole('button', { name: '返信する' }).click();
    await expect.poll(() => dialog.getByRole('alert').innerText()).toContain('再読み込み');
    await cora.reload();
    await cora.locator('input[name="email"]').waitFor();
    expect(await cora.locator('#A1.pg').count()).toBe(0);
    expect(await cora.locator('.cm-tg').count()).toBe(0);

    for (const p of [owner, cora, visitor, phone]) await p.context().close();
  });
});
