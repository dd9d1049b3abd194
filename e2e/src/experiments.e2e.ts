import { VARIATION_COOKIE } from '@swipe/contracts/experiments';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProduct, type TProduct } from './harness';
import { screenshot } from './screenshots';
import { dialogSettled, horizontalOverflow, seriousAxeViolations, switchLanguage } from './ui';
import { signInAs } from './users-helpers';

// A/B experiments end to end: the demo site's owner opens its experiments from the site editor
// and ends the demo's running experiment (its results on screen first); creates an experiment
// (contact form goal, fixed weights: all of the new visitors to B); overrides page A1 in variation
// B with a new Japanese text (the leave guard asks before unsaved changes go); starts it. Visitors
// in fresh browsers see the text with B's cookie, not with the base's, and get B without a cookie;
// declaring B the winner publishes it for everyone, and the experiment is listed as ended with its
// winner. The pages fit a phone, and the platform sees them read-only.

const SITE = '/sites/hinode-autumn/';
const UNIQUE = `秋の新しい見出し-${Date.now().toString(36)}`;
const NAME = 'A1 headline test';

let product: TProduct;
beforeAll(async () => {
  // With the demo's running experiment, which the journey ends first (as a creator would).
  product = await startProduct({ demoSite: true, demoExperiment: true });
});
afterAll(async () => product?.close());

const siteId = () => product.demoSite!.id;
const experimentsUrl = (prefix = 'admin-user') => `/${prefix}/site-experiments/${siteId()}`;
/** A variation of the current (draft or running) experiment. */
const row = (page: Page, name: string) =>
  page.getByTestId('experiment-current').locator(`[data-testid="variation-row"][data-name="${name}"]`);

/** The text of the published page A1 for a new visitor, with the variation cookie given (if any). */
async function publishedA1(variationId: string | null) {
  const visitor = await product.newPage({ phone: true, touch: true });
  if (variationId)
    await visitor.context().addCookies([
      {
        name: VARIATION_COOKIE,
        value: variationId,
        domain: new URL(product.sitesUrl).hostname,
        path: '/sites/hinode-autumn',
      },
    ]);
  await visitor.goto(SITE);
  await visitor.locator('#A1').waitFor();
  const text = await visitor.locator('#A1').innerText();
  const cookies = await visitor.context().cookies();
  await visitor.context().close();
  return { text, cookie: cookies.find((c) => c.name === VARIATION_COOKIE)?.value ?? null };
}

describe('A/B experiments', () => {
  let page: Page;
  let baseId = '';
  let challengerId = '';

  it('opens the experiments from the site editor and ends the running demo experiment', async () => {
    page = await product.newPage();
    await signInAs(page, 'user@example.com', 'admin-user');
    await page.goto(`/admin-user/site/${siteId()}`);
    await page.getByTestId('site-editor').waitFor();
    await page.getByTestId('site-experiments-link').click();
    await page.waitForURL((u) => u.pathname === experimentsUrl());
    await page.getByTestId('experiments-page').waitFor();
    await expect.poll(() => page.getByTestId('experiments-site-name').innerText()).toContain('Hinode');

    // The demo's running experiment: visitors, conversions, rates with their interval, the
    // chance to beat the base and the variation leading so far.
    const current = page.getByTestId('experiment-current');
    await current.waitFor();
    expect(await current.getAttribute('data-status')).toBe('RUNNING');
    const challenger = current.getByTestId('variation-row').nth(1);
    await challenger.getByTestId('variation-rate').waitFor();
    expect(await challenger.getByTestId('variation-changes').innerText()).toContain('B2');
    expect(await current.getByTestId('variation-leading').count()).toBe(1);
    // Two columns: the visitors each variation got (their share of all of them) and the current
    // allocation of new visitors (Thompson sampling's, which moves with the results).
    const visitors = await current.getByTestId('variation-visitors').evaluateAll((cells) =>
      cells.map((c) => ({
        n: Number(c.getAttribute('data-visitors')),
        share: Number(c.getAttribute('data-share')),
      })),
    );
    expect(visitors).toHaveLength(2);
    const all = visitors[0]!.n + visitors[1]!.n;
    expect(all).toBeGreaterThan(100);
    for (const v of visitors) expect(v.share).toBeCloseTo(v.n / all, 6);
    expect(await current.getByTestId('variation-share').count()).toBe(2);
    expect(await current.locator('th').allInnerTexts()).toEqual(
      expect.arrayContaining(['現在の割り当て', '訪問者']),
    );
    await screenshot(page, 'experiments-demo-running');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Ending it asks first; every visitor sees the base again, its results stay below.
    await page.getByTestId('experiment-stop').click();
    await dialogSettled(page.getByTestId('experiment-stop-modal'));
    await screenshot(page, 'experiments-stop-confirm', { fullPage: false });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByTestId('experiment-stop-confirm').click();
    await current.waitFor({ state: 'detached' });
    await page.getByTestId('experiments-idle').waitFor();
    expect(await page.getByTestId('experiment-past').count()).toBe(1);
    expect(await page.getByTestId('experiment-past').getByTestId('variation-winner').count()).toBe(0);
    // Nothing runs: the ended one is listed below, and a new one can be created.
    await page.getByTestId('experiment-create').waitFor();
  });

  it('creates an experiment with the contact goal and fixed weights', async () => {
    // In English from here on.
    await switchLanguage(page, 'English');
    await expect.poll(() => page.locator('h1').innerText()).toBe('A/B experiments');
    await page.getByTestId('experiment-create').click();
    const form = page.getByTestId('experiment-form');
    await dialogSettled(form);
    // Nothing typed: the contracts' message at the name.
    await page.getByTestId('experiment-form-submit').click();
    await expect.poll(() => form.innerText()).toMatch(/required|enter/i);

    // The button goal offers the published site's buttons.
    await page.getByTestId('experiment-goal').click();
    await page.getByRole('option', { name: 'Clicks on a button' }).click();
    await page.getByTestId('experiment-goal-button').click();
    const buttons = page.getByRole('option', { name: /· (link button|product \d)/ });
    await buttons.first().waitFor();
    expect(await buttons.count()).toBeGreaterThan(1);
    await page.keyboard.press('Escape');
    await page.getByTestId('experiment-goal').click();
    await page.getByRole('option', { name: 'Contact form submissions' }).click();

    await page.getByTestId('experiment-name').fill(NAME);
    await page.getByTestId('experiment-allocation-FIXED').click();
    await screenshot(page, 'experiments-create', { fullPage: false });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByTestId('experiment-form-submit').click();
    await form.waitFor({ state: 'detached' });

    const current = page.getByTestId('experiment-current');
    await current.waitFor();
    expect(await current.getAttribute('data-status')).toBe('DRAFT');
    expect(await current.getByTestId('experiment-name-text').innerText()).toBe(NAME);
    expect(await current.getByTestId('experiment-goal-text').innerText()).toContain(
      'Contact form submissions',
    );
    baseId = (await row(page, 'A').getAttribute('data-id'))!;
    challengerId = (await row(page, 'B').getAttribute('data-id'))!;
    expect(await row(page, 'A').getByTestId('variation-base').count()).toBe(1);
    expect(await row(page, 'B').getByTestId('variation-no-changes').count()).toBe(1);

    // Every new visitor to B: the base's weight 0, B's 100 (saved as each field is left).
    await row(page, 'A').getByTestId('variation-weight').fill('0');
    await row(page, 'A').getByTestId('variation-weight').press('Enter');
    await expect
      .poll(() => row(page, 'A').getByTestId('variation-share').getAttribute('data-share'))
      .toBe('0');
    await row(page, 'B').getByTestId('variation-weight').fill('100');
    await row(page, 'B').getByTestId('variation-weight').press('Tab');
    await expect
      .poll(() => row(page, 'B').getByTestId('variation-share').getAttribute('data-share'))
      .toBe('1');
    await screenshot(page, 'experiments-draft');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it("overrides page A1 in variation B with the site editor's own form", async () => {
    await row(page, 'B').getByTestId('variation-edit').click();
    await page.waitForURL((u) => u.pathname.endsWith(`/${challengerId}`));
    const editor = page.getByTestId('variation-editor');
    await editor.waitFor();
    expect(await editor.getAttribute('data-read-only')).toBe('false');
    // A1 shows as published until it is overridden.
    await page.getByTestId('variation-page-published').waitFor();
    await page.getByTestId('override-A1').check();
    const form = page.getByTestId('page-form-A1');
    await form.waitFor();
    const mainText = form.locator('textarea[data-path$=".mainText"]').first();
    await mainText.fill(UNIQUE);
    expect(await page.getByTestId('variation-tile-A1').getAttribute('data-overridden')).toBe('true');
    await expect.poll(() => editor.getAttribute('data-dirty')).toBe('true');

    // Leaving now asks first; staying keeps the change.
    await page.getByTestId('variation-back').click();
    await dialogSettled(page.getByTestId('leave-stay'));
    await page.getByTestId('leave-stay').click();
    expect(await mainText.inputValue()).toBe(UNIQUE);

    await page.getByTestId('variation-save').click();
    await expect.poll(() => editor.getAttribute('data-dirty')).toBe('false');
    await screenshot(page, 'experiments-variation-editor');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // On a phone the grid, the form and the canvas stack without a sideways scroll.
    await page.setViewportSize({ width: 375, height: 812 });
    await expect.poll(() => horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'experiments-variation-editor-phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Saved: a reload shows A1 overridden with the text.
    await page.reload();
    await page.getByTestId('page-form-A1').waitFor();
    expect(
      await page.getByTestId('page-form-A1').locator('textarea[data-path$=".mainText"]').first().inputValue(),
    ).toBe(UNIQUE);
    await page.getByTestId('variation-back').click();
    await page.waitForURL((u) => u.pathname === experimentsUrl());
    await expect.poll(() => row(page, 'B').getByTestId('variation-changes').innerText()).toContain('A1');
  });

  it('starts the experiment: visitors see B with its cookie, the base with the base cookie', async () => {
    await page.getByTestId('experiment-start').click();
    const modal = page.getByTestId('experiment-start-modal');
    await dialogSettled(modal);
    expect(await modal.innerText()).toContain('split');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByTestId('experiment-start-confirm').click();
    await expect
      .poll(() => page.getByTestId('experiment-current').getAttribute('data-status'))
      .toBe('RUNNING');
    await row(page, 'B').getByTestId('variation-winner-button').waitFor();

    expect((await publishedA1(challengerId)).text).toContain(UNIQUE);
    expect((await publishedA1(baseId)).text).not.toContain(UNIQUE);
    // No cookie: drawn by the weights (all to B), and kept by the cookie set.
    const fresh = await publishedA1(null);
    expect(fresh.text).toContain(UNIQUE);
    expect(fresh.cookie).toBe(challengerId);

    // Running: B's overrides are fixed, its editor only shows them.
    await row(page, 'B').getByTestId('variation-edit').click();
    await page.getByTestId('variation-read-only').waitFor();
    expect(await page.getByTestId('variation-save').getAttribute('aria-disabled')).toBe('true');
    await page.getByTestId('variation-back').click();
    await page.getByTestId('experiment-current').waitFor();
    await screenshot(page, 'experiments-running');
  });

  it('declares B the winner: it becomes the published site and the experiment is listed as ended', async () => {
    await row(page, 'B').getByTestId('variation-winner-button').click();
    const modal = page.getByTestId('experiment-winner-modal');
    await dialogSettled(modal);
    expect(await modal.innerText()).toContain('replaces the published site');
    await screenshot(page, 'experiments-winner-confirm', { fullPage: false });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByTestId('experiment-winner-confirm').click();
    await page.getByTestId('experiment-current').waitFor({ state: 'detached' });

    const ended = page.locator(`[data-testid="experiment-past"][data-id]`).first();
    await ended.waitFor();
    expect(await ended.getByTestId('experiment-status').getAttribute('data-status')).toBe('ENDED');
    expect(await ended.getByTestId('experiment-past-winner').innerText()).toContain('“B”');
    expect(
      await ended
        .locator('[data-testid="variation-row"][data-name="B"]')
        .getByTestId('variation-winner')
        .count(),
    ).toBe(1);

    // Every visitor now sees B's text, cookie or not.
    expect((await publishedA1(null)).text).toContain(UNIQUE);
    expect((await publishedA1(baseId)).text).toContain(UNIQUE);
    await screenshot(page, 'experiments-ended');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('fits a phone: variations as cards, no sideways scroll', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.reload();
    await page.getByTestId('experiments-past').waitFor();
    await expect.poll(() => horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await page.locator('table').count()).toBe(0);
    await screenshot(page, 'experiments-phone');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('is read-only for the platform, which looks but does not build', async () => {
    const master = await product.newPage({ locale: 'en-US' });
    await signInAs(master, 'master@example.com', 'master');
    await master.goto(experimentsUrl('master'));
    await master.getByTestId('experiments-read-only').waitFor();
    await master.getByTestId('experiments-past').waitFor();
    expect(await master.getByTestId('experiment-create').count()).toBe(0);
    expect(await master.getByTestId('experiment-past-delete').first().getAttribute('aria-disabled')).toBe(
      'true',
    );
    await screenshot(master, 'experiments-read-only', { fullPage: false });
    expect(await seriousAxeViolations(master)).toEqual([]);
    await master.context().close();
  });
});
