import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteMembers, siteSubmissions } from '../../apps/server/src/db/schema/visitors';
import { insertSite } from '../../apps/server/src/modules/sites/site-fixtures';
import { startProduct, type TProduct } from './harness';
import { screenshot } from './screenshots';

// The visitor screens on a phone: register -> the confirmation mail caught by a real SMTP
// server -> confirm -> sign in -> the members-only page opens; the contact and homepage forms
// with a validation error, then success; a survey answered with its score; a form with
// JavaScript off.

let product: TProduct;
let siteId: string;

beforeAll(async () => {
  product = await startProduct({ demoSite: true });
  const doc = structuredClone(product.demoSite!.published!);
  const jp = doc.content.JP!;
  jp.creatives[1]!.membersOnlyLock = true;
  jp.creatives[1]!.mainText = '会員だけの特別価格';
  jp.forms.MEMBERSHIP_SETTING.push({
    typeInput: 'TEXT_BOX',
    title: 'お名前',
    isRequired: true,
    placeholder: '山田 太郎',
    options: [],
    builtIn: null,
  });
  const en = doc.content.EN!;
  en.forms.CONTACT_SETTING.push({
    typeInput: 'SELECT',
    title: 'Topic',
    isRequired: true,
    placeholder: '',
    options: [{ value: 'Prices' }, { value: 'Delivery' }],
    builtIn: null,
  });
  en.company.agreementRequired = true;
  en.company.showInForm = true;
  en.company.showInContact = false;
  en.company.termsOfService = 'Be kind.';
  en.company.privacyPolicy = 'We keep your email safe.';
  const site = await insertSite(product.database.db, {
    accountId: product.fixtures.accounts.company.id,
    doc: { ...doc, domain: { customDomain: '', customPath: '' } },
    published: true,
  });
  siteId = site.id;
});
afterAll(async () => product?.close());

const errorOf = (page: Page, key: string) => page.locator(`#e-${key}`);

describe('member registration', () => {
  it('registers, confirms by mail, signs in and opens the members-only page', async () => {
    const page = await product.newPage({ phone: true, touch: true });
    await page.goto(`/sites/${siteId}/#B1`);
    await page.locator('#B1 .lk').getByRole('link', { name: '会員登録' }).click();
    await page.waitForURL(/\/register$/);
    expect(await page.locator('h1').textContent()).toBe('会員登録');

    // Nothing filled: every required field says so, in Japanese.
    await page.getByRole('button', { name: '登録する' }).click();
    await page.waitForURL(/\/register$/);
    expect(await errorOf(page, 'email').textContent()).toBe('この項目は必須です。');
    expect(await errorOf(page, 'f3').textContent()).toBe('この項目は必須です。');

    await page.locator('#f-email').fill('taro@');
    await page.locator('#f-password').fill('Visit@2026');
    await page.locator('#f-confirmPassword').fill('Visit@2027');
    await page.locator('#f-f3').fill('山田 太郎');
    await page.getByRole('button', { name: '登録する' }).click();
    expect(await errorOf(page, 'email').textContent()).toBe('メールアドレスの形式が正しくありません。');
    expect(await errorOf(page, 'confirmPassword').textContent()).toBe(
      'パスワードが一致しません。もう一度お試しください。',
    );
    // What was typed is kept, except the passwords.
    expect(await page.locator('#f-f3').inputValue()).toBe('山田 太郎');
    expect(await page.locator('#f-password').inputValue()).toBe('');
    await screenshot(page, 'visitor-register-errors', { fullPage: true });

    const since = product.mail.mails.length;
    await page.locator('#f-email').fill('taro@example.com');
    await page.locator('#f-password').fill('Visit@2026');
    await page.locator('#f-confirmPassword').fill('Visit@2026');
    await page.getByRole('button', { name: '登録する' }).click();
    await page.waitForURL(/\/register-success$/);
    expect(await page.locator('h1').textContent()).toBe('仮登録が完了しました');

    const mail = await product.mail.waitFor('taro@example.com', since);
    const link = /https?:\/\/\S+\/register-confirm\?token=[\w-]+/.exec(mail.text)?.[0];
    expect(link, mail.text).toBeTruthy();
    // Not a member until confirmed: signing in is refused like a wrong password.
    const [pending] = await product.database.db
      .select()
      .from(siteMembers)
      .where(eq(siteMembers.siteId, siteId));
    expect(pending?.status).toBe('PENDING');

    await page.goto(link!);
    await page.getByRole('button', { name: '登録を完了する' }).click();
    expect(await page.locator('h1').textContent()).toBe('会員登録が完了しました');
    await page.getByRole('link', { name: 'ログインする' }).click();

    await page.locator('#f-email').fill('taro@example.com');
    await page.locator('#f-password').fill('wrong-Pass1@');
    await page.getByRole('button', { name: 'ログイン', exact: true }).click();
    expect(await page.getByRole('alert').textContent()).toContain(
      'ログインIDまたはパスワードが正しくありません',
    );
    await page.locator('#f-password').fill('Visit@2026');
    await page.getByRole('button', { name: 'ログイン', exact: true }).click();
    await page.waitForURL(new RegExp(`/sites/${siteId}/`));
    await page.goto(`/sites/${siteId}/#B1`);
    expect(await page.locator('#B1').textContent()).toContain('会員だけの特別価格');
    expect(await page.locator('#B1 .lk').count()).toBe(0);
    await screenshot(page, 'visitor-member-unlocked', { fullPage: false });

    // Signing out closes the page again.
    await page.goto(`/sites/${siteId}/login`);
    await page.getByRole('button', { name: 'ログアウト' }).click();
    await page.goto(`/sites/${siteId}/#B1`);
    expect(await page.content()).not.toContain('会員だけの特別価格');
    await page.context().close();
  });
});

describe('contact and homepage forms', () => {
  it('refuses a bad email with the message next to the field, then sends', async () => {
    const page = await product.newPage({ phone: true, touch: true });
    await page.goto(`/sites/${siteId}/en/contact`);
    expect(await page.locator('h1').textContent()).toBe('Contact us');
    await page.locator('#f-email').fill('hanako@example');
    await page.locator('#f-companyName').fill('Hanako Foods');
    await page.locator('#f-f2').selectOption('Delivery');
    await page.getByRole('button', { name: 'Send' }).click();
    expect(await errorOf(page, 'email').textContent()).toBe('Invalid email address.');
    expect(await page.locator('#f-companyName').inputValue()).toBe('Hanako Foods');
    await screenshot(page, 'visitor-contact-error', { fullPage: true });
    await page.locator('#f-email').fill('hanako@example.com');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.waitForURL(/\/en\/contact-success$/);
    expect(await page.locator('main').textContent()).toContain('within 24 hours');
    await screenshot(page, 'visitor-contact-success', { fullPage: true });
    const rows = await product.database.db
      .select()
      .from(siteSubmissions)
      .where(eq(siteSubmissions.siteId, siteId));
    expect(rows.filter((r) => r.kind === 'CONTACT')).toHaveLength(1);
    expect(rows[0]!.data).toContainEqual({ title: 'Topic', value: 'Delivery' });
    // A double click sends one submission.
    await page.goto(`/sites/${siteId}/en/contact`);
    await page.locator('#f-email').fill('jiro@example.com');
    await page.locator('#f-companyName').fill('Jiro Ltd.');
    await page.locator('#f-f2').selectOption('Prices');
    await page.getByRole('button', { name: 'Send' }).dblclick();
    await page.waitForURL(/\/en\/contact-success$/);
    const after = await product.database.db
      .select()
      .from(siteSubmissions)
      .where(eq(siteSubmissions.siteId, siteId));
    expect(after.filter((r) => r.email === 'jiro@example.com')).toHaveLength(1);
    await page.context().close();
  });

  it('asks for the agreement on the homepage form, with JavaScript off', async () => {
    const page = await product.newPage({ phone: true, javaScriptEnabled: false });
    await page.goto(`/sites/${siteId}/en/forms`);
    await page.locator('#f-email').fill('ken@example.com');
    await page.locator('#f-companyName').fill('Ken Co.');
    await page.getByRole('button', { name: 'Send' }).click();
    expect(await errorOf(page, 'agree').textContent()).toBe(
      'Please agree to the terms of use and the privacy policy.',
    );
    await page.getByText('Terms of use', { exact: true }).click();
    expect(await page.getByText('Be kind.').isVisible()).toBe(true);
    await page.getByLabel('I agree to the terms of use and the privacy policy').check();
    await page.getByRole('button', { name: 'Send' }).click();
    await page.waitForURL(/\/en\/form-success$/);
    const rows = await product.database.db
      .select()
      .from(siteSubmissions)
      .where(eq(siteSubmissions.siteId, siteId));
    expect(rows.filter((r) => r.kind === 'HOMEPAGE').map((r) => r.email)).toEqual(['ken@example.com']);
    await page.context().close();
  });
});

describe('surveys', () => {
  it('answers a survey and shows the score', async () => {
    const login = await fetch(`${product.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login_id: 'user@example.com', password: 'Demo@2026pass' }),
    });
    const token = (await login.json()).data.access_token as string;
    const created = await fetch(`${product.baseUrl}/api/site/${siteId}/surveys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        name: 'Taste check',
        document: {
          title: { JP: '味覚チェック', EN: 'Taste check' },
          description: { EN: 'Three quick questions.' },
          result_text: { EN: 'Thanks for playing!' },
          questions: [
            {
              id: 'q1',
              text: { JP: '味噌汁は好き？', EN: 'Do you like miso soup?' },
              is_required: true,
              multiple: false,
              options: [
                { id: 'yes', label: { JP: 'はい', EN: 'Yes' }, points: 10 },
                { id: 'no', label: { JP: 'いいえ', EN: 'No' }, points: 0 },
              ],
            },
            {
              id: 'q2',
              text: { JP: '好きな具は？', EN: 'Favourite fillings?' },
              is_required: false,
              multiple: true,
              options: [
                { id: 'tofu', label: { JP: '豆腐', EN: 'Tofu' }, points: 3 },
                { id: 'wakame', label: { JP: 'わかめ', EN: 'Wakame' }, points: 2 },
              ],
            },
          ],
        },
      }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const surveyId = (await created.json()).data.id as string;

    const page = await product.newPage({ phone: true, touch: true });
    await page.goto(`/sites/${siteId}/en/survey?id=${surveyId}`);
    expect(await page.locator('h1').textContent()).toBe('Taste check');
    await page.locator('#f-email').fill('yui@example.com');
    await page.getByRole('button', { name: 'Send my answers' }).click();
    expect(await errorOf(page, 'q_q1').textContent()).toBe('This item is required.');
    await page.getByLabel('Yes').check();
    await page.getByLabel('Tofu').check();
    await page.getByLabel('Wakame').check();
    await screenshot(page, 'visitor-survey', { fullPage: true });
    await page.getByRole('button', { name: 'Send my answers' }).click();
    expect(await page.locator('[data-score]').textContent()).toBe('15');
    expect(await page.locator('.sc').textContent()).toContain('/ 15');
    expect(await page.locator('main').textContent()).toContain('Thanks for playing!');
    await screenshot(page, 'visitor-survey-score', { fullPage: true });
    await page.context().close();
  });
});
