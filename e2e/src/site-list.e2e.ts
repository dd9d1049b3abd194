import { translate } from '@swipe/contracts/messages';
import { eq } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites } from '../../apps/server/src/db/schema/sites';
import { insertSite, siteDocument } from '../../apps/server/src/modules/sites/site-fixtures';
import { startProduct, type TProduct } from './harness';
import { screenshot } from './screenshots';
import { forcedClick, horizontalOverflow, switchLanguage } from './ui';
import { signInAs, toastText } from './users-helpers';

// The site list as a creator (user@example.com, a company user) and as a view-only sub-admin
// of the OEM above that company: search, status filter, CSV export, row actions, delete.

let product: TProduct;
/** user@example.com's signed-in browser context, shared by the creator's steps. */
let creator: BrowserContext;

const HINODE_SITES = [
  'Spring Campaign 2026',
  'Summer Sale LP',
  'Autumn Fair',
  'Winter Gift Guide',
  'Hinode Brand Story',
];

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

async function seedSites(p: TProduct) {
  const { db } = p.database;
  const { company, direct, kaede } = p.fixtures.accounts;
  const site = async (
    accountId: string,
    name: string,
    opts: {
      status: string;
      published?: boolean;
      rows?: number;
      columns?: number;
      languages?: ('JP' | 'EN' | 'KR' | 'CN')[];
    },
    extra: Partial<typeof sites.$inferInsert> = {},
  ) => {
    const row = await insertSite(db, {
      accountId,
      status: opts.status,
      published: opts.published,
      doc: siteDocument({ name, rows: opts.rows, columns: opts.columns, languages: opts.languages }),
    });
    if (Object.keys(extra).length) await db.update(sites).set(extra).where(eq(sites.id, row.id));
    return row;
  };
  // The list is ordered by the last update, newest first.
  await site(
    company.id,
    'Spring Campaign 2026',
    { status: 'PUBLISH', published: true, rows: 2, columns: 3, languages: ['JP', 'EN'] },
    { revision: 1, publishedAt: daysAgo(6), updatedAt: daysAgo(1) },
  );
  await site(
    company.id,
    'Summer Sale LP',
    { status: 'DRAFT', rows: 1, columns: 3 },
    { updatedAt: daysAgo(2) },
  );
  await site(
    company.id,
    'Winter Gift Guide',
    { status: 'DOMAIN_VERIFYING', published: true, rows: 2, columns: 2, languages: ['JP', 'EN', 'KR', 'CN'] },
    {
      customDomain: 'winter.hinode-foods.example',
      domainStatus: 'VERIFYING',
      publishedAt: daysAgo(3),
      updatedAt: daysAgo(3),
    },
  );
  await site(
    company.id,
    'Autumn Fair',
    { status: 'PRIVATE', published: true, rows: 1, columns: 4 },
    { publishedAt: daysAgo(40), updatedAt: daysAgo(9) },
  );
  await site(
    company.id,
    'Hinode Brand Story',
    { status: 'PUBLISH', published: true, rows: 3, columns: 1, languages: ['JP', 'EN'] },
    {
      customDomain: 'story.hinode-foods.example',
      domainStatus: 'VERIFIED',
      publishedAt: daysAgo(60),
      updatedAt: daysAgo(20),
    },
  );
  // Another company under the same OEM, and another tenant altogether.
  await site(
    kaede!.id,
    'Kaede Autumn Tours',
    { status: 'PUBLISH', published: true },
    { updatedAt: daysAgo(4) },
  );
  await site(direct.id, 'Aozora Skincare', { status: 'PUBLISH', published: true });
}

/** Opens the site list from the side menu (not by URL: the entry must be offered). */
async function openSiteList(page: Page) {
  await page.getByTestId('side-menu').getByTestId('menu-site-production').click();
  await page.getByTestId('site-list-page').waitFor();
  await settled(page);
}

/** Waits for rows or an empty state, whichever the list settles on. */
async function settled(page: Page) {
  await page
    .getByTestId('site-row')
    .first()
    .or(page.getByTestId('site-list-empty'))
    .or(page.getByTestId('site-list-no-results'))
    .waitFor();
}

/** The site names on screen once the list has settled after a search or filter. */
async function rowNames(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  return page
    .getByTestId('site-row')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-name') ?? ''));
}

const row = (page: Page, name: string) => page.locator(`[data-testid="site-row"][data-name="${name}"]`);

beforeAll(async () => {
  product = await startProduct();
  await seedSites(product);
  const page = await product.newPage();
  await signInAs(page, 'user@example.com', 'admin-user');
  creator = page.context();
  await page.close();
});
afterAll(async () => product?.close());

describe('site list', () => {
  it('lists the company’s sites, searches, filters by status and keeps both in the address', async () => {
    const page = await creator.newPage();
    await page.goto('/admin-user');
    await openSiteList(page);
    await expect.poll(() => page.locator('h1').innerText()).toBe('サイト一覧');
    // Newest update first; another tenant's site is never listed, nor another company's.
    expect(await rowNames(page)).toEqual([
      'Spring Campaign 2026',
      'Summer Sale LP',
      'Winter Gift Guide',
      'Autumn Fair',
      'Hinode Brand Story',
    ]);
    expect(await page.getByText('Aozora Skincare').count()).toBe(0);
    expect(await page.getByText('Kaede Autumn Tours').count()).toBe(0);

    // Each row shows its status, domain check and the unpublished draft changes.
    expect(await row(page, 'Winter Gift Guide').getByTestId('site-status').innerText()).toBe(
      'ドメイン確認中',
    );
    expect(await row(page, 'Winter Gift Guide').getByTestId('site-domain').innerText()).toContain(
      'winter.hinode-foods.example',
    );
    expect(
      await row(page, 'Winter Gift Guide').getByTestId('site-domain-state').getAttribute('data-state'),
    ).toBe('VERIFYING');
    expect(await row(page, 'Spring Campaign 2026').getByTestId('site-pending').count()).toBe(1);

    // Open: a new tab on the public address when live, otherwise inert with the reason.
    const open = row(page, 'Spring Campaign 2026').getByTestId('site-open');
    expect(await open.getAttribute('target')).toBe('_blank');
    expect(await open.getAttribute('href')).toMatch(/\/sites\/[0-9a-f-]{36}$/);
    const closed = row(page, 'Summer Sale LP').getByTestId('site-open');
    expect(await closed.getAttribute('aria-disabled')).toBe('true');
    await closed.hover();
    await page.getByRole('tooltip').filter({ hasText: 'サイトを公開すると開けるようになります。' }).waitFor();
    // Edit leads to the editor; analytics are offered once their screens exist.
    const editHref = await row(page, 'Summer Sale LP').getByTestId('site-edit').getAttribute('href');
    expect(editHref).toMatch(/^\/admin-user\/site\/[0-9a-f-]{36}$/);
    expect(await row(page, 'Summer Sale LP').getByTestId('site-analyze').count()).toBe(0);
    expect(await page.getByTestId('site-create').getAttribute('href')).toBe('/admin-user/create-site');
    await page.mouse.move(0, 0);
    await screenshot(page, 'site-list');

    await page.getByTestId('site-search').fill('winter');
    await expect.poll(() => rowNames(page)).toEqual(['Winter Gift Guide']);
    expect(page.url()).toMatch(/keyword=winter/);
    // The search covers the custom domain too.
    await page.getByTestId('site-search').fill('story.hinode');
    await expect.poll(() => rowNames(page)).toEqual(['Hinode Brand Story']);
    await page.getByTestId('site-filter-clear').click();
    await expect.poll(() => rowNames(page)).toHaveLength(5);

    await page.getByTestId('site-filter-status').selectOption('PUBLISH');
    await expect.poll(() => rowNames(page)).toEqual(['Spring Campaign 2026', 'Hinode Brand Story']);
    expect(page.url()).toMatch(/status=PUBLISH/);
    // Reload and back keep what the address says.
    await page.reload();
    await settled(page);
    expect(await rowNames(page)).toEqual(['Spring Campaign 2026', 'Hinode Brand Story']);
    expect(await page.getByTestId('site-filter-status').inputValue()).toBe('PUBLISH');

    // Nothing matches: the no-results state offers to clear the filters.
    await page.getByTestId('site-search').fill('summer');
    await page.getByTestId('site-list-no-results').waitFor();
    expect(page.url()).toMatch(/keyword=summer/);
    await screenshot(page, 'site-list-no-results');
    // A status change is a history entry: back returns to the previous filters.
    await page.getByTestId('site-filter-status').selectOption('DRAFT');
    await expect.poll(() => rowNames(page)).toEqual(['Summer Sale LP']);
    await page.goBack();
    await page.getByTestId('site-list-no-results').waitFor();
    expect(await page.getByTestId('site-filter-status').inputValue()).toBe('PUBLISH');
    expect(await page.getByTestId('site-search').inputValue()).toBe('summer');
    await page.getByTestId('empty-clear-filters').click();
    await expect.poll(() => rowNames(page)).toHaveLength(5);
    expect(await page.getByTestId('site-search').inputValue()).toBe('');
    expect(page.url()).toMatch(/\/admin-user\/site-list$/);

    await switchLanguage(page, 'English');
    await expect.poll(() => page.locator('h1').innerText()).toBe('Site List');
    expect(await row(page, 'Autumn Fair').getByTestId('site-status').innerText()).toBe('Unpublished');
    await page.mouse.move(0, 0);
    await screenshot(page, 'site-list-en');
    await switchLanguage(page, '日本語');
    await expect.poll(() => page.locator('h1').innerText()).toBe('サイト一覧');
    await page.close();
  });

  it('exports the filtered list as CSV with a BOM, under the server-chosen name', async () => {
    const page = await creator.newPage();
    await page.goto('/admin-user/site-list?keyword=spring');
    await expect.poll(() => rowNames(page)).toEqual(['Spring Campaign 2026']);
    const download = page.waitForEvent('download');
    await page.getByTestId('site-export').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^sites-\d{8}\.csv$/);
    const chunks: Buffer[] = [];
    for await (const c of await file.createReadStream()) chunks.push(c as Buffer);
    const bytes = Buffer.concat(chunks);
    // UTF-8 BOM, so that spreadsheet software reads the Japanese headers right.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = bytes.toString('utf8');
    expect(csv).toContain('サイト名');
    expect(csv).toContain('Spring Campaign 2026');
    expect(csv).not.toContain('Summer Sale LP');
    await page.close();
  });

  it('shows one account’s sites under /site/list/:accountId', async () => {
    const page = await creator.newPage();
    const companyId = product.fixtures.accounts.company.id;
    await page.goto(`/admin-user/site/list/${companyId}`);
    await settled(page);
    await expect
      .poll(() => page.getByTestId('site-list-scope-name').innerText())
      .toBe('Hinode Foods Inc. のサイトを表示しています');
    expect(await rowNames(page)).toHaveLength(5);
    expect(await page.getByTestId('site-create').getAttribute('href')).toBe(
      `/admin-user/create-site?account=${companyId}`,
    );
    await page.getByTestId('site-list-show-all').click();
    await page.waitForURL(/\/admin-user\/site-list$/);
    await expect.poll(() => page.getByTestId('site-list-scope').count()).toBe(0);

    await page.goto('/admin-user/site/list/not-an-account');
    await expect
      .poll(() => page.getByTestId('site-list-scope').innerText())
      .toContain('このアカウントは存在しないか');
    expect(await page.getByTestId('site-row').count()).toBe(0);
    await page.close();
  });

  it('looks right on a phone', async () => {
    const page = await creator.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/admin-user/site-list');
    await settled(page);
    expect(await rowNames(page)).toHaveLength(5);
    await screenshot(page, 'site-list');
    // Nothing is wider than the screen.
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await row(page, 'Summer Sale LP').getByTestId('site-delete').click();
    await page.getByTestId('delete-site-modal').waitFor();
    await screenshot(page, 'site-delete-confirm', { fullPage: false });
    await page.getByTestId('delete-site-cancel').click();
    await page.getByTestId('delete-site-modal').waitFor({ state: 'detached' });
    await page.close();
  });

  it('shows a view-only sub-admin and the platform the sites, with the write controls locked', async () => {
    const sub = await product.newPage();
    await signInAs(sub, 'sub@example.com', 'admin');
    await openSiteList(sub);
    // The OEM sees the sites of all its companies, with their account names.
    const names = await rowNames(sub);
    expect(names).toEqual(expect.arrayContaining([...HINODE_SITES, 'Kaede Autumn Tours']));
    expect(names).not.toContain('Aozora Skincare');
    expect(await row(sub, 'Kaede Autumn Tours').getByTestId('site-account').innerText()).toBe(
      'Kaede Travel Co.',
    );

    const remove = row(sub, 'Summer Sale LP').getByTestId('site-delete');
    expect(await remove.getAttribute('aria-disabled')).toBe('true');
    // Inert: a forced click is swallowed and opens nothing, and the tooltip says why.
    const click = await forcedClick(remove);
    expect(click.swallowed).toBe(true);
    expect(click.tooltip).toMatch(/閲覧|権限/);
    expect(await sub.getByTestId('delete-site-modal').count()).toBe(0);
    expect(await sub.getByTestId('site-create').getAttribute('aria-disabled')).toBe('true');
    expect(await row(sub, 'Summer Sale LP').getByTestId('site-edit').getAttribute('aria-disabled')).toBe(
      'true',
    );
    // Looking is not writing: the public address still opens.
    expect(
      await row(sub, 'Spring Campaign 2026').getByTestId('site-open').getAttribute('aria-disabled'),
    ).toBeNull();
    await screenshot(sub, 'site-list-view-only');
    await sub.context().close();

    const master = await product.newPage();
    await signInAs(master, 'master@example.com', 'master');
    await openSiteList(master);
    expect(await rowNames(master)).toEqual(expect.arrayContaining(['Aozora Skincare', ...HINODE_SITES]));
    expect(
      await row(master, 'Aozora Skincare').getByTestId('site-delete').getAttribute('aria-disabled'),
    ).toBe('true');
    await master.getByTestId('site-create').hover();
    await master
      .getByRole('tooltip')
      .filter({ hasText: 'プラットフォーム管理者はサイトの閲覧のみ可能です' })
      .waitFor();
    await master.context().close();
  });

  it('duplicates a site from its row into a draft copy opened in the editor, within the plan', async () => {
    // The company is past its Standard plan's 3 sites: the copy is refused with the plan's message.
    const full = await creator.newPage();
    await full.goto('/admin-user');
    await openSiteList(full);
    await row(full, 'Summer Sale LP').getByTestId('site-duplicate').click();
    await full.getByTestId('duplicate-site-modal').waitFor();
    await full.getByTestId('duplicate-site-confirm').click();
    await expect.poll(() => toastText(full)).toBe(translate('plans.siteLimitReached', 'ja', { limit: 3 }));
    expect(full.url()).toMatch(/\/admin-user\/site-list$/);
    await full.close();

    const page = await product.newPage();
    await signInAs(page, 'direct@example.com', 'master-user');
    await openSiteList(page);
    await row(page, 'Aozora Skincare').getByTestId('site-duplicate').click();
    const modal = page.getByTestId('duplicate-site-modal');
    expect(await modal.innerText()).toContain('「Aozora Skincare」のコピー');
    await page.getByTestId('duplicate-site-confirm').click();
    await page.waitForURL(/\/master-user\/site\/[0-9a-f-]{36}$/);
    await expect.poll(() => toastText(page)).toBe(translate('sites.duplicated', 'ja'));
    const id = page.url().split('/').pop()!;
    await page.getByTestId('site-editor').waitFor();
    expect(await page.getByTestId('site-status').textContent()).toBe('下書き');
    const [copy] = await product.database.db.select().from(sites).where(eq(sites.id, id));
    expect(copy).toMatchObject({ name: 'Aozora Skincare（コピー）', status: 'DRAFT', published: null });

    // The copy has no image yet: the pre-publish check names the language before anything is sent.
    await page.getByTestId('site-publish').click();
    const empty = page.getByTestId('pre-publish-emptyLanguage').getByTestId('pre-publish-finding');
    expect(await empty.getAttribute('data-path')).toBe('content.JP.creatives');
    expect(await page.getByTestId('confirm-save').isDisabled()).toBe(true);
    await empty.getByRole('button').click();
    await page.getByTestId('page-tile-A1').waitFor();
    await page.context().close();
  });

  it('deletes a site after confirming it, and shows the empty state once none is left', async () => {
    const page = await creator.newPage();
    await page.goto('/admin-user');
    await openSiteList(page);

    // Cancelled first: nothing happens.
    await row(page, 'Summer Sale LP').getByTestId('site-delete').click();
    const modal = page.getByTestId('delete-site-modal');
    await modal.waitFor();
    expect(await modal.getByTestId('delete-site-name').innerText()).toBe('「Summer Sale LP」を削除します。');
    expect(await modal.innerText()).toContain('訪問者からは直ちに見えなくなります');
    await screenshot(page, 'site-delete-confirm', { fullPage: false });
    await page.getByTestId('delete-site-cancel').click();
    await modal.waitFor({ state: 'detached' });
    expect(await rowNames(page)).toContain('Summer Sale LP');

    await row(page, 'Summer Sale LP').getByTestId('site-delete').click();
    await page.getByTestId('delete-site-confirm').click();
    await expect.poll(() => toastText(page)).toBe(translate('sites.deleted', 'ja'));
    await expect.poll(() => rowNames(page)).not.toContain('Summer Sale LP');
    expect(await rowNames(page)).toHaveLength(4);

    for (const name of HINODE_SITES.filter((n) => n !== 'Summer Sale LP')) {
      await row(page, name).getByTestId('site-delete').click();
      await page.getByTestId('delete-site-confirm').click();
      await modal.waitFor({ state: 'detached' });
      await expect.poll(() => rowNames(page)).not.toContain(name);
    }

    // No sites yet: the creator is invited to create one.
    await page.getByTestId('site-list-empty').waitFor();
    expect(await page.getByTestId('empty-create').getAttribute('href')).toBe('/admin-user/create-site');
    expect(await page.getByTestId('site-list-total').count()).toBe(0);
    await page.mouse.move(0, 0);
    await screenshot(page, 'site-list-empty');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'site-list-empty');
    await page.close();
  });
});
