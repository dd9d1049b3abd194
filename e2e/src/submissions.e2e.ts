import { translate } from '@swipe/contracts/messages';
import { eq } from 'drizzle-orm';
import type { BrowserContext, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ja from '../../apps/console/src/i18n/ja.json';
import { siteMembers } from '../../apps/server/src/db/schema/visitors';
import { insertSite, siteDocument } from '../../apps/server/src/modules/sites/site-fixtures';
import {
  insertMember,
  insertSubmission,
} from '../../apps/server/src/modules/submissions/submission-fixtures';
import { parseCsv } from '../../apps/server/src/test/csv-parse';
import { startProduct, type TProduct } from './harness';
import { screenshot } from './screenshots';
import { forcedClick, horizontalOverflow } from './ui';
import { signInAs, toastText } from './users-helpers';

// The per-site lists of members, contacts and homepage forms: a creator (user@example.com)
// opens each list from the site list's row actions, searches, filters by date, reads a detail,
// exports the CSV and deletes a member; a view-only sub-admin reads but cannot delete; phones
// get cards.

let product: TProduct;
let creator: BrowserContext;
let siteId: string;

const SITE = 'Hinode Autumn Fair';
/** An instant given as a JST wall-clock time. */
const jst = (local: string) => new Date(`${local}+09:00`);
const ADDRESS = 'Tokyo, "Shibuya"\n<b>Floor 3</b>';

async function seed(p: TProduct) {
  const { db } = p.database;
  const site = await insertSite(db, {
    accountId: p.fixtures.accounts.company.id,
    published: true,
    doc: siteDocument({ name: SITE, languages: ['JP', 'EN'] }),
  });
  siteId = site.id;
  const member = (email: string, day: string, data: { title: string; value: string }[], extra = {}) =>
    insertMember(db, { siteId, email, createdAt: jst(`${day}T10:00:00`), data, ...extra });
  await member('aiko.yamada@example.jp', '2026-03-01', [
    { title: 'お名前', value: '山田 愛子' },
    { title: 'ご住所', value: ADDRESS },
  ]);
  await member(
    'ben.carter@example.com',
    '2026-03-05',
    [
      { title: 'お名前', value: 'Ben Carter' },
      { title: 'ご住所', value: '=1+1' },
    ],
    { lang: 'EN', lastLoginAt: jst('2026-03-06T08:00:00') },
  );
  await member('chika.sato@example.jp', '2026-03-10', [{ title: 'お名前', value: '佐藤 千佳' }], {
    status: 'PENDING',
  });
  await member('daisuke.ito@example.jp', '2026-03-12', [{ title: 'お名前', value: '伊藤 大輔' }]);

  const contact = (email: string, day: string, companyName: string, message: string) =>
    insertSubmission(db, {
      siteId,
      kind: 'CONTACT',
      email,
      companyName,
      createdAt: jst(`${day}T15:30:00`),
      data: [
        { title: '会社名', value: companyName },
        { title: 'お問い合わせ内容', value: message },
      ],
    });
  await contact(
    'buyer@minato.example',
    '2026-04-01',
    '株式会社みなと商店',
    '業務用の価格表をください。\n月20箱の予定です。',
  );
  await contact('hello@greenbowl.example', '2026-04-03', 'Green Bowl, Inc.', 'Do you ship to Singapore?');
  await contact('kana@example.jp', '2026-04-08', '', 'のし対応はできますか？');
  await insertSubmission(db, {
    siteId,
    kind: 'HOMEPAGE',
    email: 'tomoko.abe@example.jp',
    companyName: '阿部食堂',
    mode: 'catalogue',
    createdAt: jst('2026-04-05T09:00:00'),
    data: [
      { title: '会社名', value: '阿部食堂' },
      { title: 'ご希望の資料', value: '秋冬カタログ' },
    ],
  });
  // Another tenant's site and member: never shown.
  const other = await insertSite(db, { accountId: p.fixtures.accounts.direct.id, published: true });
  await insertMember(db, { siteId: other.id, email: 'not-yours@example.com' });
}

beforeAll(async () => {
  product = await startProduct();
  await seed(product);
  const page = await product.newPage();
  await signInAs(page, 'user@example.com', 'admin-user');
  creator = page.context();
  await page.close();
});
afterAll(async () => product?.close());

/** Waits for rows or an empty state, then the emails on screen once the list has settled. */
async function rowEmails(page: Page): Promise<string[]> {
  await page
    .getByTestId('submission-row')
    .first()
    .or(page.getByTestId('submission-list-empty'))
    .or(page.getByTestId('submission-list-no-results'))
    .waitFor();
  await page.waitForLoadState('networkidle');
  return page
    .getByTestId('submission-row')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-email') ?? ''));
}

const row = (page: Page, email: string) =>
  page.locator(`[data-testid="submission-row"][data-email="${email}"]`);

/** From the site list, the site's row actions menu, then one of its visitor lists. */
async function openFromSiteList(page: Page, item: 'members' | 'contacts' | 'forms') {
  await page.goto('/admin-user/site-list');
  const siteRow = page.locator(`[data-testid="site-row"][data-name="${SITE}"]`);
  const trigger = siteRow.getByTestId('site-visitors');
  expect(await trigger.getAttribute('aria-label')).toBe(`「${SITE}」の訪問者データ`);
  await trigger.click();
  await page
    .getByRole('menuitem')
    .filter({ hasText: /会員一覧|お問い合わせ一覧|フォーム送信一覧/ })
    .first()
    .waitFor();
  if (item === 'members') await screenshot(page, 'submissions-site-menu', { fullPage: false });
  // Every list of the site is offered, surveys included.
  expect(await page.getByTestId('site-surveys').getAttribute('href')).toBe(
    `/admin-user/site-survey/${siteId}`,
  );
  await page.getByTestId(`site-${item}`).click();
  await page.getByTestId('submission-list-page').waitFor();
}

async function csvOf(download: Download) {
  const chunks: Buffer[] = [];
  for await (const c of await download.createReadStream()) chunks.push(c as Buffer);
  const bytes = Buffer.concat(chunks);
  return { bytes, rows: parseCsv(bytes.toString('utf8').replace(/^\uFEFF/, '')) };
}

describe('site visitor lists', () => {
  it('lists the members, searches, filters by date and shows every answer as plain text', async () => {
    const page = await creator.newPage();
    await openFromSiteList(page, 'members');
    expect(page.url()).toMatch(new RegExp(`/admin-user/site-member/${siteId}$`));
    await expect.poll(() => page.getByTestId('submission-site-name').innerText()).toBe(SITE);
    expect(await page.locator('h1').innerText()).toBe('会員一覧');
    expect(await page.title()).toContain(SITE);
    // Newest first; another tenant's member never shows.
    expect(await rowEmails(page)).toEqual([
      'daisuke.ito@example.jp',
      'chika.sato@example.jp',
      'ben.carter@example.com',
      'aiko.yamada@example.jp',
    ]);
    expect(await row(page, 'chika.sato@example.jp').getByTestId('member-status').innerText()).toBe('仮登録');
    expect(await row(page, 'aiko.yamada@example.jp').getByTestId('member-status').innerText()).toBe('本登録');
    expect(await page.getByTestId('tab-member').getAttribute('aria-current')).toBe('page');
    await page.mouse.move(0, 0);
    await screenshot(page, 'submissions-members');

    // The keyword covers answers too, and stays in the address.
    await page.getByTestId('submission-search').fill('佐藤');
    await expect.poll(() => rowEmails(page)).toEqual(['chika.sato@example.jp']);
    expect(decodeURIComponent(page.url())).toMatch(/keyword=佐藤/);
    await page.getByTestId('submission-search').fill('');
    await expect.poll(() => rowEmails(page)).toHaveLength(4);

    // JST days, both ends included.
    await page.getByTestId('submission-filter-from').fill('2026-03-05');
    await expect.poll(() => rowEmails(page)).toHaveLength(3);
    await page.getByTestId('submission-filter-to').fill('2026-03-10');
    await expect.poll(() => rowEmails(page)).toEqual(['chika.sato@example.jp', 'ben.carter@example.com']);
    expect(page.url()).toMatch(/from=2026-03-05&to=2026-03-10/);
    await page.reload();
    expect(await rowEmails(page)).toEqual(['chika.sato@example.jp', 'ben.carter@example.com']);
    expect(await page.getByTestId('submission-filter-from').inputValue()).toBe('2026-03-05');
    // A range that runs backwards says so.
    await page.getByTestId('submission-filter-to').fill('2026-03-01');
    await page.getByText('終了日が開始日より前になっています。').waitFor();
    await page.getByTestId('submission-list-no-results').waitFor();
    await page.getByTestId('empty-clear-filters').click();
    await expect.poll(() => rowEmails(page)).toHaveLength(4);
    expect(page.url()).toMatch(new RegExp(`/site-member/${siteId}$`));

    // The detail lists every answer; the visitor's markup is text, its line break kept.
    await row(page, 'aiko.yamada@example.jp').getByTestId('row-details').click();
    const detail = page.getByTestId('submission-detail');
    await detail.waitFor();
    expect(await page.getByTestId('detail-email').innerText()).toBe('aiko.yamada@example.jp');
    const values = await detail.getByTestId('detail-answer-value').allInnerTexts();
    expect(values).toEqual(['山田 愛子', ADDRESS]);
    expect(await detail.locator('b').count()).toBe(0);
    await screenshot(page, 'submissions-member-detail', { fullPage: false });
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });
    await page.close();
  });

  it('exports the filtered members as CSV with a BOM, headers in Japanese', async () => {
    const page = await creator.newPage();
    await page.goto(`/admin-user/site-member/${siteId}?from=2026-03-05`);
    expect(await rowEmails(page)).toHaveLength(3);
    const download = page.waitForEvent('download');
    await page.getByTestId('submission-export').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^site-members-\d{8}\.csv$/);
    const { bytes, rows } = await csvOf(file);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(rows[0]).toEqual([
      '登録日時（日本時間）',
      'メールアドレス',
      '言語',
      'ステータス',
      '本登録日時（日本時間）',
      '最終ログイン（日本時間）',
      'お名前',
      'ご住所',
    ]);
    expect(rows.slice(1).map((r) => r[1])).toEqual([
      'daisuke.ito@example.jp',
      'chika.sato@example.jp',
      'ben.carter@example.com',
    ]);
    const ben = rows.find((r) => r[1] === 'ben.carter@example.com')!;
    expect(ben).toEqual([
      '2026/03/05 10:00',
      'ben.carter@example.com',
      '英語',
      '本登録',
      '2026/03/05 10:00',
      '2026/03/06 08:00',
      'Ben Carter',
      "'=1+1",
    ]);
    await page.close();
  });

  it('lists contacts and homepage forms, with details and CSV', async () => {
    const page = await creator.newPage();
    await openFromSiteList(page, 'contacts');
    expect(page.url()).toMatch(new RegExp(`/admin-user/site-contact/${siteId}$`));
    expect(await page.locator('h1').innerText()).toBe('お問い合わせ一覧');
    expect(await rowEmails(page)).toEqual([
      'kana@example.jp',
      'hello@greenbowl.example',
      'buyer@minato.example',
    ]);
    expect(await row(page, 'buyer@minato.example').getByTestId('row-company').innerText()).toBe(
      '株式会社みなと商店',
    );
    await page.mouse.move(0, 0);
    await screenshot(page, 'submissions-contacts');

    await page.getByTestId('submission-search').fill('みなと');
    await expect.poll(() => rowEmails(page)).toEqual(['buyer@minato.example']);
    await row(page, 'buyer@minato.example').getByTestId('row-email').click();
    const detail = page.getByTestId('submission-detail');
    await detail.waitFor();
    expect(await detail.getByTestId('detail-answer-value').allInnerTexts()).toEqual([
      '株式会社みなと商店',
      '業務用の価格表をください。\n月20箱の予定です。',
    ]);
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });

    const download = page.waitForEvent('download');
    await page.getByTestId('submission-export').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^site-contacts-\d{8}\.csv$/);
    const { bytes, rows } = await csvOf(file);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(rows).toEqual([
      ['受信日時（日本時間）', 'メールアドレス', '会社名', '言語', '会社名', 'お問い合わせ内容'],
      [
        '2026/04/01 15:30',
        'buyer@minato.example',
        '株式会社みなと商店',
        '日本語',
        '株式会社みなと商店',
        '業務用の価格表をください。\n月20箱の予定です。',
      ],
    ]);

    // The tabs lead to the homepage forms of the same site.
    await page.getByTestId('tab-form').click();
    await page.waitForURL(new RegExp(`/admin-user/site-form/${siteId}$`));
    await expect.poll(() => page.locator('h1').innerText()).toBe('フォーム送信一覧');
    await expect.poll(() => rowEmails(page)).toEqual(['tomoko.abe@example.jp']);
    await row(page, 'tomoko.abe@example.jp').getByTestId('row-details').click();
    await page.getByTestId('submission-detail').getByText('catalogue').waitFor();
    await page.keyboard.press('Escape');
    await page.close();
  });

  it('deletes a member after confirming, which signs it out', async () => {
    const page = await creator.newPage();
    await page.goto(`/admin-user/site-member/${siteId}`);
    expect(await rowEmails(page)).toHaveLength(4);

    // Cancelled first: nothing happens.
    await row(page, 'daisuke.ito@example.jp').getByTestId('member-delete').click();
    const modal = page.getByTestId('delete-member-modal');
    await modal.waitFor();
    expect(await modal.getByTestId('delete-member-name').innerText()).toBe(
      '会員「daisuke.ito@example.jp」を削除します。',
    );
    await screenshot(page, 'submissions-member-delete', { fullPage: false });
    await page.getByTestId('delete-member-cancel').click();
    await modal.waitFor({ state: 'detached' });
    expect(await rowEmails(page)).toContain('daisuke.ito@example.jp');

    // From the detail this time.
    await row(page, 'daisuke.ito@example.jp').getByTestId('row-details').click();
    await page.getByTestId('detail-delete').click();
    await modal.waitFor();
    await page.getByTestId('delete-member-confirm').click();
    await expect.poll(() => toastText(page)).toBe(translate('visitors.memberDeleted', 'ja'));
    await expect.poll(() => rowEmails(page)).not.toContain('daisuke.ito@example.jp');
    expect(await rowEmails(page)).toHaveLength(3);
    const left = await product.database.db
      .select()
      .from(siteMembers)
      .where(eq(siteMembers.email, 'daisuke.ito@example.jp'));
    expect(left).toHaveLength(0);
    await page.close();
  });

  it('shows a view-only sub-admin the lists with deleting locked', async () => {
    const sub = await product.newPage();
    await signInAs(sub, 'sub@example.com', 'admin');
    await sub.goto(`/admin/site-member/${siteId}`);
    expect(await rowEmails(sub)).toHaveLength(3);
    const remove = row(sub, 'aiko.yamada@example.jp').getByTestId('member-delete');
    expect(await remove.getAttribute('aria-disabled')).toBe('true');
    // Inert: a forced click is swallowed and opens nothing, and the tooltip says why.
    const click = await forcedClick(remove);
    expect(click.swallowed).toBe(true);
    expect(click.tooltip).toBe(ja.layout.viewOnlyReason);
    expect(await sub.getByTestId('delete-member-modal').count()).toBe(0);
    await sub.context().close();
  });

  it('says when a site is not the caller’s, and what will appear in an empty list', async () => {
    const page = await creator.newPage();
    const other = await insertSite(product.database.db, { accountId: product.fixtures.accounts.direct.id });
    await page.goto(`/admin-user/site-contact/${other.id}`);
    await page.getByTestId('submission-site-missing').waitFor();
    expect(await page.getByTestId('submission-row').count()).toBe(0);

    const empty = await insertSite(product.database.db, {
      accountId: product.fixtures.accounts.company.id,
      doc: siteDocument({ name: 'Quiet Site' }),
    });
    await page.goto(`/admin-user/site-member/${empty.id}`);
    await page.getByTestId('submission-list-empty').waitFor();
    expect(await page.getByTestId('submission-list-empty').innerText()).toContain('会員登録フォーム');
    await page.mouse.move(0, 0);
    await screenshot(page, 'submissions-empty');
    await page.close();
  });

  it('looks right on a phone', async () => {
    const page = await creator.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await openFromSiteList(page, 'members');
    expect(await rowEmails(page)).toHaveLength(3);
    await screenshot(page, 'submissions-members');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await row(page, 'aiko.yamada@example.jp').getByTestId('row-details').click();
    await page.getByTestId('submission-detail').waitFor();
    await screenshot(page, 'submissions-member-detail', { fullPage: false });
    await page.keyboard.press('Escape');

    await page.getByTestId('tab-contact').click();
    await page.waitForURL(new RegExp(`/site-contact/${siteId}$`));
    // The member cards may still be on screen for a moment: wait for the contacts.
    await expect
      .poll(() => rowEmails(page))
      .toEqual(['kana@example.jp', 'hello@greenbowl.example', 'buyer@minato.example']);
    await screenshot(page, 'submissions-contacts');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.close();
  });
});
