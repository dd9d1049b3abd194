import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSite, siteDocument } from '../../apps/server/src/modules/sites/site-fixtures';
import { startProduct, type TProduct } from './harness';
import { signInAs } from './users-helpers';

// Tenant content on an origin of its own. The console (localhost) frames the draft from the
// sites origin (127.0.0.1), links there, and sends its old /sites/ addresses over.

let product: TProduct;
let siteId: string;
beforeAll(async () => {
  product = await startProduct();
  const doc = siteDocument({ name: 'Separate origin', rows: 1, columns: 2 });
  doc.content.JP!.creatives[0]!.mainText = '別のオリジンのページ';
  const site = await insertSite(product.database.db, {
    accountId: product.fixtures.accounts.company.id,
    doc,
    published: true,
  });
  siteId = site.id;
});
afterAll(async () => product?.close());

describe('published sites on their own origin', () => {
  it('previews, links and serves sites from the sites origin only', async () => {
    expect(new URL(product.sitesUrl).origin).not.toBe(new URL(product.baseUrl).origin);
    const page = await product.newPage();
    await signInAs(page, 'user@example.com', 'admin-user');
    await page.goto(`/admin-user/site/${siteId}`);
    await page.getByTestId('site-editor').waitFor();
    await page.getByTestId('site-preview').click();
    const frameEl = page.getByTestId('draft-preview-frame');
    await frameEl.waitFor();
    expect(new URL((await frameEl.getAttribute('src'))!).origin).toBe(product.sitesUrl);
    const frame = page.frameLocator('[data-testid="draft-preview-frame"]');
    await expect.poll(() => frame.locator('#A1 .mt').textContent()).toContain('別のオリジンのページ');

    // An old address on the console's origin lands on the sites origin.
    const visitor = await product.newPage({ phone: true });
    await visitor.goto(`${product.baseUrl}/sites/${siteId}`);
    expect(new URL(visitor.url()).origin).toBe(product.sitesUrl);
    await expect.poll(() => visitor.locator('#A1 .mt').textContent()).toContain('別のオリジンのページ');
    // The console is not there.
    const consoleThere = await visitor.goto(`${product.sitesUrl}/login`);
    expect(consoleThere?.status()).toBe(404);
    await page.context().close();
    await visitor.context().close();
  });
});
