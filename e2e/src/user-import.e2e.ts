import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../apps/server/src/seed/seed';
import { signIn, startProduct, type TProduct } from './harness';
import { screenshot } from './screenshots';
import { horizontalOverflow, sessionToken, switchLanguage } from './ui';
import { waitForLanding } from './users-helpers';

// Contract dates lie in the future whenever the tests run (an end date must not be past).
const Y = new Date().getUTCFullYear() + 1;

// CSV import of users, as a master does it: template, a file with a bad row, then a Shift_JIS
// file of 50 users saved by Excel, imported at once; every new user gets a mail.

const SJIS_FIXTURE = path.resolve(
  import.meta.dirname,
  '../../apps/server/src/modules/user-import/fixtures/users-50-shift-jis.csv',
);

const BAD_CSV = [
  'kind,company_name,email,contact_name,plan_code,contract_start,contract_end',
  `direct_user,Good Co.,good-row@example.com,Good Person,standard,${Y}-04-01,${Y + 1}-03-31`,
  `direct_user,Broken Co.,not-an-email,Broken Person,standard,${Y}-04-01,${Y + 1}-03-31`,
  'direct_user,Other Co.,other-row@example.com,Other Person,premium_multi,2026/4/1,2027/3/31',
].join('\r\n');

let product: TProduct;
beforeAll(async () => {
  product = await startProduct();
});
afterAll(async () => product?.close());

async function openImport(page: Page) {
  await signIn(page, 'master@example.com', DEMO_PASSWORD);
  await waitForLanding(page, 'master');
  await page.goto('/master/user-list');
  await page.getByTestId('user-import-link').click();
  await page.waitForURL(/\/master\/user-import$/);
  await page.getByTestId('user-import-page').waitFor();
}

async function uploadBadFile(page: Page) {
  await page
    .getByTestId('import-file-input')
    .setInputFiles({ name: 'users-bad.csv', mimeType: 'text/csv', buffer: Buffer.from(BAD_CSV) });
  await page.getByTestId('import-has-errors').waitFor();
}

describe('CSV import of users', () => {
  it('downloads the template, shows row errors, then imports 50 Shift_JIS users with a mail each', async () => {
    const page = await product.newPage();
    await openImport(page);

    // The template: UTF-8 with BOM, headed in the UI language (ja).
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('import-template').click(),
    ]);
    const template = fs.readFileSync(await download.path());
    expect([...template.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(template.toString('utf8')).toContain('アカウント種別,会社名,メールアドレス');

    // The browser refuses what is not a .csv before uploading anything.
    await page
      .getByTestId('import-file-input')
      .setInputFiles({ name: 'users.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from('PK') });
    await expect.poll(() => page.getByTestId('import-file-error').innerText()).toContain('CSV');

    // A bad row: its line and message are shown and the import cannot start.
    await uploadBadFile(page);
    expect(await page.getByTestId('import-invalid-count').innerText()).toBe('1');
    expect(await page.getByTestId('import-valid-count').innerText()).toBe('2');
    const badRow = page.getByTestId('import-row-3');
    expect(await badRow.innerText()).toContain('メールアドレスの形式が正しくありません。');
    expect(await page.getByTestId('import-submit').isDisabled()).toBe(true);
    console.info(await screenshot(page, 'user-import-errors'));

    // On a phone, in English: the server words the row errors in the UI language.
    const phone = await product.newPage({ phone: true });
    await openImport(phone);
    await switchLanguage(phone, 'English');
    await uploadBadFile(phone);
    expect(await phone.getByTestId('import-row-3').innerText()).toContain('Invalid email address.');
    expect(await phone.getByTestId('import-submit').isDisabled()).toBe(true);
    // Nothing on the page is wider than the phone.
    expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);
    console.info(await screenshot(phone, 'user-import-errors'));
    await phone.context().close();

    // The fixed Shift_JIS file (as Excel saves it in Japan): 50 valid rows.
    const mailsBefore = product.mail.mails.length;
    await page.getByTestId('import-file-input').setInputFiles(SJIS_FIXTURE);
    await page.getByTestId('import-all-valid').waitFor();
    expect(await page.getByTestId('import-valid-count').innerText()).toBe('50');
    expect(await page.getByTestId('import-encoding').innerText()).toContain('Shift_JIS');
    expect(await page.getByTestId('import-row-2').innerText()).toContain('株式会社ひので食品 第1営業所');
    console.info(await screenshot(page, 'user-import-valid'));

    await page.getByTestId('import-submit').click();
    expect(await page.getByTestId('import-confirm-text').innerText()).toContain('50');
    await page.getByTestId('import-confirm').click();
    await page.getByTestId('import-done').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('import-done-message').innerText()).toContain('50');

    // The user list API shows them, and each got its welcome mail through SMTP.
    const accessToken = await sessionToken(page);
    const res = await fetch(`${product.baseUrl}/api/users?keyword=sjis-user&page_size=100`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    const list = (await res.json()) as { meta: { total: number }; data: { email: string }[] };
    expect(list.meta.total).toBe(50);
    await expect
      .poll(
        () =>
          product.mail.mails.slice(mailsBefore).filter((m) => m.to.some((to) => to.startsWith('sjis-user')))
            .length,
        {
          timeout: 60_000,
        },
      )
      .toBe(50);

    // Back to the list from the success card.
    await page.getByTestId('import-done-list').click();
    await page.waitForURL(/\/master\/user-list$/);
    await page.context().close();
  });

  it('lets a view-only sub-admin check a file but not import it', async () => {
    const page = await product.newPage();
    await signIn(page, 'sub@example.com', DEMO_PASSWORD);
    await waitForLanding(page, 'admin');
    await page.goto('/admin/user-import');
    await page.getByTestId('import-view-only').waitFor();
    const csv = [
      'kind,company_name,email,contact_name,plan_code,contract_start,contract_end',
      `user,View Only Co.,view-only@example.com,Someone,standard,${Y}-04-01,${Y + 1}-03-31`,
    ].join('\n');
    await page
      .getByTestId('import-file-input')
      .setInputFiles({ name: 'one.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByTestId('import-all-valid').waitFor();
    expect(await page.getByTestId('import-submit').isDisabled()).toBe(true);
    await page.context().close();
  });
});
