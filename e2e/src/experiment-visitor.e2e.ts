import { VARIATION_COOKIE } from '@swipe/contracts/experiments';
import { and, eq, gt } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteVisits } from '../../apps/server/src/db/schema/analytics';
import { siteVariations } from '../../apps/server/src/db/schema/experiments';
import { startProduct, type TProduct } from './harness';
import { screenshot } from './screenshots';

// A visitor of a site running an experiment (the demo's: a friendlier contact page B2 against the
// base, goal: a contact form sent), in real Chromium: the page draws their variation and keeps it
// on every reload; variation B shows its own B2; their contact form counts as a conversion of
// their variation's visit, which the experiment's results then show.

let product: TProduct;
let siteId: string;
let variations: { id: string; name: string; isBase: boolean }[];
beforeAll(async () => {
  product = await startProduct({ demoSite: true, demoExperiment: true });
  siteId = product.demoSite!.id;
  variations = await product.database.db
    .select({ id: siteVariations.id, name: siteVariations.name, isBase: siteVariations.isBase })
    .from(siteVariations)
    .where(eq(siteVariations.siteId, siteId));
});
afterAll(async () => product?.close());

const SITE = '/sites/hinode-autumn';
const B2_BUTTON = '無料で相談する';

const keptVariation = async (page: Page) =>
  (await page.context().cookies()).find((c) => c.name === VARIATION_COOKIE);
const shownVariation = (page: Page) => page.evaluate(() => document.body.dataset.var);

describe('a visitor of a running experiment', () => {
  it('keeps the variation drawn for them, on every reload and every page of the site', async () => {
    const page = await product.newPage({ phone: true, touch: true });
    await page.goto(`${SITE}/`);
    const cookie = await keptVariation(page);
    expect(cookie?.path).toBe(SITE);
    expect(cookie?.httpOnly).toBe(true);
    expect(variations.map((v) => v.id)).toContain(cookie!.value);
    expect(await shownVariation(page)).toBe(cookie!.value);
    for (let i = 0; i < 3; i++) {
      await page.reload();
      expect(await shownVariation(page)).toBe(cookie!.value);
    }
    await page.goto(`${SITE}/en`);
    expect(await shownVariation(page)).toBe(cookie!.value);
    await page.context().close();
  });

  it("shows B's contact page to B and the base's to the base; B's contact form counts for B", async () => {
    const b = variations.find((v) => !v.isBase)!;
    const base = variations.find((v) => v.isBase)!;
    const visitorOf = async (variationId: string) => {
      const page = await product.newPage({ phone: true, touch: true });
      await page
        .context()
        .addCookies([{ name: VARIATION_COOKIE, value: variationId, url: `${product.sitesUrl}${SITE}/` }]);
      await page.goto(`${SITE}/`);
      expect(await shownVariation(page)).toBe(variationId);
      return page;
    };
    const baseVisitor = await visitorOf(base.id);
    expect(await baseVisitor.locator('#B2 .bt').textContent()).toBe('お問い合わせ');
    await baseVisitor.context().close();

    const started = new Date(Date.now() - 60_000);
    const visitor = await visitorOf(b.id);
    await visitor.keyboard.press('ArrowRight');
    await visitor.keyboard.press('ArrowDown');
    const button = visitor.locator('#B2 .bt');
    await expect.poll(() => button.isVisible()).toBe(true);
    expect(await button.textContent()).toBe(B2_BUTTON);
    await screenshot(visitor, 'experiment-visitor-b2');
    // The runtime reports the visit with its variation.
    const visits = () =>
      product.database.db
        .select()
        .from(siteVisits)
        .where(and(eq(siteVisits.siteId, siteId), gt(siteVisits.startedAt, started)));
    await button.click();
    await visitor.waitForURL(/\/contact$/);
    await visitor.locator('#f-email').fill('experiment@example.com');
    await visitor.locator('#f-companyName').fill('Experiment Foods');
    await visitor.getByRole('button', { name: '送信する' }).click();
    await visitor.waitForURL(/\/contact-success$/);
    // The conversion lands on B's visit (the visit left by the published page in this tab).
    await expect
      .poll(
        async () => (await visits()).filter((v) => v.variationId === b.id && (v.goals & 2) !== 0).length,
        { timeout: 10_000 },
      )
      .toBe(1);
    await visitor.context().close();
  });
});
