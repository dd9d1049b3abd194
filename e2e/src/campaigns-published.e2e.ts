import { eq, sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignItemClicks, campaigns } from '../../apps/server/src/db/schema/campaigns';
import { announceSiteChange } from '../../apps/server/src/platform/change-notices';
import { startProduct, type TProduct } from './harness';
import { fetchAnswers, pageAtRest, seriousAxeViolations } from './ui';

// The demo site's campaign on its published page: on a wide window its zones
// fill both sides of the phone column, nothing moves (CLS 0), its button pulses unless motion is
// reduced, a click on the button is counted once per visit and opens its link, a click on the
// banner goes to its page of the grid; on a phone no zone shows; a SCRIPT button's code runs in a
// sandboxed frame (an opaque origin) on each click.

let product: TProduct;
beforeAll(async () => {
  product = await startProduct({ demoSite: true });
});
afterAll(async () => product?.close());

/**
 * Sums the page's layout shifts (PerformanceObserver), from before the first paint, and names
 * what moved (so a failure says which element shifted, and when). `__cls` counts the shifts of the
 * page's content and campaign zones, which must be none; `__chrome` those whose every source is in
 * the site's header (its news, language and menu controls), which have been seen at 0.0005 on a
 * busy machine as text settled in the header's controls, and are held far below what a visitor
 * notices (0.1 is "good").
 */
async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number; __chrome: number; __moved: string[] };
    w.__cls = 0;
    w.__chrome = 0;
    w.__moved = [];
    type TShift = PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources?: { node?: Node | null }[];
    };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as TShift[])
        if (!e.hadRecentInput) {
          const sources = (e.sources ?? []).map((s) => s.node);
          const inHeader = (n: Node | null | undefined) => n instanceof Element && n.closest('.hd') !== null;
          if (sources.length > 0 && sources.every(inHeader)) w.__chrome += e.value;
          else w.__cls += e.value;
          const nodes = (e.sources ?? []).map((s) =>
            s.node instanceof Element ? `${s.node.tagName}.${s.node.className}` : String(s.node?.nodeName),
          );
          w.__moved.push(`${e.value} at ${Math.round(e.startTime)} ms: ${nodes.join(', ')}`);
        }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}
const cls = (page: Page) => page.evaluate(() => (window as unknown as { __cls: number }).__cls);
const headerShift = (page: Page) => page.evaluate(() => (window as unknown as { __chrome: number }).__chrome);
const moved = (page: Page) =>
  page.evaluate(() => (window as unknown as { __moved: string[] }).__moved.join('; '));

/** The address of a campaign item's click count, which answers whether the click counted. */
const CLICK_PATH = '/click?';

async function buttonClicks(campaignId: string) {
  const rows = await product.database.db
    .select()
    .from(campaignItemClicks)
    .where(eq(campaignItemClicks.campaignId, campaignId));
  return rows.find((r) => r.itemId === 'demo-button')?.clicks ?? 0;
}

describe('campaign zones on the published demo site', () => {
  it('fill both sides on a wide window, without layout shift; a button click is counted once and followed', async () => {
    const siteId = product.demoSite!.id;
    const [campaign] = await product.database.db.select().from(campaigns).where(eq(campaigns.siteId, siteId));
    expect(campaign).toBeDefined();

    const page = await product.newPage({ viewport: { width: 1280, height: 800 } });
    await page
      .context()
      .route('https://example.com/**', (route) =>
        route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Booking</title>Booking' }),
      );
    await watchLayoutShifts(page);
    await page.goto(`/sites/${siteId}`);
    await page.locator('#A1').waitFor();

    // Both gutters, beside the 500 px column, each with the banner and the button.
    const left = page.locator('.cz:not([hidden]) .cs.cl');
    const right = page.locator('.cz:not([hidden]) .cs.cr');
    await expect.poll(() => left.isVisible()).toBe(true);
    expect(await right.isVisible()).toBe(true);
    const column = (await page.locator('.fr').boundingBox())!;
    const l = (await left.boundingBox())!;
    const r = (await right.boundingBox())!;
    expect(column.width).toBe(500);
    expect(l.x).toBe(0);
    expect(l.x + l.width).toBeLessThanOrEqual(column.x + 0.5);
    expect(r.x).toBeGreaterThanOrEqual(column.x + column.width - 0.5);
    expect(r.x + r.width).toBeCloseTo(1280, 0);
    const button = left.locator('[data-ci="demo-button"]');
    expect(await button.isVisible()).toBe(true);
    expect(await left.locator('[data-ci="demo-banner"] img').isVisible()).toBe(true);
    // The button's frame box lies within its zone.
    const b = (await button.boundingBox())!;
    expect(b.x).toBeGreaterThanOrEqual(l.x);
    expect(b.x + b.width).toBeLessThanOrEqual(l.x + l.width);
    // Nothing moved while the page and its zones loaded (typefaces, images and transitions in).
    await pageAtRest(page);
    expect(await cls(page), await moved(page)).toBe(0);
    expect(await headerShift(page), await moved(page)).toBeLessThan(0.001);
    // It pulses (CSS), unless the visitor asks for less motion.
    expect(await button.evaluate((el) => getComputedStyle(el).animationName)).toBe('k1');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await button.evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // A click: counted, and its link opens (a new tab); a second click of the same visit is not counted again.
    // The runtime ignores a click while the one before is being sent: the page has its answer first.
    const before = await buttonClicks(campaign!.id);
    const answers = await fetchAnswers(page, CLICK_PATH);
    const popup = page.waitForEvent('popup');
    await button.click();
    expect((await popup).url()).toBe('https://example.com/hinode/booking');
    await expect.poll(answers).toEqual([{ data: { count: before + 1, counted: true } }]);
    expect(await buttonClicks(campaign!.id)).toBe(before + 1);
    const again = page.waitForEvent('popup');
    await button.click();
    await again;
    await expect.poll(answers).toHaveLength(2);
    expect((await answers())[1]).toEqual({ data: { count: before + 1, counted: false } });
    expect(await buttonClicks(campaign!.id)).toBe(before + 1);
    // Each click is also a visit event, which Effect Measurement counts per page.
    await expect
      .poll(
        async () =>
          (
            (
              await product.database.db.execute(
                sql`select count(*)::int as n from site_events where target = 'CAMPAIGN' and page = 'A1'`,
              )
            ).rows[0] as { n: number }
          ).n,
        { timeout: 20_000, interval: 500 },
      )
      .toBeGreaterThanOrEqual(1);

    // The banner leads to B1 of the grid, the runtime's way; the zone stays (the campaign covers B1).
    await left.locator('[data-ci="demo-banner"]').click();
    await expect
      .poll(() => page.evaluate(() => document.cookie.includes('position_tab=B1')), { timeout: 10_000 })
      .toBe(true);
    expect(await left.isVisible()).toBe(true);
    expect(await cls(page), await moved(page)).toBe(0);
    expect(await headerShift(page), await moved(page)).toBeLessThan(0.001);
  });

  it('shows no zone on a phone', async () => {
    const page = await product.newPage({ phone: true, touch: true });
    await page.goto(`/sites/${product.demoSite!.id}`);
    await page.locator('#A1').waitFor();
    expect(await page.locator('.cz').count()).toBeGreaterThan(0);
    expect(await page.locator('.cs').first().isVisible()).toBe(false);
    expect(await page.locator('[data-ci="demo-button"]').first().isVisible()).toBe(false);
    const width = await page.locator('.fr').evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBe(390);
  });

  it('runs a SCRIPT button’s code on each click, in a frame without the page’s origin', async () => {
    const siteId = product.demoSite!.id;
    const db = product.database.db;
    const [campaign] = await db.select().from(campaigns).where(eq(campaigns.siteId, siteId));
    const doc = campaign!.document;
    // It tells the page what it could reach (the `</script>` in a string stays in the script).
    const code = [
      'var tried = function (f) { try { return f(); } catch (e) { return "blocked"; } };',
      'parent.postMessage({ origin: self.origin, end: "</script>",',
      '  cookie: tried(function () { return document.cookie; }),',
      '  page: tried(function () { return parent.document.title; }) }, "*");',
    ].join('\n');
    doc.buttons.push({
      ...doc.buttons[0]!,
      id: 'demo-script',
      text: 'Script',
      y: 600,
      animation: 'NONE',
      microcopy: { ...doc.buttons[0]!.microcopy, lines: [] },
      link: { type: 'SCRIPT', url: code },
    });
    await db.update(campaigns).set({ document: doc }).where(eq(campaigns.id, campaign!.id));
    await announceSiteChange(db, { siteId });

    const page = await product.newPage({ viewport: { width: 1280, height: 800 } });
    const refused: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) refused.push(m.text());
    });
    await page.goto(`/sites/${siteId}`);
    await page.locator('#A1').waitFor();
    await page.evaluate(() => {
      const w = window as unknown as { __got: unknown[] };
      w.__got = [];
      addEventListener('message', (e) => w.__got.push(e.data));
    });
    const got = () => page.evaluate(() => (window as unknown as { __got: unknown[] }).__got);
    const button = page.locator('.cz:not([hidden]) .cs.cl [data-ci="demo-script"]');
    await expect.poll(() => button.isVisible(), { timeout: 10_000 }).toBe(true);

    const answers = await fetchAnswers(page, CLICK_PATH);
    await button.click();
    await expect.poll(got, { timeout: 10_000 }).toHaveLength(1);
    expect((await got())[0]).toEqual({
      origin: 'null',
      end: '</script>',
      cookie: 'blocked',
      page: 'blocked',
    });
    // Once more, once the page has the answer to the first click (the runtime ignores a click
    // while one is sent): the frame loads it again, and it runs again; the page did not move.
    await expect.poll(answers).toHaveLength(1);
    await button.click();
    await expect.poll(got, { timeout: 10_000 }).toHaveLength(2);
    expect(await page.locator('iframe').count()).toBe(1);
    expect(await page.locator('iframe').isVisible()).toBe(false);
    expect(new URL(page.url()).pathname).toBe(`/sites/${siteId}`);
    expect(refused).toEqual([]);
  });
});
