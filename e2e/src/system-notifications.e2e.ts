import { translate } from '@swipe/contracts/messages';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProduct, type TProduct } from './harness';
import { screenshot } from './screenshots';
import { horizontalOverflow, seriousAxeViolations } from './ui';
import { signInAs } from './users-helpers';

// System notifications end to end: the master opens System Notification from the side menu,
// writes a notification for OEM admins (the form says what is missing in the contract's words,
// counts the content, takes an image) and publishes it; the OEM admin signs in, sees the unread
// count on the header's bell, opens the notification from the bell's dropdown and the count goes
// down; on a phone the bell and its dropdown fit and work from the keyboard; the master then sees
// that one operator opened it, edits, unpublishes and deletes it (confirmed). No serious axe
// findings on the lists, the form and the open dropdown.

let product: TProduct;
beforeAll(async () => {
  product = await startProduct();
}, 120_000);
afterAll(async () => product?.close());

const TITLE = 'Planned maintenance on Sunday';
const CONTENT = 'The console is read-only from 03:00 to 04:00 JST. Published sites stay online.';

const imagePng = () =>
  sharp({ create: { width: 320, height: 160, channels: 3, background: { r: 40, g: 110, b: 190 } } })
    .png()
    .toBuffer();

/** The unread count the header's bell is named with (its data-unread). */
const unreadOf = async (page: Page) =>
  Number(await page.getByTestId('header-bell').getAttribute('data-unread'));

describe('system notifications', () => {
  it('the master publishes one for OEM admins; an OEM admin reads it from the bell; the master manages it', async () => {
    // --- the master writes it ---------------------------------------------------------------
    const master = await product.newPage();
    await signInAs(master, 'master@example.com', 'master');
    await master.getByTestId('side-menu').getByTestId('menu-system-notification').click();
    await master.waitForURL((url) => url.pathname === '/master/system-notification');
    await master.getByTestId('system-notification-page').waitFor();
    await master
      .getByTestId('notification-list-empty')
      .or(master.getByTestId('notification-row').first())
      .waitFor();
    await master.mouse.move(0, 0);
    expect(await seriousAxeViolations(master)).toEqual([]);

    await master.getByTestId('notification-create').click();
    await master.waitForURL((url) => url.pathname === '/master/create-notification');
    await master.getByTestId('notification-form').waitFor();
    // The side menu keeps System Notification current on the form.
    expect(
      await master
        .getByTestId('side-menu')
        .getByTestId('menu-system-notification')
        .getAttribute('aria-current'),
    ).toBe('page');

    // Publishing an empty form says what is missing, in the master's language (Japanese).
    await master.getByTestId('notification-publish').click();
    const form = master.getByTestId('notification-form');
    await expect.poll(() => form.innerText()).toContain(translate('common.required', 'ja'));
    await expect.poll(() => form.innerText()).toContain(translate('communications.audienceRequired', 'ja'));
    expect(await seriousAxeViolations(master)).toEqual([]);

    await master.getByTestId('notification-title-input').fill(TITLE);
    await master.getByTestId('notification-content-input').fill(CONTENT);
    expect(await master.getByTestId('notification-content-count').innerText()).toContain(
      `${CONTENT.length} / 120`,
    );
    await master.getByTestId('notification-link-input').fill('https://example.com/maintenance');
    await master.getByTestId('notification-audience-OEM_ADMIN').check();
    const chooser = master.waitForEvent('filechooser');
    await master.getByTestId('notification-image-upload').click();
    await (await chooser).setFiles([
      { name: 'maintenance.png', mimeType: 'image/png', buffer: await imagePng() },
    ]);
    await expect.poll(() => form.locator('img').first().getAttribute('src')).toContain('/media/');
    await screenshot(master, 'system-notification-form');
    expect(await seriousAxeViolations(master)).toEqual([]);
    // The form fits a phone.
    await master.setViewportSize({ width: 390, height: 844 });
    await master.getByTestId('notification-publication').getByText('予約公開').click();
    await master.getByTestId('notification-start-input').waitFor();
    await expect
      .poll(() => master.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390);
    await screenshot(master, 'system-notification-form-phone');
    await master.getByTestId('notification-publication').getByText('即時公開').click();
    await master.getByTestId('notification-start-input').waitFor({ state: 'detached' });
    await master.setViewportSize({ width: 1280, height: 800 });

    await master.getByTestId('notification-publish').click();
    await master.waitForURL((url) => /^\/master\/notification\/[0-9a-f-]{36}$/.test(url.pathname));
    await master.getByTestId('notification-heading').waitFor();
    expect(await master.getByTestId('notification-heading').innerText()).toBe(TITLE);
    expect(await master.getByTestId('notification-content').innerText()).toBe(CONTENT);
    expect(await master.getByTestId('notice-status').getAttribute('data-status')).toBe('PUBLISHED');
    expect(await master.getByTestId('notification-read-count').getAttribute('data-count')).toBe('0');
    await screenshot(master, 'system-notification-detail');
    const detailPath = new URL(master.url()).pathname;
    const id = detailPath.split('/').pop()!;

    // In the list, with its audience.
    await master.getByTestId('notification-back').click();
    const row = master.locator(`[data-testid="notification-row"][data-title="${TITLE}"]`);
    await row.waitFor();
    expect(await row.innerText()).toContain('OEM管理者');
    await screenshot(master, 'system-notification-list');

    // --- the OEM admin reads it -------------------------------------------------------------
    const admin = await product.newPage();
    await signInAs(admin, 'oem-admin@example.com', 'admin');
    // At least the new one is unread (the first poll has answered).
    await expect.poll(() => unreadOf(admin), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    const before = await unreadOf(admin);
    expect(await admin.getByTestId('header-bell').getAttribute('aria-label')).toContain(String(before));
    expect(await admin.getByTestId('header-bell-count').innerText()).toBe(String(before));

    await admin.getByTestId('header-bell').click();
    await admin.getByTestId('bell-dropdown').waitFor();
    const item = admin.getByTestId('bell-item').first();
    expect(await item.innerText()).toContain(TITLE);
    expect(await item.getAttribute('data-read')).toBe('false');
    await screenshot(admin, 'system-notification-bell', { fullPage: false });
    expect(await seriousAxeViolations(admin)).toEqual([]);
    await item.click();
    await admin.waitForURL((url) => url.pathname === `/admin/notification/${id}`);
    await admin.getByTestId('notification-heading').waitFor();
    expect(await admin.getByTestId('notification-link').getAttribute('href')).toBe(
      'https://example.com/maintenance',
    );
    await admin.getByTestId('notification-image').waitFor();
    // Opening it marked it read: the count goes down at once (no wait for the next poll).
    await expect.poll(() => unreadOf(admin), { timeout: 5_000 }).toBe(before - 1);
    // Reading is the same for the reader as for the master: no edit or delete.
    expect(await admin.getByTestId('notification-edit').count()).toBe(0);
    expect(await admin.getByTestId('notification-delete').count()).toBe(0);

    // The list of received notifications shows it read; the bell's "See all" leads there.
    await admin.getByTestId('header-bell').click();
    await admin.getByTestId('bell-see-all').click();
    await admin.waitForURL((url) => url.pathname === '/admin/system-notification');
    const received = admin.locator(`[data-testid="notification-row"][data-title="${TITLE}"]`);
    await received.waitFor();
    expect(await received.getAttribute('data-read')).toBe('true');
    await admin.mouse.move(0, 0);
    expect(await seriousAxeViolations(admin)).toEqual([]);

    // --- on a phone ---------------------------------------------------------------------------
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.reload();
    await received.waitFor();
    await screenshot(admin, 'system-notification-inbox-phone');
    const bell = (await admin.getByTestId('header-bell').boundingBox())!;
    expect(bell.x + bell.width).toBeLessThanOrEqual(390);
    await admin.getByTestId('header-bell').click();
    const dropdown = admin.getByTestId('bell-dropdown');
    await dropdown.waitFor();
    const box = (await dropdown.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await horizontalOverflow(admin)).toBeLessThanOrEqual(0);
    await screenshot(admin, 'system-notification-bell-phone', { fullPage: false });
    // The keyboard closes it, opens it again and moves through its items.
    await admin.keyboard.press('Escape');
    await dropdown.waitFor({ state: 'hidden' });
    await admin.getByTestId('header-bell').focus();
    await admin.keyboard.press('Enter');
    await dropdown.waitFor();
    await admin.keyboard.press('ArrowDown');
    await expect
      .poll(() => admin.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toMatch(/^bell-(item|see-all)$/);
    await admin.keyboard.press('Escape');
    await dropdown.waitFor({ state: 'hidden' });

    // --- the master sees who opened it --------------------------------------------------------
    await master.goto(detailPath);
    await expect
      .poll(() => master.getByTestId('notification-read-count').getAttribute('data-count'))
      .toBe('1');

    // --- and edits, unpublishes and deletes it ----------------------------------------------
    await master.getByTestId('notification-edit').click();
    await master.waitForURL((url) => url.search === '?edit=1');
    await master.getByTestId('notification-title-input').fill(`${TITLE} (updated)`);
    await master.getByTestId('notification-saveChanges').click();
    await master.waitForURL((url) => url.pathname === detailPath && url.search === '');
    await expect
      .poll(() => master.getByTestId('notification-heading').innerText())
      .toBe(`${TITLE} (updated)`);

    await master.getByTestId('notification-unpublish').click();
    await expect
      .poll(() => master.getByTestId('notice-status').getAttribute('data-status'))
      .toBe('UNPUBLISHED');
    expect(await master.getByTestId('notification-unpublish').count()).toBe(0);

    await master.getByTestId('notification-delete').click();
    await master.getByTestId('delete-notification-modal').waitFor();
    expect(await master.getByTestId('delete-notification-name').innerText()).toContain(`${TITLE} (updated)`);
    await master.getByTestId('delete-notification-confirm').click();
    await master.waitForURL((url) => url.pathname === '/master/system-notification');
    await master.getByTestId('system-notification-page').waitFor();
    await master
      .getByTestId('notification-list-empty')
      .or(master.getByTestId('notification-row').first())
      .waitFor();
    expect(await master.locator(`[data-testid="notification-row"][data-title^="${TITLE}"]`).count()).toBe(0);
  });
});
