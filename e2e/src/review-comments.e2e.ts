import { translate } from '@swipe/contracts/messages';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sitePreviewShares } from '../../apps/server/src/db/schema/preview';
import { previewCommentReplies, previewComments } from '../../apps/server/src/db/schema/preview-comments';
import { startProduct, type TProduct, withoutDemoReviews } from './harness';
import { screenshot } from './screenshots';
import { dialogSettled, seriousAxeViolations, switchLanguage } from './ui';
import { signInAs, toastText } from './users-helpers';

// Review comments from the creator's side: an invited reviewer has pinned comments on the demo
// site's preview (written straight into the database here; the reviewer's own side has its
// journey). Its owner sees the count of open ones on the editor's Comments button and the pins on
// the live canvas of the page shown, opens a pin's thread, replies (the reviewer is mailed),
// resolves it (the count drops, the pin goes) and reopens it, each kept across a reload; the
// thread's page link selects that page in the editor. The drawer passes axe and fits a phone; a
// view-only sub-admin reads the threads with no way to change them.

const REVIEWER = 'reviewer@example.com';
const REPLY = 'Done: the logo is twice as large now.';

let product: TProduct;
beforeAll(async () => {
  product = await startProduct({ demoSite: true });
  await withoutDemoReviews(product);
  const db = product.database.db;
  const siteId = product.demoSite!.id;
  const [share] = await db
    .insert(sitePreviewShares)
    .values({ siteId, email: REVIEWER, invitedBy: product.fixtures.users.user.id })
    .returning();
  const by = { authorKind: 'INVITEE', authorShareId: share!.id, authorName: REVIEWER };
  const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
  // 1 and 2 on JP A1 (2 resolved, with the team's reply), 3 on JP B1, 4 on EN A1.
  const rows = await db
    .insert(previewComments)
    .values([
      {
        siteId,
        number: 1,
        lang: 'JP',
        page: 'A1',
        x: 300,
        y: 400,
        body: 'Could the logo be larger?',
        ...by,
        createdAt: daysAgo(2),
      },
      {
        siteId,
        number: 2,
        lang: 'JP',
        page: 'A1',
        x: 700,
        y: 800,
        body: 'Typo in the price.',
        ...by,
        createdAt: daysAgo(3),
        resolvedAt: daysAgo(1),
        resolvedBy: product.fixtures.users.user.id,
      },
      {
        siteId,
        number: 3,
        lang: 'JP',
        page: 'B1',
        x: 500,
        y: 500,
        body: 'Is this the right photo?',
        ...by,
        createdAt: daysAgo(1),
      },
      {
        siteId,
        number: 4,
        lang: 'EN',
        page: 'A1',
        x: 100,
        y: 100,
        body: 'Translate the header.',
        ...by,
        createdAt: daysAgo(4),
      },
    ])
    .returning();
  await db.insert(previewCommentReplies).values({
    commentId: rows.find((r) => r.number === 2)!.id,
    body: 'Fixed, thanks.',
    authorKind: 'CREATOR',
    authorUserId: product.fixtures.users.user.id,
    authorName: 'Ken Watanabe',
    createdAt: daysAgo(1),
  });
});
afterAll(async () => product?.close());

const siteId = () => product.demoSite!.id;
const canvasOf = (page: Page) => page.frameLocator('[data-testid="live-canvas-frame"]');
const thread = (page: Page, n: number) => page.locator(`[data-testid="comment-thread"][data-number="${n}"]`);
const shownThreads = (page: Page) =>
  page
    .getByTestId('comment-thread')
    .evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-number'))));
const pinNames = (page: Page) =>
  page.getByTestId('comment-pin').evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')));
const openCountOf = (page: Page) =>
  page
    .getByTestId('comments-count')
    .textContent({ timeout: 1000 })
    .catch(() => null);
const activePath = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('data-path') ?? null);

async function openEditor(page: Page, prefix: string) {
  await page.goto(`/${prefix}/site/${siteId()}`);
  await page.getByTestId('site-editor').waitFor();
}

async function openDrawer(page: Page) {
  await page.getByTestId('comments-open').click();
  await dialogSettled(page.getByTestId('comments-drawer'));
}

describe('review comments in the site editor', () => {
  it('pins, replies, resolves and reopens, kept across reloads', async () => {
    const page = await product.newPage({ locale: 'en-US' });
    await signInAs(page, 'user@example.com', 'admin-user');
    await switchLanguage(page, 'English');
    await openEditor(page, 'admin-user');

    // Three open comments in all, said on the button.
    await expect.poll(() => openCountOf(page)).toBe('3');
    expect(await page.getByTestId('comments-open').getAttribute('aria-label')).toBe('Comments: 3 open');

    // The Japanese tab shows A1: its open comment is a pin at its point of the page.
    await page.getByTestId('tab-JP').click();
    const canvas = canvasOf(page);
    const a1 = canvas.locator('article#A1');
    await a1.waitFor();
    await expect.poll(() => pinNames(page)).toEqual(['Comment 1 (open)']);
    const pin = page.getByRole('button', { name: 'Comment 1 (open)' });
    await expect
      .poll(async () => {
        const [p, box] = [await pin.boundingBox(), await a1.boundingBox()];
        if (!p || !box) return null;
        return [
          Math.round(p.x + p.width / 2 - (box.x + 0.3 * box.width)),
          Math.round(p.y + p.height / 2 - (box.y + 0.4 * box.height)),
        ].every((d) => Math.abs(d) <= 2);
      })
      .toBe(true);
    await page.getByTestId('live-canvas').scrollIntoViewIfNeeded();
    await screenshot(page, 'review-comments-pins', { fullPage: false });
    expect(await seriousAxeViolations(page, '[data-testid="live-canvas"]')).toEqual([]);
    // The editor's header too (the published site's status badge).
    expect(await seriousAxeViolations(page, '[data-testid="site-status"]')).toEqual([]);
    // The pins let editing clicks elsewhere on the canvas through.
    await canvas.locator('article#A1 .mt').click();
    await expect.poll(() => activePath(page)).toBe('content.JP.creatives.0.mainText');

    // The pin opens the drawer at its thread: open ones, newest first.
    await pin.click();
    await dialogSettled(page.getByTestId('comments-drawer'));
    expect(await shownThreads(page)).toEqual([3, 1, 4]);
    const first = thread(page, 1);
    await expect.poll(() => first.getAttribute('data-focused')).toBe('true');
    expect(await first.getByTestId('comment-body').textContent()).toBe('Could the logo be larger?');
    expect(await first.innerText()).toContain(REVIEWER);
    expect(await first.getByTestId('comment-page').textContent()).toBe('A1 · Japanese');
    await screenshot(page, 'review-comments-drawer', { fullPage: false });
    expect(await seriousAxeViolations(page, '.mantine-Drawer-content')).toEqual([]);

    // A reply: shown in the thread, and the reviewer is mailed about it.
    const mailsBefore = product.mail.mails.length;
    await first.getByTestId('comment-reply-input').fill(REPLY);
    await first.getByTestId('comment-reply-send').click();
    await expect.poll(() => first.getByTestId('comment-reply').count()).toBe(1);
    expect(await first.getByTestId('comment-reply').innerText()).toContain(REPLY);
    expect(await first.getByTestId('comment-reply').innerText()).toContain('Ken Watanabe');
    expect(await first.getByTestId('comment-reply-input').inputValue()).toBe('');
    await expect.poll(() => toastText(page)).toContain(translate('comments.replied', 'en'));
    const mail = await product.mail.waitFor(REVIEWER, mailsBefore);
    expect(mail.text).toContain(REPLY);

    // Resolved: out of the open list, the count drops, the pin goes.
    await first.getByTestId('comment-resolve').click();
    await expect.poll(() => shownThreads(page)).toEqual([3, 4]);
    await expect.poll(() => toastText(page)).toContain(translate('comments.resolved', 'en'));
    await expect.poll(() => openCountOf(page)).toBe('2');
    await page.keyboard.press('Escape');
    await page.getByTestId('comments-drawer').waitFor({ state: 'detached' });
    await expect.poll(() => pinNames(page)).toEqual([]);

    // Kept across a reload; the resolved filter shows it, and its pin (quiet) on the canvas.
    await page.reload();
    await page.getByTestId('site-editor').waitFor();
    await expect.poll(() => openCountOf(page)).toBe('2');
    await openDrawer(page);
    await page.getByTestId('comments-filter').getByText('Resolved (2)').click();
    await expect.poll(() => shownThreads(page)).toEqual([1, 2]);
    expect(await thread(page, 1).getByTestId('comment-reply').innerText()).toContain(REPLY);
    expect(await thread(page, 1).getAttribute('data-state')).toBe('resolved');
    // Reopened: back among the open ones, counted again.
    await thread(page, 1).getByTestId('comment-reopen').click();
    await expect.poll(() => openCountOf(page)).toBe('3');
    await expect.poll(() => shownThreads(page)).toEqual([2]);
    await expect.poll(() => toastText(page)).toContain(translate('comments.reopened', 'en'));
    await page.getByTestId('comments-filter').getByText('All (4)').click();
    await expect.poll(() => shownThreads(page)).toEqual([3, 1, 4, 2]);
    await page.keyboard.press('Escape');
    await page.getByTestId('tab-JP').click();
    await a1.waitFor();
    // The filter shows resolved threads: their pins show too.
    await expect.poll(() => pinNames(page)).toEqual(['Comment 1 (open)', 'Comment 2 (resolved)']);
    await page.getByTestId('live-canvas').scrollIntoViewIfNeeded();
    await screenshot(page, 'review-comments-pins-all', { fullPage: false });

    await page.reload();
    await page.getByTestId('site-editor').waitFor();
    await expect.poll(() => openCountOf(page)).toBe('3');
    const [saved] = await product.database.db
      .select()
      .from(previewComments)
      .where(eq(previewComments.number, 1));
    expect(saved!.resolvedAt).toBeNull();

    // A thread's page link selects its language tab and page in the editor.
    await openDrawer(page);
    await thread(page, 3).getByTestId('comment-page').click();
    await page.getByTestId('comments-drawer').waitFor({ state: 'detached' });
    await page.getByTestId('page-form-B1').waitFor();
    await canvasOf(page).locator('article#B1').waitFor();
    // The focus goes to the page's form (not back to the Comments button).
    await expect
      .poll(() => page.getByTestId('page-form-B1').evaluate((form) => form.contains(document.activeElement)))
      .toBe(true);
    await expect.poll(() => pinNames(page)).toEqual(['Comment 3 (open)']);

    // On a phone the drawer takes the width, with nothing sticking out.
    await page.setViewportSize({ width: 390, height: 844 });
    await openDrawer(page);
    const fits = await page.getByTestId('comments-drawer').evaluate((el) => {
      const content = el.closest<HTMLElement>('.mantine-Drawer-content')!;
      const body = el.closest<HTMLElement>('.mantine-Drawer-body')!;
      const box = content.getBoundingClientRect();
      return {
        inView: box.left >= 0 && box.right <= window.innerWidth + 0.5,
        noScroll: content.scrollWidth <= content.clientWidth && body.scrollWidth <= body.clientWidth,
      };
    });
    expect(fits).toEqual({ inView: true, noScroll: true });
    await screenshot(page, 'review-comments-phone', { fullPage: false });
    await page.context().close();
  });

  it('shows a view-only sub-admin the threads with nothing to change them', async () => {
    const page = await product.newPage({ locale: 'en-US' });
    await signInAs(page, 'sub@example.com', 'admin');
    await switchLanguage(page, 'English');
    await openEditor(page, 'admin');
    await expect.poll(() => openCountOf(page)).toBe('3');
    await openDrawer(page);
    await page.getByTestId('comments-read-only').waitFor();
    expect(await shownThreads(page)).toEqual([3, 1, 4]);
    expect(await page.getByTestId('comment-reply-input').count()).toBe(0);
    expect(await page.getByTestId('comment-resolve').count()).toBe(0);
    expect(await page.getByTestId('comment-reopen').count()).toBe(0);
    await screenshot(page, 'review-comments-read-only', { fullPage: false });
    await page.context().close();
  });
});
