import { eq } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites } from '../../apps/server/src/db/schema/sites';
import { surveys } from '../../apps/server/src/db/schema/visitors';
import { insertSite, siteDocument } from '../../apps/server/src/modules/sites/site-fixtures';
import { startProduct, type TProduct } from './harness';
import { screenshot } from './screenshots';
import { signInAs, toastText } from './users-helpers';

// A creator (user@example.com) builds a bilingual survey for a published site in the console,
// visitors answer it through the end-user API, and the creator reads the answers, opens one,
// searches and downloads the CSV. Screenshots of the builder and the answers at 1280 and 390 px.

let product: TProduct;
let creator: BrowserContext;
let siteId: string;
let surveyId: string;

beforeAll(async () => {
  product = await startProduct();
  const site = await insertSite(product.database.db, {
    accountId: product.fixtures.accounts.company.id,
    doc: siteDocument({ name: 'Miso Festival', languages: ['JP', 'EN'] }),
    published: true,
  });
  siteId = site.id;
  const page = await product.newPage();
  await signInAs(page, 'user@example.com', 'admin-user');
  creator = page.context();
  await page.close();
}, 60_000);
afterAll(async () => product?.close());

const surveysUrl = () => `/admin-user/site-survey/${siteId}`;

async function openSurveys(page: Page) {
  await page.goto(surveysUrl());
  await page.getByTestId('surveys-page').waitFor();
  await page.getByTestId('survey-row').first().or(page.getByTestId('surveys-empty')).waitFor();
}

/** Fills the nth (0-based) option of the nth question in the language tab on screen. */
async function option(page: Page, q: number, o: number, label: string, points?: number) {
  const question = page.getByTestId('survey-question').nth(q);
  await question.getByTestId('survey-option-label').nth(o).fill(label);
  if (points !== undefined) await question.getByTestId('survey-option-points').nth(o).fill(String(points));
}

const answer = (body: object) =>
  fetch(`${product.baseUrl}/api/end-user/survey/${surveyId}/response`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en' },
    body: JSON.stringify(body),
  });

describe('surveys in the console', () => {
  it('builds a bilingual survey with a required question and points, and lists it', async () => {
    const page = await creator.newPage();
    await openSurveys(page);
    await expect.poll(() => page.getByTestId('surveys-site-name').innerText()).toContain('Miso Festival');
    await page.getByTestId('surveys-empty').waitFor();
    await page.getByTestId('survey-create').click();
    await page.getByTestId('survey-builder').waitFor();

    // Saving the empty survey shows the contracts' messages next to the fields.
    await page.getByTestId('survey-save').click();
    await expect.poll(() => page.getByTestId('survey-builder').innerText()).toContain('この項目は必須です。');

    await page.getByTestId('survey-name').fill('Miso quiz');
    // Japanese, the site's default language.
    await page.getByTestId('survey-title').fill('お味噌クイズ');
    await page.getByTestId('survey-description').fill('2つの質問に答えてください。');
    const first = page.getByTestId('survey-question').nth(0);
    await first.getByTestId('survey-question-text').fill('毎朝お味噌汁を飲みますか？');
    await option(page, 0, 0, 'いいえ', 0);
    await option(page, 0, 1, '毎日', 10);
    await page.getByTestId('survey-add-question').click();
    const second = page.getByTestId('survey-question').nth(1);
    await second.getByTestId('survey-question-text').fill('好きな具は？');
    await second.getByTestId('survey-question-required').click({ force: true });
    await second.getByTestId('survey-question-multiple').click({ force: true });
    await option(page, 1, 0, '豆腐', 3);
    await option(page, 1, 1, 'わかめ', 4);
    await page.getByTestId('survey-result-text').fill('ご回答ありがとうございました。');
    await expect.poll(() => page.getByTestId('survey-max-score').innerText()).toContain('17');

    // Every edit can be undone and redone: a removed question comes back with its options.
    await second.getByTestId('survey-question-remove').click();
    await expect.poll(() => page.getByTestId('survey-question').count()).toBe(1);
    await page.getByTestId('survey-undo').click();
    await expect.poll(() => page.getByTestId('survey-question').count()).toBe(2);
    await expect.poll(() => second.getByTestId('survey-question-text').inputValue()).toBe('好きな具は？');
    await page.keyboard.press('Control+z');
    await expect.poll(() => page.getByTestId('survey-result-text').inputValue()).toBe('');
    await page.keyboard.press('Shift+Control+z');
    await expect
      .poll(() => page.getByTestId('survey-result-text').inputValue())
      .toBe('ご回答ありがとうございました。');
    expect(await page.getByTestId('survey-question').count()).toBe(2);

    // English.
    await page.getByTestId('survey-lang-EN').click();
    await page.getByTestId('survey-title').fill('Miso quiz');
    await first.getByTestId('survey-question-text').fill('Do you have miso soup every morning?');
    await option(page, 0, 0, 'No');
    await option(page, 0, 1, 'Every day');
    await second.getByTestId('survey-question-text').fill('Which fillings do you like?');
    await option(page, 1, 0, 'Tofu');
    await option(page, 1, 1, 'Wakame');
    await page.getByTestId('survey-result-text').fill('Thank you for answering.');
    await page.getByTestId('survey-lang-JP').click();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'survey-builder');

    await page.getByTestId('survey-save').click();
    await page.getByTestId('survey-row').first().waitFor();
    expect(await page.getByTestId('survey-row-name').allInnerTexts()).toEqual(['Miso quiz']);
    expect(await page.getByTestId('survey-status').getAttribute('data-open')).toBe('true');
    await screenshot(page, 'survey-list');

    const [row] = await product.database.db.select().from(surveys).where(eq(surveys.siteId, siteId));
    surveyId = row!.id;
    expect(row).toMatchObject({ name: 'Miso quiz', isOpen: true, allowMultiple: false });
    const doc = row!.document as { title: Record<string, string>; questions: { isRequired: boolean }[] };
    expect(doc.title).toEqual({ JP: 'お味噌クイズ', EN: 'Miso quiz' });
    expect(doc.questions.map((q) => q.isRequired)).toEqual([true, false]);
    await page.close();
  });

  it('shows the answers that came in, one in detail, searched, and as CSV', async () => {
    const questions = await (
      await fetch(`${product.baseUrl}/api/end-user/survey/${surveyId}/questions?lang=EN`)
    ).json();
    const [q1, q2] = questions.data.questions as { id: string; options: { id: string }[] }[];
    // A required question left out is refused.
    const refused = await answer({ email: 'nope@example.com', answers: [] });
    expect(refused.status).toBe(400);
    expect((await refused.json()).errors[0]).toEqual({
      field: `q_${q1!.id}`,
      message: 'This item is required.',
    });
    const sent = [
      { email: 'hana@example.com', lang: 'JP', picks: [[1], [0, 1]], score: 17 },
      { email: 'ken@example.com', lang: 'EN', picks: [[0], [1]], score: 4 },
      { email: 'yuki@example.com', lang: 'EN', picks: [[1], []], score: 10 },
    ];
    for (const s of sent) {
      const res = await answer({
        email: s.email,
        lang: s.lang,
        answers: [
          { question_id: q1!.id, option_ids: s.picks[0]!.map((i) => q1!.options[i]!.id) },
          { question_id: q2!.id, option_ids: s.picks[1]!.map((i) => q2!.options[i]!.id) },
        ],
      });
      expect(res.status).toBe(201);
      expect((await res.json()).data).toMatchObject({ total_score: s.score, max_score: 17 });
    }

    const page = await creator.newPage();
    await openSurveys(page);
    await page.getByTestId('survey-row-responses').click();
    await page.getByTestId('survey-responses').waitFor();
    await expect.poll(() => page.getByTestId('survey-response-row').count()).toBe(3);
    await screenshot(page, 'survey-responses');

    await page.getByTestId('survey-response-row').filter({ hasText: 'hana@example.com' }).click();
    const detail = page.getByTestId('survey-response-detail');
    await detail.waitFor();
    await expect.poll(() => detail.innerText()).toContain('毎朝お味噌汁を飲みますか？');
    expect(await detail.innerText()).toContain('豆腐 / わかめ');
    expect(await page.getByTestId('survey-response-score').innerText()).toBe('17');
    await screenshot(page, 'survey-response-detail', { fullPage: false });
    await page.keyboard.press('Escape');

    await page.getByTestId('survey-response-search').fill('ken@');
    await expect.poll(() => page.getByTestId('survey-response-row').count()).toBe(1);
    await page.getByTestId('survey-response-search').fill('');
    await expect.poll(() => page.getByTestId('survey-response-row').count()).toBe(3);

    const download = page.waitForEvent('download');
    await page.getByTestId('survey-export').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^survey-.+\.csv$/);
    const chunks: Buffer[] = [];
    for await (const c of await file.createReadStream()) chunks.push(c as Buffer);
    const bytes = Buffer.concat(chunks);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).trim().split('\r\n');
    expect(lines[0]).toBe(
      '回答日時（日本時間）,メールアドレス,言語,スコア,毎朝お味噌汁を飲みますか？,好きな具は？',
    );
    const rows = lines.slice(1).map((l) => l.split(','));
    expect(rows.map((r) => [r[1], r[2], r[3], r[4], r[5]])).toEqual([
      ['hana@example.com', 'JP', '17', '毎日', '豆腐 / わかめ'],
      ['ken@example.com', 'EN', '4', 'No', 'Wakame'],
      ['yuki@example.com', 'EN', '10', 'Every day', ''],
    ]);
    await page.close();
  });

  it("offers the site's surveys to a link button, and refuses to delete a linked survey", async () => {
    const page = await creator.newPage();
    await page.goto(`/admin-user/site/${siteId}`);
    await page.getByTestId('site-editor').waitFor();
    await page.getByTestId('tab-JP').click();
    await page.getByTestId('page-tile-A1').click();
    const form = page.getByTestId('page-form-A1');
    await form.getByTestId('link-kind').first().selectOption('SURVEY');
    const select = form.getByTestId('link-survey');
    await select.locator('option').nth(1).waitFor({ state: 'attached' });
    expect(await select.locator('option').allInnerTexts()).toEqual(['アンケートを選択', 'Miso quiz']);
    await select.selectOption(surveyId);
    await page.close();

    // A new site has none yet: the editor says to save it first.
    const fresh = await creator.newPage();
    await fresh.goto('/admin-user/create-site?start=blank');
    await fresh.getByTestId('site-editor').waitFor();
    await fresh.getByTestId('tab-JP').click();
    await fresh.getByTestId('page-tile-A1').click();
    await fresh.getByTestId('page-form-A1').getByTestId('link-kind').first().selectOption('SURVEY');
    await fresh.getByTestId('link-survey-unsaved').waitFor();
    await fresh.close();

    // With a button leading to it (saved in the draft), the survey stays.
    const [site] = await product.database.db.select().from(sites).where(eq(sites.id, siteId));
    const doc = structuredClone(site!.draft);
    doc.content.JP!.creatives[0]!.link = {
      kind: 'SURVEY',
      surveyId,
      internalTarget: null,
      url: '',
      page: null,
      popup: null,
      script: '',
    };
    await product.database.db.update(sites).set({ draft: doc }).where(eq(sites.id, siteId));
    const list = await creator.newPage();
    await openSurveys(list);
    await list.getByTestId('survey-delete').click();
    await list.getByTestId('delete-survey-confirm').click();
    await expect
      .poll(() => toastText(list))
      .toContain('サイトのリンクボタンがこのアンケートにリンクしています');
    expect(await product.database.db.select().from(surveys).where(eq(surveys.id, surveyId))).toHaveLength(1);
    await list.close();
  });

  it('looks right on a phone', async () => {
    const page = await product.newPage({ phone: true });
    await signInAs(page, 'user@example.com', 'admin-user');
    await page.goto(`${surveysUrl()}?edit=${surveyId}`);
    await page.getByTestId('survey-builder').waitFor();
    await expect.poll(() => page.getByTestId('survey-title').inputValue()).toBe('お味噌クイズ');
    await screenshot(page, 'survey-builder');
    await page.goto(`${surveysUrl()}?responses=${surveyId}`);
    await expect.poll(() => page.getByTestId('survey-response-row').count()).toBe(3);
    await screenshot(page, 'survey-responses');
    await page.goto(surveysUrl());
    await page.getByTestId('survey-row').first().waitFor();
    await screenshot(page, 'survey-list');
    await page.close();
  });
});
