import { keysToSnake } from '@swipe/contracts/case';
import { jstDay } from '@swipe/contracts/jst-format';
import { type TSiteDocument, ZProduct } from '@swipe/contracts/sites';
import { ZSurveyDocument } from '@swipe/contracts/surveys';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mails } from '../../db/schema/platform';
import { sites } from '../../db/schema/sites';
import { surveyResponses } from '../../db/schema/visitors';
import type { TTestApp } from '../../test/harness';
import { startTestApp } from '../../test/harness';
import { insertSite, siteDocument } from '../sites/site-fixtures';
import { signedInCaller, type TSignedInCall } from '../users/users-test-kit';
import { insertSurvey, surveyDocument, surveyInput } from './survey-fixtures';

// Surveys: the builder's API with its tenancy and authority,
// the end-user calls (questions, answers, score, one per email, idempotent retries), the
// respondent's mail, the answers list and its CSV, and the refusal to delete a linked survey.

let t: TTestApp;
let call: TSignedInCall;
let siteId: string;
beforeAll(async () => {
  t = await startTestApp();
  call = signedInCaller(t);
  siteId = (await bilingualSite()).id;
});
afterAll(async () => t?.close());

const USER = 'user@example.com';

/** A live (published) JP + EN site of Hinode (user@example.com's company). */
const bilingualSite = (opts: { published?: boolean; doc?: TSiteDocument } = {}) =>
  insertSite(t.database.db, {
    accountId: t.fixtures.accounts.company.id,
    doc: opts.doc ?? siteDocument({ languages: ['JP', 'EN'] }),
    published: opts.published ?? true,
  });

const wire = (v: object) => keysToSnake(v) as object;

let ip = 0;
/** A visitor's call (each from its own address: the end-user routes are rate limited). */
const visitor = (method: 'GET' | 'POST', url: string, payload?: object, lang = 'en') =>
  t.app.inject({
    method,
    url,
    headers: { 'accept-language': lang },
    remoteAddress: `10.9.${Math.floor(++ip / 250)}.${ip % 250}`,
    ...(payload ? { payload } : {}),
  });

const answer = (surveyId: string, body: object, lang = 'en') =>
  visitor('POST', `/api/end-user/survey/${surveyId}/response`, body, lang);

/** Every question answered: 10 + (3 + 4) = 17 of 20. */
const FULL = [
  { question_id: 'q1', option_ids: ['c'] },
  { question_id: 'q2', option_ids: ['tofu', 'wakame'] },
];

describe('the survey builder API', () => {
  it('creates, lists, reads, saves and deletes a survey of a site', async () => {
    const created = await call(USER, 'POST', `/api/site/${siteId}/surveys`, wire(surveyInput()));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().message).toBe('The survey has been saved.');
    const survey = created.json().data;
    expect(survey).toMatchObject({
      site_id: siteId,
      name: 'Breakfast check',
      is_open: true,
      allow_multiple: false,
      questions: 3,
      responses: 0,
    });
    expect(survey.document.title).toEqual({ JP: '朝ごはん診断', EN: 'Breakfast check' });

    const list = await call(USER, 'GET', `/api/site/${siteId}/surveys`);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((s: { id: string }) => s.id)).toContain(survey.id);

    const saved = await call(
      USER,
      'PUT',
      `/api/surveys/${survey.id}`,
      wire(surveyInput({ name: 'Renamed', isOpen: false, allowMultiple: true })),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ name: 'Renamed', is_open: false, allow_multiple: true });
    expect((await call(USER, 'GET', `/api/surveys/${survey.id}`)).json().data.name).toBe('Renamed');

    const deleted = await call(USER, 'DELETE', `/api/surveys/${survey.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe('The survey has been deleted.');
    expect((await call(USER, 'GET', `/api/surveys/${survey.id}`)).statusCode).toBe(404);
  });

  it("refuses texts in a language the site does not have, and the contracts' rules", async () => {
    const doc = surveyDocument();
    const withKorean = { ...doc, title: { ...doc.title, KR: '아침 식사' } };
    const res = await call(
      USER,
      'POST',
      `/api/site/${siteId}/surveys`,
      wire(surveyInput({ document: withKorean })),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      {
        field: 'document.title.KR',
        message: 'The site has no such language. Add the language to the site first.',
      },
    ]);
    const noQuestions = await call(
      USER,
      'POST',
      `/api/site/${siteId}/surveys`,
      wire(surveyInput({ document: { ...doc, questions: [] } })),
    );
    expect(noQuestions.statusCode).toBe(400);
    expect(noQuestions.json().errors[0]).toMatchObject({
      field: 'document.questions',
      message: 'Add at least one question.',
    });
  });

  it("answers 404 to another tenant's survey and site with every verb", async () => {
    const survey = await insertSurvey(t.database.db, { siteId });
    const other = 'direct@example.com';
    expect((await call(other, 'GET', `/api/site/${siteId}/surveys`)).statusCode).toBe(404);
    expect((await call(other, 'POST', `/api/site/${siteId}/surveys`, wire(surveyInput()))).statusCode).toBe(
      404,
    );
    expect((await call(other, 'GET', `/api/surveys/${survey.id}`)).statusCode).toBe(404);
    expect((await call(other, 'PUT', `/api/surveys/${survey.id}`, wire(surveyInput()))).statusCode).toBe(404);
    expect((await call(other, 'DELETE', `/api/surveys/${survey.id}`)).statusCode).toBe(404);
    expect((await call(other, 'GET', `/api/surveys/${survey.id}/responses`)).statusCode).toBe(404);
    expect((await call(other, 'GET', `/api/surveys/${survey.id}/responses/export-csv`)).statusCode).toBe(404);
    expect((await call(USER, 'GET', `/api/surveys/${survey.id}`)).statusCode).toBe(200);
  });

  it('lets view authority read but refuses its writes with 403', async () => {
    const survey = await insertSurvey(t.database.db, { siteId });
    const viewer = 'sub@example.com';
    expect((await call(viewer, 'GET', `/api/site/${siteId}/surveys`)).statusCode).toBe(200);
    expect((await call(viewer, 'GET', `/api/surveys/${survey.id}`)).statusCode).toBe(200);
    for (const [method, url] of [
      ['POST', `/api/site/${siteId}/surveys`],
      ['PUT', `/api/surveys/${survey.id}`],
      ['DELETE', `/api/surveys/${survey.id}`],
    ] as const) {
      const res = await call(viewer, method, url, method === 'DELETE' ? undefined : wire(surveyInput()));
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe('the end-user survey calls', () => {
  it('lists the open surveys of a live site and gives the questions in the language asked for', async () => {
    const open = await insertSurvey(t.database.db, { siteId });
    const closed = await insertSurvey(t.database.db, { siteId, isOpen: false });
    const list = await visitor('GET', `/api/end-user/survey?site_id=${siteId}&lang=EN`);
    expect(list.statusCode).toBe(200);
    const ids = list.json().data.map((s: { id: string }) => s.id);
    expect(ids).toContain(open.id);
    expect(ids).not.toContain(closed.id);
    expect(list.json().data.find((s: { id: string }) => s.id === open.id)).toEqual({
      id: open.id,
      title: 'Breakfast check',
      questions: 3,
    });

    const en = await visitor('GET', `/api/end-user/survey/${open.id}/questions?lang=EN`);
    expect(en.statusCode).toBe(200);
    expect(en.json().data).toMatchObject({
      id: open.id,
      site_id: siteId,
      lang: 'EN',
      title: 'Breakfast check',
      description: 'Answer three questions.',
    });
    expect(en.json().data.questions[0]).toEqual({
      id: 'q1',
      text: 'Do you have miso soup every morning?',
      is_required: true,
      multiple: false,
      options: [
        { id: 'a', label: 'No' },
        { id: 'b', label: 'Sometimes' },
        { id: 'c', label: 'Every day' },
      ],
    });
    const ja = await visitor('GET', `/api/end-user/survey/${open.id}/questions?lang=JP`);
    expect(ja.json().data).toMatchObject({ lang: 'JP', title: '朝ごはん診断' });
    expect(ja.json().data.questions[1].options[1].label).toBe('わかめ');
    // A language the site does not have: its default language.
    const kr = await visitor('GET', `/api/end-user/survey/${open.id}/questions?lang=KR`);
    expect(kr.json().data).toMatchObject({ lang: 'JP', title: '朝ごはん診断' });
  });

  it('answers 404 for a closed survey, an unpublished site and an unknown id', async () => {
    const closed = await insertSurvey(t.database.db, { siteId, isOpen: false });
    const draftSite = await bilingualSite({ published: false });
    const onDraft = await insertSurvey(t.database.db, { siteId: draftSite.id });
    for (const id of [closed.id, onDraft.id, crypto.randomUUID()]) {
      expect((await visitor('GET', `/api/end-user/survey/${id}/questions`)).statusCode).toBe(404);
      expect((await answer(id, { email: 'a@example.com', answers: FULL })).statusCode).toBe(404);
    }
    expect((await visitor('GET', `/api/end-user/survey?site_id=${draftSite.id}`)).statusCode).toBe(404);
    // A site taken off the public: its open survey is gone too.
    const live = await bilingualSite();
    const survey = await insertSurvey(t.database.db, { siteId: live.id });
    expect((await visitor('GET', `/api/end-user/survey/${survey.id}/questions`)).statusCode).toBe(200);
    await t.database.db.update(sites).set({ status: 'PRIVATE' }).where(eq(sites.id, live.id));
    expect((await visitor('GET', `/api/end-user/survey/${survey.id}/questions`)).statusCode).toBe(404);
  });

  it('refuses a missing required answer, an unknown option and a bad email with field errors', async () => {
    const survey = await insertSurvey(t.database.db, { siteId });
    const missing = await answer(survey.id, {
      email: 'visitor@example.com',
      answers: [{ question_id: 'q1', option_ids: ['c'] }],
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'This item is required.',
      errors: [{ field: 'q_q2', message: 'This item is required.' }],
    });
    const wrong = await answer(survey.id, {
      email: 'visitor@example.com',
      answers: [
        { question_id: 'q1', option_ids: ['a', 'b'] },
        { question_id: 'q2', option_ids: ['nope'] },
      ],
    });
    expect(wrong.json().errors).toEqual([
      { field: 'q_q1', message: 'Please choose one of the options.' },
      { field: 'q_q2', message: 'Please choose one of the options.' },
    ]);
    const badEmail = await answer(survey.id, { email: 'not-an-email', answers: FULL });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().errors).toEqual([{ field: 'email', message: 'Invalid email address.' }]);
    const rows = await t.database.db
      .select()
      .from(surveyResponses)
      .where(eq(surveyResponses.surveyId, survey.id));
    expect(rows).toHaveLength(0);
  });

  it('scores the answers, keeps them as asked and mails the score in the site language', async () => {
    const survey = await insertSurvey(t.database.db, { siteId });
    const res = await answer(survey.id, { email: 'Scorer@Example.com', answers: FULL, lang: 'EN' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      total_score: 17,
      max_score: 20,
      result_text: 'Thank you for answering.',
    });
    const [row] = await t.database.db
      .select()
      .from(surveyResponses)
      .where(eq(surveyResponses.surveyId, survey.id));
    expect(row).toMatchObject({ email: 'scorer@example.com', lang: 'EN', totalScore: 17 });
    expect(row!.answers).toEqual([
      {
        questionId: 'q1',
        question: 'Do you have miso soup every morning?',
        optionIds: ['c'],
        answers: ['Every day'],
        points: 10,
      },
      {
        questionId: 'q2',
        question: 'Which fillings do you like?',
        optionIds: ['tofu', 'wakame'],
        answers: ['Tofu', 'Wakame'],
        points: 7,
      },
    ]);
    const [mail] = await t.database.db.select().from(mails).where(eq(mails.to, 'scorer@example.com'));
    expect(mail).toMatchObject({ language: 'en', subject: 'Your result: Breakfast check' });
    expect(mail!.text).toContain('Your score: 17 / 20');
    expect(mail!.text).toContain('Thank you for answering.');

    const ja = await answer(survey.id, {
      email: 'ja-visitor@example.com',
      answers: [...FULL.slice(0, 1), { question_id: 'q2', option_ids: ['negi'] }],
      lang: 'JP',
    });
    expect(ja.json().data).toMatchObject({ total_score: 13, result_text: 'ご回答ありがとうございました。' });
    const [jaMail] = await t.database.db.select().from(mails).where(eq(mails.to, 'ja-visitor@example.com'));
    expect(jaMail).toMatchObject({ language: 'ja', subject: '【回答結果】朝ごはん診断' });
    expect(jaMail!.text).toContain('13 / 20');
  });

  it('takes one answer per email unless the survey allows several', async () => {
    const once = await insertSurvey(t.database.db, { siteId });
    expect((await answer(once.id, { email: 'once@example.com', answers: FULL })).statusCode).toBe(201);
    const again = await answer(once.id, { email: 'ONCE@example.com', answers: FULL });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This email address has already answered this survey.');

    const many = await insertSurvey(t.database.db, { siteId, allowMultiple: true });
    for (let i = 0; i < 2; i++)
      expect((await answer(many.id, { email: 'many@example.com', answers: FULL })).statusCode).toBe(201);
    const rows = await t.database.db
      .select()
      .from(surveyResponses)
      .where(eq(surveyResponses.surveyId, many.id));
    expect(rows).toHaveLength(2);
  });

  it('answers a retried post with the same request key once, with the same result', async () => {
    const survey = await insertSurvey(t.database.db, { siteId, allowMultiple: true });
    const body = { email: 'retry@example.com', answers: FULL, request_key: 'retry-key-0001' };
    const first = await answer(survey.id, body);
    const second = await answer(survey.id, body);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json().data).toEqual(first.json().data);
    // The same key with other answers, or from another address, is not a retry.
    const reused = await answer(survey.id, { ...body, email: 'someone-else@example.com' });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().code).toBe('REQUEST_KEY_REUSED');
    const rows = await t.database.db
      .select()
      .from(surveyResponses)
      .where(eq(surveyResponses.surveyId, survey.id));
    expect(rows).toHaveLength(1);
    expect(await t.database.db.select().from(mails).where(eq(mails.to, 'retry@example.com'))).toHaveLength(1);
  });

  it("is answered on its own site's visitor page only, not through another site's", async () => {
    const survey = await insertSurvey(t.database.db, { siteId });
    const other = await bilingualSite();
    const form = (email: string) =>
      new URLSearchParams([
        ['email', email],
        ['q_q1', 'c'],
        ['q_q2', 'tofu'],
        ['q_q2', 'wakame'],
      ]).toString();
    const postOn = (site: string, email: string) =>
      t.app.inject({
        method: 'POST',
        url: `/sites/${site}/en/survey?id=${survey.id}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        remoteAddress: `10.9.200.${++ip % 250}`,
        payload: form(email),
      });
    const elsewhere = await postOn(other.id, 'elsewhere@example.com');
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.body).not.toContain('Breakfast check');
    expect(
      await t.database.db.select().from(mails).where(eq(mails.to, 'elsewhere@example.com')),
    ).toHaveLength(0);
    const own = await postOn(siteId, 'own-page@example.com');
    expect(own.statusCode, own.body).toBe(200);
    expect(own.body).toContain('17');
    const rows = await t.database.db
      .select({ email: surveyResponses.email })
      .from(surveyResponses)
      .where(eq(surveyResponses.surveyId, survey.id));
    expect(rows).toEqual([{ email: 'own-page@example.com' }]);
  });

  it('limits answers (each mails someone) per address and site', async () => {
    const survey = await insertSurvey(t.database.db, { siteId, allowMultiple: true });
    const other = await bilingualSite();
    const elsewhere = await insertSurvey(t.database.db, { siteId: other.id, allowMultiple: true });
    const from = (id: string, body: object, address: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/end-user/survey/${id}/response`,
        headers: { 'accept-language': 'en' },
        remoteAddress: address,
        payload: body,
      });
    const address = '10.9.250.1';
    const valid = { email: 'limited@example.com', answers: FULL };
    for (let i = 0; i < t.config.loginRateLimitPerMinute; i++)
      expect((await from(survey.id, { ...valid, answers: [] }, address)).statusCode).toBe(400);
    expect((await from(survey.id, valid, address)).statusCode).toBe(429);
    expect((await from(elsewhere.id, valid, address)).statusCode).toBe(201);
    expect((await from(survey.id, valid, '10.9.250.2')).statusCode).toBe(201);
  });

  it('refuses an address too long to store or mail (over 254 characters) with a field error', async () => {
    const survey = await insertSurvey(t.database.db, { siteId });
    const long = `${'a'.repeat(243)}@example.com`;
    expect(long).toHaveLength(255);
    const res = await answer(survey.id, { email: long, answers: FULL });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'email', message: 'Invalid email address.' }]);
  });
});

describe('the answers of a survey', () => {
  it('lists them with a keyword, a date range and paging', async () => {
    const survey = await insertSurvey(t.database.db, { siteId });
    for (const email of ['alpha@example.com', 'beta@example.com', 'alpine@example.com'])
      expect((await answer(survey.id, { email, answers: FULL })).statusCode).toBe(201);
    const all = await call(USER, 'GET', `/api/surveys/${survey.id}/responses?page_size=2`);
    expect(all.statusCode).toBe(200);
    expect(all.json().meta).toEqual({ total: 3, page: 1, page_size: 2 });
    expect(all.json().data).toHaveLength(2);
    expect(all.json().data[0]).toMatchObject({ email: 'alpine@example.com', lang: 'JP', total_score: 17 });
    expect(all.json().data[0].answers[0]).toEqual({
      question_id: 'q1',
      question: '毎朝お味噌汁を飲みますか？',
      answers: ['毎日'],
      points: 10,
    });
    const alp = await call(USER, 'GET', `/api/surveys/${survey.id}/responses?keyword=ALP`);
    expect(
      alp
        .json()
        .data.map((r: { email: string }) => r.email)
        .sort(),
    ).toEqual(['alpha@example.com', 'alpine@example.com']);
    const today = jstDay(Date.now());
    const inRange = await call(USER, 'GET', `/api/surveys/${survey.id}/responses?from=${today}&to=${today}`);
    expect(inRange.json().meta.total).toBe(3);
    const before = await call(USER, 'GET', `/api/surveys/${survey.id}/responses?to=2020-01-01`);
    expect(before.json().meta.total).toBe(0);
    const counted = await call(USER, 'GET', `/api/site/${siteId}/surveys`);
    expect(counted.json().data.find((s: { id: string }) => s.id === survey.id).responses).toBe(3);
  });

  it('exports them as CSV with a BOM, quoting, escaped formulas and a column per question', async () => {
    const doc = surveyDocument();
    doc.questions[0]!.options[2]!.label = { JP: '=HYPERLINK("x")', EN: '=HYPERLINK("x")' };
    doc.questions[1]!.options[0]!.label = { JP: '豆腐, 油揚げ', EN: 'Tofu, fried' };
    const survey = await insertSurvey(t.database.db, { siteId, document: ZSurveyDocument.parse(doc) });
    expect(
      (await answer(survey.id, { email: 'csv@example.com', answers: FULL, lang: 'EN' })).statusCode,
    ).toBe(201);
    const res = await call(USER, 'GET', `/api/surveys/${survey.id}/responses/export-csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="survey-.+\.csv"/);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const [header, row] = res.body.slice(1).split('\r\n');
    expect(header).toBe(
      'Date (JST),Email,Language,Score,毎朝お味噌汁を飲みますか？,好きな具は？,ご意見があれば',
    );
    expect(row).toMatch(
      /^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2},csv@example\.com,EN,17,"'=HYPERLINK\(""x""\)","Tofu, fried \/ Wakame",$/,
    );
    const ja = await call(USER, 'GET', `/api/surveys/${survey.id}/responses/export-csv`, undefined, 'ja');
    expect(ja.body.slice(1).split('\r\n')[0]).toMatch(/^回答日時（日本時間）,メールアドレス,言語,スコア,/);
  });
});

describe('deleting a survey', () => {
  it('is refused while a page, product or popup CTA of the site links to it', async () => {
    const place = [
      (doc: TSiteDocument, id: string) => {
        doc.content.EN!.creatives[1]!.link = {
          kind: 'SURVEY',
          surveyId: id,
          internalTarget: null,
          url: '',
          page: null,
          popup: null,
          script: '',
        };
      },
      (doc: TSiteDocument, id: string) => {
        doc.content.JP!.creatives[0]!.products = [
          ZProduct.parse({ productName: 'Miso', link: { kind: 'SURVEY', surveyId: id } }),
        ];
      },
      (doc: TSiteDocument, id: string) => {
        doc.popupCtas.applicantLimit.link = {
          kind: 'SURVEY',
          surveyId: id,
          internalTarget: null,
          url: '',
          page: null,
          popup: null,
          script: '',
        };
      },
    ];
    for (const [i, link] of place.entries()) {
      const site = await bilingualSite({ published: i === 0 });
      const survey = await insertSurvey(t.database.db, { siteId: site.id });
      const doc = siteDocument({ languages: ['JP', 'EN'] });
      link(doc, survey.id);
      // The first in the published version only, the others in the draft only.
      await t.database.db
        .update(sites)
        .set(i === 0 ? { published: doc } : { draft: doc })
        .where(eq(sites.id, site.id));
      const res = await call(USER, 'DELETE', `/api/surveys/${survey.id}`);
      expect(res.statusCode, `case ${i}`).toBe(409);
      expect(res.json().message).toBe(
        'A link button of the site leads to this survey. Change the button first.',
      );
      expect((await call(USER, 'GET', `/api/surveys/${survey.id}`)).statusCode).toBe(200);
    }
  });
});
