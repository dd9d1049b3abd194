import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProduct, type TProduct } from './harness';

// The demo site's news on its published page: the header's bell opens the panel
// without script; with script, a dot marks what this visitor has not seen and the newest
// delivered notification shows once as a banner, nothing moving (CLS 0); the Web Push button's
// script and worker load only when the visitor presses it.

let product: TProduct;
beforeAll(async () => {
  product = await startProduct({ demoSite: true });
}, 120_000);
afterAll(async () => product?.close());

/** Sums the page's layout shifts (PerformanceObserver), from before the first paint. */
async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!e.hadRecentInput) w.__cls += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const hasDot = (page: Page) => page.locator('.nb').evaluate((el) => el.classList.contains('nu'));

describe('news on the published demo site', () => {
  it('opens its panel without script', async () => {
    const page = await product.newPage({ phone: true, javaScriptEnabled: false });
    await page.goto(`/sites/${product.demoSite!.id}`);
    expect(await page.locator('#nw').isVisible()).toBe(false);
    await page.locator('.nb').click();
    await expect.poll(() => page.locator('#nw').isVisible()).toBe(true);
    expect(await page.locator('#nw li').count()).toBe(2);
    expect(await page.locator('#nw').textContent()).toContain('秋の新メニューが始まりました');
    // The banner and the push button need script: they stay hidden.
    expect(await page.locator('.nbn').isVisible()).toBe(false);
    expect(await page.locator('.np').isVisible()).toBe(false);
    await page.locator('#nw .x').click();
    await expect.poll(() => page.locator('#nw').isVisible()).toBe(false);
  });

  it('marks what is new to this visitor and shows the newest delivery once, without layout shift', async () => {
    const page = await product.newPage({ phone: true, touch: true });
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script' || r.url().endsWith('/sw.js'))
        scripts.push(new URL(r.url()).pathname);
    });
    await watchLayoutShifts(page);
    const siteId = product.demoSite!.id;
    await page.goto(`/sites/${siteId}`);
    await page.locator('#A1').waitFor();

    // New to this visitor: the dot and the delivery's banner.
    await expect.poll(() => hasDot(page)).toBe(true);
    const banner = page.locator('.nbn');
    await expect.poll(() => banner.isVisible()).toBe(true);
    expect(await banner.textContent()).toContain('秋の新メニューが始まりました');
    // Dismissed, it stays away on the next visit; the dot stays until the panel is opened.
    await banner.locator('.x').click();
    expect(await banner.isVisible()).toBe(false);
    await page.reload();
    await page.locator('#A1').waitFor();
    await expect.poll(() => hasDot(page)).toBe(true);
    expect(await banner.isVisible()).toBe(false);

    await page.locator('.nb').click();
    await expect.poll(() => page.locator('#nw').isVisible()).toBe(true);
    expect(await hasDot(page)).toBe(false);
    // Escape closes it, back to the page.
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('#nw').isVisible()).toBe(false);
    await page.reload();
    await page.locator('#A1').waitFor();
    // Seen: neither comes back. The runtime, a deferred script, has marked the bell and the banner
    // by the load event, which the reload waits for.
    expect(await page.evaluate(() => document.readyState)).toBe('complete');
    expect(await hasDot(page)).toBe(false);
    expect(await banner.isVisible()).toBe(false);
    expect(await page.evaluate(() => (window as unknown as { __cls: number }).__cls)).toBe(0);
    // Only the runtime loaded: nothing of Web Push yet.
    expect(scripts.filter((s) => !s.startsWith('/sites/_runtime/runtime.'))).toEqual([]);
  });

  it('loads the push script and registers the site’s worker only when the visitor presses the button', async () => {
    const page = await product.newPage({ phone: true });
    await page.context().grantPermissions(['notifications']);
    const loaded: string[] = [];
    page.on('request', (r) => loaded.push(new URL(r.url()).pathname));
    const siteId = product.demoSite!.id;
    await page.goto(`/sites/${siteId}`);
    await page.locator('.nb').click();
    const button = page.locator('.np');
    await expect.poll(() => button.isVisible()).toBe(true);
    expect(loaded.some((p) => p.includes('/push.') || p.endsWith('/sw.js'))).toBe(false);

    await button.click();
    // The worker at the site's own path; then the key and the subscription (a headless browser
    // may have no push service to subscribe with: the button then says so).
    await expect
      .poll(() => button.textContent())
      .toMatch(/このサイトのお知らせを受け取ります。|このサイトでは端末へのお知らせを利用できません。/);
    expect(loaded.some((p) => /^\/sites\/_runtime\/push\.[0-9a-f]{8}\.js$/.test(p))).toBe(true);
    const scopes = await page.evaluate(async () =>
      (await navigator.serviceWorker.getRegistrations()).map((r) => new URL(r.scope).pathname),
    );
    expect(scopes).toEqual([`/sites/${siteId}/`]);
    expect(await button.isDisabled()).toBe(true);
  });
});
