import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteAssets, sites } from '../../apps/server/src/db/schema/sites';
import { insertSite } from '../../apps/server/src/modules/sites/site-fixtures';
import { startProduct, type TProduct } from './harness';
import { screenshot } from './screenshots';
import { horizontalOverflow, seriousAxeViolations, switchLanguage } from './ui';
import { signInAs } from './users-helpers';

// The create-site screen's gallery of starter sites: a company user
// (user@example.com, Hinode on Standard) picks one with the keyboard and lands in the editor on
// the new site; the gallery fits a phone, speaks the UI language, offers a blank site, and says
// why the plan refuses one more site.

let product: TProduct;
beforeAll(async () => {
  product = await startProduct();
});
afterAll(async () => product?.close());

async function openGallery(page: Page, language: string) {
  await signInAs(page, 'user@example.com', 'admin-user');
  await switchLanguage(page, language);
  await page.goto('/admin-user/create-site');
  await page.getByTestId('template-gallery').waitFor();
}

const companySites = () =>
  product.database.db.select().from(sites).where(eq(sites.accountId, product.fixtures.accounts.company.id));

describe('the template gallery', () => {
  it('makes a site from a template chosen with the keyboard and opens it in the editor', async () => {
    const page = await product.newPage({ locale: 'en-US' });
    await openGallery(page, 'English');
    // Six starter sites and the blank one, each with its preview (the first gallery draws them).
    await page.getByTestId('template-card-lead-magnet').waitFor({ timeout: 60_000 });
    expect(await page.locator('[data-testid^="template-card-"]').count()).toBe(7);
    const event = page.getByTestId('template-card-event');
    await expect(event.getByRole('heading', { name: 'Event' }).isVisible()).resolves.toBe(true);
    expect(await event.textContent()).toContain('4 pages');
    await expect
      .poll(
        () => event.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
        {
          timeout: 30_000,
        },
      )
      .toBeGreaterThan(0);
    await screenshot(page, 'site-templates-gallery');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Use the template “Event”' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/admin-user\/site\/[0-9a-f-]{36}$/, { timeout: 60_000 });
    await page.getByTestId('site-editor').waitFor();
    await expect
      .poll(() => page.getByTestId('site-editor').textContent())
      .toContain('Creative Summit Tokyo 2026');
    await screenshot(page, 'site-templates-created');

    // A draft of the company in its plan's one language (English, the console's), whose four
    // page images and popup thumbnail are the company's uploads.
    const [site] = (await companySites()).filter((s) => s.name === 'Creative Summit Tokyo 2026');
    expect(site).toMatchObject({ status: 'DRAFT', pages: 4, languages: ['EN'] });
    const assets = await product.database.db
      .select()
      .from(siteAssets)
      .where(eq(siteAssets.accountId, product.fixtures.accounts.company.id));
    expect(assets.map((a) => a.status)).toEqual(['READY', 'READY', 'READY', 'READY', 'READY']);
  });

  it('fits a phone in Japanese and leads to the blank editor', async () => {
    const page = await product.newPage({ phone: true });
    await openGallery(page, '日本語');
    await page
      .getByTestId('template-card-restaurant')
      .getByRole('heading', { name: '飲食店' })
      .waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('template-card-restaurant').textContent()).toContain('8ページ');
    // One column, nothing wider than the screen.
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'site-templates-phone');
    await page.getByTestId('template-blank').click();
    await page.getByTestId('site-editor').waitFor();
  });

  it('says why the plan refuses one more site, and stays on the gallery', async () => {
    // Standard allows three sites: fill them up.
    while ((await companySites()).length < 3)
      await insertSite(product.database.db, { accountId: product.fixtures.accounts.company.id });
    const page = await product.newPage({ locale: 'en-US' });
    await openGallery(page, 'English');
    await page.getByTestId('template-use-recruitment').click();
    await page.getByTestId('template-create-error').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('template-create-error').textContent()).toContain('up to 3 site(s)');
    expect(new URL(page.url()).pathname).toBe('/admin-user/create-site');
    expect(await companySites()).toHaveLength(3);
  });
});
