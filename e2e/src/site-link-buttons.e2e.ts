import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteEvents } from '../../apps/server/src/db/schema/analytics';
import { insertSite, siteDocument } from '../../apps/server/src/modules/sites/site-fixtures';
import { ZLink } from '../../packages/contracts/src/sites';
import { startProduct, type TProduct } from './harness';
import { screenshot } from './screenshots';
import { switchLanguage } from './ui';
import { signInAs } from './users-helpers';

// Every link type of a button on a published page, in Chromium: a SCRIPT button
// runs its code under the page's CSP (allowed by its hash, no violation) and its click is
// counted; a button to another page of the site jumps there, even without script; a button
// opens the popup CTA on a page the popup is not set to show on, and its × closes it.

let product: TProduct;
let siteId: string;
beforeAll(async () => {
  product = await startProduct();
  // A1 runs a script, B1 jumps to A2, A2 opens the popup (shown on B1 only by itself).
  const doc = siteDocument({ name: 'Link kinds', rows: 2, columns: 2 });
  const [a1, b1, a2] = doc.content.JP!.creatives;
  a1!.linkButtonText = 'Run';
  a1!.link = ZLink.parse({
    kind: 'SCRIPT',
    script: 'document.body.dataset.ran = String(Number(document.body.dataset.ran || 0) + 1);',
  });
  b1!.linkButtonText = 'To A2';
  b1!.link = ZLink.parse({ kind: 'CREATIVE_BLOCK', page: 'A2' });
  a2!.linkButtonText = 'Offer';
  a2!.link = ZLink.parse({ kind: 'POPUP_CTA_TRANSITION', popup: 'timeLimit' });
  doc.popupCtas.timeLimit = {
    ...doc.popupCtas.timeLimit,
    enabled: true,
    startDate: '2020-01-01T00:00:00.000Z',
    endDate: '2999-01-01T00:00:00.000Z',
    effectivePages: ['B1'],
    texts: { JP: { image: null, linkButtonText: 'Shop now' } },
    link: ZLink.parse({ kind: 'EXTERNAL', url: 'https://example.com/shop' }),
  };
  siteId = (
    await insertSite(product.database.db, {
      accountId: product.fixtures.accounts.company.id,
      doc,
      published: true,
    })
  ).id;
}, 120_000);
afterAll(async () => product?.close());

/** Records the page's CSP violations from before its first script. */
async function watchCsp(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
}
const violations = (page: Page) => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
const pageInView = (page: Page, id: string) =>
  page.locator(`#${id}`).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return Math.abs(r.top) < 2 && Math.abs(r.left) < 2;
  });

describe('link buttons on a published page', () => {
  it('runs a script button’s code under the page’s CSP and counts the click', async () => {
    const page = await product.newPage({ phone: true });
    await watchCsp(page);
    const res = await page.goto(`/sites/${siteId}`);
    expect(res!.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+';/);
    await page.locator('#A1').waitFor();

    const run = page.locator('#A1 button.bt');
    expect(await run.textContent()).toBe('Run');
    await run.click();
    await expect.poll(() => page.evaluate(() => document.body.dataset.ran)).toBe('1');
    await run.click();
    await expect.poll(() => page.evaluate(() => document.body.dataset.ran)).toBe('2');
    expect(await violations(page)).toEqual([]);

    // Counted as a click on the page's link button, like any other (the beacon goes when the
    // page is left).
    await page.goto('about:blank');
    const clicks = async () =>
      (await product.database.db.select().from(siteEvents).where(eq(siteEvents.siteId, siteId)))
        .filter((e) => e.type === 'CLICK')
        .map((e) => [e.page, e.target, e.targetId]);
    await expect.poll(clicks, { timeout: 10_000 }).toEqual([
      ['A1', 'LINK', 'A1'],
      ['A1', 'LINK', 'A1'],
    ]);
  });

  it('jumps to another page of the site, and opens the popup CTA from a button', async () => {
    const page = await product.newPage({ phone: true });
    await watchCsp(page);
    await page.goto(`/sites/${siteId}#B1`);
    await page.locator('#B1').waitFor();
    await expect.poll(() => pageInView(page, 'B1')).toBe(true);
    // B1 is the popup's page: it shows there by itself; closed, it stays closed.
    const popup = page.locator('.pu[data-kind="timeLimit"]');
    await expect.poll(() => popup.isVisible()).toBe(true);
    await popup.locator('.x').click();
    await expect.poll(() => popup.isVisible()).toBe(false);

    await page.locator('#B1 a.bt').click();
    await expect.poll(() => pageInView(page, 'A2')).toBe(true);
    expect(new URL(page.url()).hash).toBe('#A2');

    // A2 is not among the popup's pages: its button opens it there, and × closes it again.
    expect(await popup.isVisible()).toBe(false);
    await page.locator('#A2 button.bt').click();
    await expect.poll(() => popup.isVisible()).toBe(true);
    expect(await popup.locator('.bt').textContent()).toBe('Shop now');
    await popup.locator('.x').click();
    await expect.poll(() => popup.isVisible()).toBe(false);
    expect(await violations(page)).toEqual([]);
  });

  it('jumps to another page without script too (an anchor of the scroll-snap grid)', async () => {
    const page = await product.newPage({ phone: true, javaScriptEnabled: false });
    await page.goto(`/sites/${siteId}#B1`);
    await expect.poll(() => pageInView(page, 'B1')).toBe(true);
    await page.locator('#B1 a.bt').click();
    await expect.poll(() => pageInView(page, 'A2')).toBe(true);
  });
});

describe('the link field of the editor', () => {
  it('offers every kind: a page of the grid, a popup, a script checked as it is typed', async () => {
    const page = await product.newPage({ locale: 'en-US' });
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await signInAs(page, 'user@example.com', 'admin-user');
    await switchLanguage(page, 'English');
    await page.goto('/admin-user/create-site?start=blank');
    await page.getByTestId('site-editor').waitFor();
    await page.getByTestId('tab-JP').click();
    await page.getByTestId('page-tile-A1').click();
    const a1 = page.getByTestId('page-form-A1');
    await a1.getByLabel('Button text', { exact: true }).fill('Go');
    const kind = a1.getByTestId('link-kind').first();
    expect(await kind.locator('option').allTextContents()).toEqual([
      'No link',
      'Form or registration page',
      'External URL',
      'Survey',
      'Another page of this site',
      'Open the popup CTA',
      'Custom script',
    ]);
    // The JavaScript parser is not part of the editor: it loads when a script field shows.
    const parser = () => scripts.some((s) => /\/button-script-[^/]+\.js$/.test(s));
    expect(parser()).toBe(false);

    await kind.selectOption('CREATIVE_BLOCK');
    // A new site is one page: the picker lists the grid's pages.
    expect(await a1.getByTestId('link-page').locator('option').allTextContents()).toEqual([
      'Choose a page',
      'A1',
    ]);
    await a1.getByTestId('link-page').selectOption('A1');

    await kind.selectOption('POPUP_CTA_TRANSITION');
    expect(await a1.getByTestId('link-popup').locator('option').allTextContents()).toEqual([
      'Choose a popup CTA',
      'Time-limited offer (off)',
      'Limited applicants (off)',
    ]);

    await kind.selectOption('SCRIPT');
    await expect.poll(parser).toBe(true);
    const script = a1.getByTestId('link-script');
    await script.fill('track(');
    await expect
      .poll(() =>
        a1.getByText('The script is not valid JavaScript (line 1, column 7)', { exact: false }).count(),
      )
      .toBeGreaterThan(0);
    await script.fill("window.dataLayer?.push({ event: 'book' });");
    await expect.poll(() => a1.getByText('The script parses.').count()).toBe(1);
    await screenshot(page, 'site-editor-link-script');
  });
});
