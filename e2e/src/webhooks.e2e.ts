import { createHmac } from 'node:crypto';
import { translate } from '@swipe/contracts/messages';
import { WEBHOOK_EVENT_HEADER, WEBHOOK_SIGNATURE_HEADER } from '@swipe/contracts/webhooks';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProduct, type TProduct } from './harness';
import { screenshot } from './screenshots';
import { dialogSettled, horizontalOverflow, seriousAxeViolations, switchLanguage } from './ui';
import { signInAs } from './users-helpers';

// Conversion webhooks end to end: the demo site's owner opens its webhooks from the site editor,
// is told why two URLs are refused (in the UI language, with the contracts' words), registers a
// test-mode URL, sends a test event and watches it arrive; a visitor then answers the demo site's
// survey (reached by its A2 button) and that conversion is delivered too, signed with the secret
// the page shows (checked against the test inbox); the webhook is paused, then deleted. The page
// fits a phone, and a platform viewer sees it read-only.

const SEEDED = 'https://inbox.test/hinode/conversions';
const JOURNEY = 'https://inbox.test/journey';

let product: TProduct;
beforeAll(async () => {
  product = await startProduct({ demoSite: true });
});
afterAll(async () => product?.close());

const siteId = () => product.demoSite!.id;
const row = (page: Page, url: string) => page.locator(`[data-testid="webhook-row"][data-url="${url}"]`);
const deliveryRows = (webhook: Locator) => webhook.getByTestId('delivery-row');
const statusesOf = (webhook: Locator, kind: string) =>
  webhook
    .locator(`[data-testid="delivery-row"][data-kind="${kind}"]`)
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-status')));

/** Submits the add form with `url`. */
async function tryUrl(page: Page, url: string) {
  await page.getByTestId('webhook-url').fill(url);
  await page.getByTestId('webhook-add').click();
}

describe('conversion webhooks', () => {
  let page: Page;

  it('registers a test-mode webhook from the site editor and delivers a test event', async () => {
    page = await product.newPage();
    await signInAs(page, 'user@example.com', 'admin-user');
    await page.goto(`/admin-user/site/${siteId()}`);
    await page.getByTestId('site-editor').waitFor();
    await page.getByTestId('site-webhooks-link').waitFor();
    await screenshot(page, 'webhooks-editor-link', { fullPage: false });
    await page.getByTestId('site-webhooks-link').click();
    await page.waitForURL((u) => u.pathname === `/admin-user/site-webhooks/${siteId()}`);
    await page.getByTestId('webhooks-page').waitFor();
    await expect
      .poll(() => page.getByTestId('webhooks-site-name').innerText())
      .toContain('Hinode Autumn Campaign');

    // The demo seed's webhook, its generated conversions delivered to the test inbox.
    const seeded = row(page, SEEDED);
    await seeded.waitFor();
    await seeded.getByTestId('webhook-test-mode').waitFor();
    await deliveryRows(seeded).first().waitFor();

    // Refused as typed, in the UI language (Japanese by default), with the contracts' words.
    const form = page.getByTestId('webhook-form');
    await tryUrl(page, 'http://hooks.example.com/x');
    await expect.poll(() => form.innerText()).toContain(translate('webhooks.httpsOnly', 'ja'));
    await tryUrl(page, 'https://127.0.0.1/x');
    await expect.poll(() => form.innerText()).toContain(translate('webhooks.privateAddress', 'ja'));
    expect(await form.innerText()).not.toContain(translate('webhooks.httpsOnly', 'ja'));
    expect(await page.getByTestId('webhook-row').count()).toBe(1);
    // In English from here on: the message on screen is re-worded at once.
    await switchLanguage(page, 'English');
    await expect.poll(() => form.innerText()).toContain(translate('webhooks.privateAddress', 'en'));
    await screenshot(page, 'webhooks-url-error', { fullPage: false });
    await expect.poll(() => page.getByTestId('webhooks-guide').innerText()).toContain('Check the signature');

    // A .test URL: test mode, said before it is even sent.
    await page.getByTestId('webhook-url').fill(JOURNEY);
    await page.getByTestId('webhook-form-test-hint').waitFor();
    await page.getByTestId('webhook-add').click();
    const hook = row(page, JOURNEY);
    await hook.waitFor();
    await hook.getByTestId('webhook-test-mode').waitFor();
    await hook.getByTestId('delivery-log-empty').waitFor();
    expect(await page.getByTestId('webhook-url').inputValue()).toBe('');
    // Registered twice: the server's conflict shows at the field.
    await tryUrl(page, JOURNEY);
    await expect.poll(() => form.innerText()).toContain(translate('webhooks.duplicate', 'en'));
    await page.getByTestId('webhook-url').fill('');

    // The secret is hidden until asked for.
    const secretText = hook.getByTestId('webhook-secret');
    expect(await secretText.innerText()).toContain('••••');
    await hook.getByTestId('webhook-secret-reveal').click();
    await expect.poll(() => secretText.innerText()).toMatch(/^whsec_[0-9a-f]{48}$/);

    // A test event: queued (PENDING), then DELIVERED while the log polls on its own.
    await hook.getByTestId('webhook-send-test').click();
    await deliveryRows(hook).first().waitFor();
    await expect.poll(() => statusesOf(hook, 'TEST'), { timeout: 20_000 }).toEqual(['DELIVERED']);
    await expect
      .poll(() => hook.getByTestId('webhook-last-status').getAttribute('data-status'))
      .toBe('DELIVERED');
    // Its row opens to the JSON sent.
    await deliveryRows(hook).first().getByTestId('delivery-toggle').click();
    await expect.poll(() => hook.getByTestId('delivery-payload').innerText()).toContain('"type": "test"');
    expect(await hook.getByTestId('delivery-toggle').first().getAttribute('aria-expanded')).toBe('true');
    await screenshot(page, 'webhooks');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it("delivers a visitor's survey answer, signed with the secret the page shows", async () => {
    const hook = row(page, JOURNEY);
    const secret = await hook.getByTestId('webhook-secret').innerText();

    // A visitor on a phone lands on the published site, taps A2's button to its survey, answers.
    const visitor = await product.newPage({ phone: true, touch: true });
    await visitor.goto(`/sites/${siteId()}/en#A2`);
    await visitor.locator('#A2').waitFor();
    await expect
      .poll(() => visitor.evaluate(() => sessionStorage.getItem('swipe_visit') !== null))
      .toBe(true);
    await visitor.locator('#A2').getByRole('link', { name: 'Breakfast check' }).click();
    await visitor.waitForURL(/\/survey\?id=/);
    await visitor.locator('#f-email').fill('webhook-journey@example.com');
    await visitor.getByLabel('Every day').check();
    await visitor.getByLabel('Tofu').check();
    await visitor.getByRole('button', { name: 'Send my answers' }).click();
    await visitor.locator('[data-score]').waitFor();
    await visitor.context().close();

    // The console's log shows it delivered (refreshed by hand: nothing of it was in flight yet).
    await expect
      .poll(
        async () => {
          await hook.getByTestId('delivery-log-refresh').click();
          return statusesOf(hook, 'SURVEY');
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toEqual(['DELIVERED']);

    // The test inbox holds the request, signed as the guide says: HMAC-SHA256 of "<t>.<body>".
    const inbox = await page.context().newPage();
    await inbox.goto('/dev/webhooks');
    const request = inbox
      .getByTestId('inbox-request')
      .filter({ hasText: `POST ${JOURNEY}` })
      .filter({ hasText: '"kind": "SURVEY"' })
      .first();
    await request.waitFor();
    const [headers, body] = await request.locator('pre').allInnerTexts();
    expect(headers).toContain(`${WEBHOOK_SIGNATURE_HEADER}: t=`);
    expect(headers).toContain(`${WEBHOOK_EVENT_HEADER}: `);
    const signature = /x-swipe-signature: t=(\d+),v1=([0-9a-f]{64})/.exec(headers!)!;
    // The inbox shows the body indented; the request carried it compact, keys in the same order.
    const raw = JSON.stringify(JSON.parse(body!));
    const expected = createHmac('sha256', secret).update(`${signature[1]}.${raw}`).digest('hex');
    expect(expected).toBe(signature[2]);
    expect(JSON.parse(raw)).toMatchObject({
      type: 'conversion',
      site: { id: siteId(), name: 'Hinode Autumn Campaign' },
      conversion: { kind: 'SURVEY' },
    });
    await inbox.close();
  });

  it('pauses the webhook, then deletes it after confirming', async () => {
    const hook = row(page, JOURNEY);
    const toggle = hook.getByRole('switch');
    expect(await toggle.isChecked()).toBe(true);
    await toggle.click({ force: true });
    await expect.poll(() => hook.getAttribute('data-enabled')).toBe('false');
    await hook.getByTestId('webhook-paused').waitFor();
    // Kept by the server: still paused after a reload, the test button locked with the reason.
    await page.reload();
    await row(page, JOURNEY).waitFor();
    expect(await row(page, JOURNEY).getAttribute('data-enabled')).toBe('false');
    expect(await row(page, JOURNEY).getByRole('switch').isChecked()).toBe(false);
    expect(await row(page, JOURNEY).getByTestId('webhook-send-test').getAttribute('aria-disabled')).toBe(
      'true',
    );

    await row(page, JOURNEY).getByTestId('webhook-delete').click();
    const modal = page.getByTestId('delete-webhook-modal');
    await dialogSettled(modal);
    expect(await page.getByTestId('delete-webhook-name').innerText()).toContain(JOURNEY);
    await screenshot(page, 'webhooks-delete', { fullPage: false });
    expect(await seriousAxeViolations(page)).toEqual([]);
    // Cancel keeps it; confirming deletes it.
    await page.getByTestId('delete-webhook-cancel').click();
    await modal.waitFor({ state: 'hidden' });
    expect(await row(page, JOURNEY).count()).toBe(1);
    await row(page, JOURNEY).getByTestId('webhook-delete').click();
    await page.getByTestId('delete-webhook-confirm').click();
    await row(page, JOURNEY).waitFor({ state: 'detached' });
    expect(await page.getByTestId('webhook-row').count()).toBe(1);
    await page.reload();
    await row(page, SEEDED).waitFor();
    expect(await row(page, JOURNEY).count()).toBe(0);
  });

  it('fits a tablet (the log scrolls in its own frame) and a phone (the log as cards)', async () => {
    const overflow = () => horizontalOverflow(page);
    const seeded = row(page, SEEDED);
    await page.setViewportSize({ width: 820, height: 1180 });
    await page.goto(`/admin-user/site-webhooks/${siteId()}`);
    await deliveryRows(seeded).first().waitFor();
    await expect.poll(overflow).toBeLessThanOrEqual(0);
    // The wide table scrolls inside a named frame that the keyboard reaches (arrow keys scroll it).
    const frame = seeded.locator('[role="region"][tabindex="0"]');
    expect(await frame.getAttribute('aria-label')).toContain(SEEDED);
    expect(await frame.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await frame.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => frame.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await screenshot(page, 'webhooks-tablet');

    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => frame.count()).toBe(0);
    await expect.poll(overflow).toBeLessThanOrEqual(0);
    // A card opens to its payload by keyboard too.
    await deliveryRows(seeded).first().getByTestId('delivery-toggle').focus();
    await page.keyboard.press('Enter');
    await seeded.getByTestId('delivery-payload').waitFor();
    expect(await seeded.getByTestId('delivery-payload').innerText()).toContain('"type": "conversion"');
    await expect.poll(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'webhooks-phone');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('is read-only for the platform, which looks but does not build', async () => {
    const master = await product.newPage({ locale: 'en-US' });
    await signInAs(master, 'master@example.com', 'master');
    await master.goto(`/master/site-webhooks/${siteId()}`);
    await master.getByTestId('webhooks-read-only').waitFor();
    const seeded = row(master, SEEDED);
    await seeded.waitFor();
    expect(await master.getByTestId('webhook-form').count()).toBe(0);
    await seeded.getByTestId('webhook-secret-locked').waitFor();
    expect(await seeded.getByTestId('webhook-secret').count()).toBe(0);
    expect(await seeded.getByTestId('webhook-delete').getAttribute('aria-disabled')).toBe('true');
    expect(await seeded.getByTestId('webhook-send-test').getAttribute('aria-disabled')).toBe('true');
    await deliveryRows(seeded).first().waitFor();
    await screenshot(master, 'webhooks-read-only', { fullPage: false });
    expect(await seriousAxeViolations(master)).toEqual([]);
    await master.context().close();
  });
});
