import { keysToSnake } from '@swipe/contracts/case';
import { type TFormField, type TSiteDocument, type TSiteLanguage, ZFormField } from '@swipe/contracts/sites';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/accounts';
import { mails } from '../../db/schema/platform';
import { sites } from '../../db/schema/sites';
import { siteSubmissions } from '../../db/schema/visitors';
import { startTestApp, type TTestApp } from '../../test/harness';
import { insertSite, siteDocument } from '../sites/site-fixtures';
import { signedInCaller, type TSignedInCall } from '../users/users-test-kit';

// The contact and homepage forms of a published site, their checks, one stored row per post,
// the owner's mail and the "contacted within 24 hours" reply; a changed contact form deletes
// the contact submissions, once confirmed.

let t: TTestApp;
let call: TSignedInCall;
beforeAll(async () => {
  t = await startTestApp();
  call = signedInCaller(t);
});
afterAll(async () => t?.close());

const db = () => t.database.db;
let ipSeq = 0;
/** Every call from its own address unless told: the per-address limits stay out of the way. */
const nextIp = () => `10.20.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

const field = (f: Partial<TFormField> & Pick<TFormField, 'typeInput' | 'title'>) => ZFormField.parse(f);
const TITLES = {
  JP: ['メールアドレス', '会社名', 'お名前', '従業員数', 'プラン', 'ご関心'],
  EN: ['Email', 'Company name', 'Name', 'Staff', 'Plan', 'Topics'],
} as const;

/** A contact (and homepage) form of the defaults plus a required text, a number, a dropdown and checkboxes. */
function contactFields(lang: 'JP' | 'EN'): TFormField[] {
  const [email, company, name, staff, plan, topics] = TITLES[lang];
  return [
    field({ typeInput: 'TEXT_BOX', title: email, isRequired: true, builtIn: 'EMAIL' }),
    field({ typeInput: 'TEXT_BOX', title: company, isRequired: true, builtIn: 'COMPANY' }),
    field({
      typeInput: 'TEXT_BOX',
      title: name,
      isRequired: true,
      placeholder: lang === 'JP' ? '山田太郎' : 'Jane Doe',
    }),
    field({ typeInput: 'NUMBER', title: staff }),
    field({ typeInput: 'SELECT', title: plan, options: [{ value: 'Light' }, { value: 'Pro' }] }),
    field({ typeInput: 'SELECT_OPTIONS', title: topics, options: [{ value: 'Price' }, { value: 'Demo' }] }),
  ];
}

let siteSeq = 0;
/**
 * A published site of Hinode Foods (JP default, EN; or JP only), created by user@example.com.
 * The JP forms require the agreement to the terms, the EN ones only show them.
 */
async function liveSite(
  opts: {
    languages?: TSiteLanguage[];
    published?: boolean;
    status?: string;
    createdBy?: string | null;
    contactRecipient?: string;
  } = {},
) {
  const name = `Forms Test ${String(++siteSeq).padStart(3, '0')}`;
  const languages = opts.languages ?? ['JP', 'EN'];
  const doc = siteDocument({ name, languages });
  doc.contactRecipient = opts.contactRecipient ?? '';
  for (const lang of languages) {
    const c = doc.content[lang]!;
    c.forms.CONTACT_SETTING = contactFields(lang as 'JP' | 'EN');
    c.forms.HOMEPAGE_SETTING = contactFields(lang as 'JP' | 'EN').slice(0, 3);
    c.company.termsOfService = `${lang} terms`;
    c.company.privacyPolicy = `${lang} privacy`;
    c.company.agreementRequired = lang === 'JP';
  }
  const row = await insertSite(db(), {
    accountId: t.fixtures.accounts.company.id,
    doc,
    published: opts.published ?? true,
    status: opts.status,
  });
  const createdBy = opts.createdBy === undefined ? t.fixtures.users.user.id : opts.createdBy;
  await db().update(sites).set({ createdBy }).where(eq(sites.id, row.id));
  return { ...row, doc };
}

const settings = (siteId: string, form: string, query = '') =>
  t.app.inject({
    method: 'GET',
    url: `/api/end-user/site/${siteId}/${form}-setting${query}`,
    remoteAddress: nextIp(),
  });

const post = (
  siteId: string,
  form: 'contact' | 'homepage',
  payload: object,
  opts: { lang?: string; ip?: string } = {},
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/end-user/site/${siteId}/${form}`,
    payload: keysToSnake(payload) as object,
    headers: { 'accept-language': opts.lang ?? 'en' },
    remoteAddress: opts.ip ?? nextIp(),
  });

const validEn = {
  email: 'Visitor@Example.com',
  companyName: 'Kumo Bakery',
  f2: 'Jane Doe',
  f3: '12',
  f4: 'Pro',
  f5: ['Price', 'Demo'],
};

const submissionsOf = (siteId: string) =>
  db().select().from(siteSubmissions).where(eq(siteSubmissions.siteId, siteId));
const mailsAbout = (siteName: string) =>
  db()
    .select()
    .from(mails)
    .where(like(mails.subject, `%${siteName}%`));

describe('form settings', () => {
  it("answers each form's fields in the language asked, the default otherwise, with the agreement", async () => {
    const site = await liveSite();
    const jp = await settings(site.id, 'contact');
    expect(jp.statusCode).toBe(200);
    const jpData = jp.json().data;
    expect(jpData.lang).toBe('JP');
    expect(jpData.fields.map((f: { key: string }) => f.key)).toEqual([
      'email',
      'companyName',
      'f2',
      'f3',
      'f4',
      'f5',
    ]);
    expect(jpData.fields.map((f: { title: string }) => f.title)).toEqual(TITLES.JP);
    expect(jpData.fields[2]).toEqual({
      key: 'f2',
      type_input: 'TEXT_BOX',
      title: 'お名前',
      is_required: true,
      placeholder: '山田太郎',
      options: [],
      built_in: null,
    });
    expect(jpData.agreement).toEqual({
      shown: true,
      required: true,
      terms_of_service: 'JP terms',
      privacy_policy: 'JP privacy',
    });

    const en = (await settings(site.id, 'contact', '?lang=EN&variation_id=v1')).json().data;
    expect(en.lang).toBe('EN');
    expect(en.fields.map((f: { title: string }) => f.title)).toEqual(TITLES.EN);
    expect(en.fields[4].options).toEqual([{ value: 'Light' }, { value: 'Pro' }]);
    expect(en.agreement).toEqual({
      shown: true,
      required: false,
      terms_of_service: 'EN terms',
      privacy_policy: 'EN privacy',
    });
    // A language the site lacks falls back to the default.
    expect((await settings(site.id, 'contact', '?lang=KR')).json().data.lang).toBe('JP');

    const home = (await settings(site.id, 'homepage', '?lang=EN')).json().data;
    expect(home.fields.map((f: { title: string }) => f.title)).toEqual(['Email', 'Company name', 'Name']);
    const jpHome = (await settings(site.id, 'homepage')).json().data;
    expect(jpHome.fields.map((f: { title: string }) => f.title)).toEqual([
      'メールアドレス',
      '会社名',
      'お名前',
    ]);

    const membership = (await settings(site.id, 'membership', '?lang=EN')).json().data;
    expect(membership.fields.map((f: { key: string }) => f.key)).toEqual([
      'email',
      'password',
      'confirmPassword',
    ]);
    expect(membership.lang).toBe('EN');
  });

  it('is a 404 for an unknown, unpublished or private site', async () => {
    const draft = await liveSite({ published: false });
    const closed = await liveSite({ status: 'PRIVATE' });
    for (const id of ['00000000-0000-4000-8000-000000000000', draft.id, closed.id, 'not-a-uuid']) {
      for (const form of ['contact', 'membership', 'homepage'])
        expect((await settings(id, form)).statusCode).toBe(404);
      expect((await post(id, 'contact', { data: validEn, lang: 'EN' })).statusCode).toBe(404);
      expect((await post(id, 'homepage', { data: validEn, lang: 'EN' })).statusCode).toBe(404);
    }
    expect(await submissionsOf(draft.id)).toHaveLength(0);
  });
});

describe('sending the contact form', () => {
  it('refuses each broken rule with the field key and a message in the visitor language', async () => {
    const site = await liveSite();
    const refused = async (data: object, extra: object = {}, lang = 'en') => {
      const res = await post(site.id, 'contact', { data, lang: 'EN', ...extra }, { lang });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      return res.json().errors as { field: string; message: string }[];
    };
    expect(await refused({ ...validEn, f2: '  ' })).toEqual([
      { field: 'f2', message: 'This field is required.' },
    ]);
    expect(await refused({ ...validEn, email: 'visitor@' })).toEqual([
      { field: 'email', message: 'Invalid email address.' },
    ]);
    expect(await refused({ ...validEn, email: 'visitor@' }, {}, 'ja')).toEqual([
      { field: 'email', message: 'メールアドレスの形式が正しくありません。' },
    ]);
    expect(await refused({ ...validEn, f4: 'Premium' })).toEqual([
      { field: 'f4', message: 'Please choose one of the options.' },
    ]);
    expect(await refused({ ...validEn, f5: ['Price', 'Lunch'] })).toEqual([
      { field: 'f5', message: 'Please choose one of the options.' },
    ]);
    expect(await refused({ ...validEn, f3: 'a dozen' })).toEqual([
      { field: 'f3', message: 'Please enter a number.' },
    ]);
    expect(await refused({ f2: 'Jane' })).toEqual([
      { field: 'email', message: 'This field is required.' },
      { field: 'companyName', message: 'This field is required.' },
    ]);
    // The JP form requires the agreement to the terms.
    const jpData = { ...validEn, f5: [] };
    expect(await refused(jpData, { lang: 'JP' })).toEqual([
      { field: 'agree', message: 'Please agree to the terms of use and the privacy policy.' },
    ]);
    expect(await refused(jpData, { lang: 'JP', agree: false }, 'ja')).toEqual([
      { field: 'agree', message: '利用規約とプライバシーポリシーに同意してください。' },
    ]);
    expect(await submissionsOf(site.id)).toHaveLength(0);
    expect(await mailsAbout(site.doc.name)).toHaveLength(0);

    const ok = await post(site.id, 'contact', { data: jpData, lang: 'JP', agree: true }, { lang: 'ja' });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().message).toBe('送信が完了しました。24時間以内に担当者よりご連絡いたします。');
  });

  it('refuses an email too long to store or mail (over 254 characters) as invalid, not with a 500', async () => {
    const site = await liveSite();
    const long = `${'a'.repeat(243)}@example.com`;
    expect(long).toHaveLength(255);
    const res = await post(site.id, 'contact', { data: { ...validEn, email: long }, lang: 'EN' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'email', message: 'Invalid email address.' }]);
    expect(await submissionsOf(site.id)).toHaveLength(0);
  });

  it('stores a valid post once with the titles it was asked with, and says the visitor will hear within 24 hours', async () => {
    const site = await liveSite();
    const res = await post(site.id, 'contact', { data: validEn, lang: 'EN' });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(
      'Thank you. We have received your message and will contact you within 24 hours.',
    );
    const [row, ...more] = await submissionsOf(site.id);
    expect(more).toHaveLength(0);
    expect(res.json().data).toEqual({ id: row!.id });
    expect(row).toMatchObject({
      kind: 'CONTACT',
      lang: 'EN',
      email: 'visitor@example.com',
      companyName: 'Kumo Bakery',
      mode: null,
      data: [
        { title: 'Company name', value: 'Kumo Bakery' },
        { title: 'Name', value: 'Jane Doe' },
        { title: 'Staff', value: '12' },
        { title: 'Plan', value: 'Pro' },
        { title: 'Topics', value: 'Price, Demo' },
      ],
    });
  });

  it('stores the homepage form with its mode', async () => {
    const site = await liveSite();
    const res = await post(site.id, 'homepage', {
      data: { email: 'a@example.com', companyName: 'Aoi', f2: 'Aoi' },
      lang: 'EN',
      mode: 'quote',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toContain('24 hours');
    const rows = await submissionsOf(site.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'HOMEPAGE',
      mode: 'quote',
      lang: 'EN',
      data: [
        { title: 'Company name', value: 'Aoi' },
        { title: 'Name', value: 'Aoi' },
      ],
    });
    // The homepage form asks its own fields: the contact form's checkboxes are not among them.
    const other = await post(site.id, 'homepage', {
      data: { email: 'b@example.com', companyName: 'B', f2: 'B', f5: 'Lunch' },
      lang: 'EN',
    });
    expect(other.statusCode).toBe(201);
    expect((await submissionsOf(site.id)).find((r) => r.email === 'b@example.com')?.mode).toBeNull();
  });

  it('stores and mails a retried post once: by its request key, or by its content without one', async () => {
    const site = await liveSite();
    const body = { data: validEn, lang: 'EN', requestKey: 'retry-key-0001' };
    const first = await post(site.id, 'contact', body);
    const second = await post(site.id, 'contact', body);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json().data.id).toBe(first.json().data.id);
    expect(await submissionsOf(site.id)).toHaveLength(1);
    expect(await mailsAbout(site.doc.name)).toHaveLength(1);
    // The same key with other answers is not a retry: refused, and nothing is stored or mailed.
    const reused = await post(site.id, 'contact', { ...body, data: { ...validEn, f2: 'Someone else' } });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().code).toBe('REQUEST_KEY_REUSED');
    expect(await submissionsOf(site.id)).toHaveLength(1);
    expect(await mailsAbout(site.doc.name)).toHaveLength(1);

    // No key: an identical post a moment later is the same post; another answer is a new one.
    const plain = { data: { ...validEn, f2: 'Second visitor' }, lang: 'EN' };
    const a = await post(site.id, 'contact', plain);
    const b = await post(site.id, 'contact', plain);
    expect(b.json().data.id).toBe(a.json().data.id);
    expect(await submissionsOf(site.id)).toHaveLength(2);
    await post(site.id, 'contact', { ...plain, data: { ...plain.data, f3: '13' } });
    expect(await submissionsOf(site.id)).toHaveLength(3);
    expect(await mailsAbout(site.doc.name)).toHaveLength(3);
    // The same key on another site is another post.
    const other = await liveSite();
    expect((await post(other.id, 'contact', body)).json().data.id).not.toBe(first.json().data.id);
  });

  it('keeps a submission and its owner mail together: a failure between them stores neither', async () => {
    const site = await liveSite();
    const body = { data: validEn, lang: 'EN', requestKey: 'atomic-key-0001' };
    const send = t.ctx.mailer.send;
    t.ctx.mailer.send = async () => {
      throw new Error('the process died here');
    };
    try {
      expect((await post(site.id, 'contact', body)).statusCode).toBe(500);
    } finally {
      t.ctx.mailer.send = send;
    }
    expect(await submissionsOf(site.id)).toHaveLength(0);
    // The visitor's retry is stored and mailed once.
    expect((await post(site.id, 'contact', body)).statusCode).toBe(201);
    expect(await submissionsOf(site.id)).toHaveLength(1);
    expect(await mailsAbout(site.doc.name)).toHaveLength(1);
  });

  it('limits posts per address and site', async () => {
    const site = await liveSite();
    const other = await liveSite();
    const ip = '10.30.0.1';
    const bad = { data: { ...validEn, email: 'x' }, lang: 'EN' };
    for (let i = 0; i < t.config.loginRateLimitPerMinute; i++)
      expect((await post(site.id, 'contact', bad, { ip })).statusCode).toBe(400);
    expect((await post(site.id, 'contact', { data: validEn, lang: 'EN' }, { ip })).statusCode).toBe(429);
    expect((await post(other.id, 'contact', { data: validEn, lang: 'EN' }, { ip })).statusCode).toBe(201);
    expect((await post(site.id, 'contact', { data: validEn, lang: 'EN' })).statusCode).toBe(201);
  });
});

describe("the owner's mail", () => {
  it("goes to the creator in the creator's language, listing the answers, the site and a link to the list", async () => {
    const creator = t.fixtures.users.user;
    await db().update(users).set({ language: 'en' }).where(eq(users.id, creator.id));
    const site = await liveSite();
    await post(site.id, 'contact', { data: validEn, lang: 'EN' });
    const [mail, ...more] = await mailsAbout(site.doc.name);
    expect(more).toHaveLength(0);
    expect(mail!.to).toBe('user@example.com');
    expect(mail!.language).toBe('en');
    expect(mail!.subject).toBe(`New contact form submission from Kumo Bakery (${site.doc.name})`);
    for (const line of [
      'Email: visitor@example.com',
      'Company name: Kumo Bakery',
      'Name: Jane Doe',
      'Staff: 12',
      'Plan: Pro',
      'Topics: Price, Demo',
      `http://localhost:3000/admin-user/site-contact/${site.id}`,
      'within 24 hours',
    ])
      expect(mail!.text).toContain(line);

    // In Korean for a Korean-speaking creator; the homepage form links to the form list.
    await db().update(users).set({ language: 'kr' }).where(eq(users.id, creator.id));
    const homepage = await liveSite();
    await post(homepage.id, 'homepage', {
      data: { email: 'k@example.com', companyName: 'K', f2: '김' },
      lang: 'JP',
      agree: true,
    });
    const [kr] = await mailsAbout(homepage.doc.name);
    expect(kr!.language).toBe('kr');
    expect(kr!.subject).toContain('폼');
    expect(kr!.text).toContain('お名前: 김');
    expect(kr!.text).toContain(`http://localhost:3000/admin-user/site-form/${homepage.id}`);
    await db().update(users).set({ language: 'ja' }).where(eq(users.id, creator.id));
  });

  it('goes to the holders of the account when the creator is gone', async () => {
    const deleted = await liveSite({ createdBy: t.fixtures.users.newcomer.id });
    await db().update(users).set({ deletedAt: new Date() }).where(eq(users.id, t.fixtures.users.newcomer.id));
    const nobody = await liveSite({ createdBy: null });
    for (const site of [deleted, nobody]) {
      await post(site.id, 'contact', { data: validEn, lang: 'EN' });
      const sent = await mailsAbout(site.doc.name);
      // Hinode's people other than sub-admins, the deleted one left out.
      expect(sent.map((m) => m.to)).toEqual(['user@example.com']);
      expect(sent[0]!.language).toBe('ja');
      expect(sent[0]!.subject).toContain('お問い合わせフォーム');
    }
    await db().update(users).set({ deletedAt: null }).where(eq(users.id, t.fixtures.users.newcomer.id));
    const both = await liveSite({ createdBy: null });
    await post(both.id, 'contact', { data: validEn, lang: 'EN' });
    expect((await mailsAbout(both.doc.name)).map((m) => m.to).sort()).toEqual([
      'newcomer@example.com',
      'user@example.com',
    ]);
  });

  it('also goes to the contact recipient of the Settings tab, in the site language, without the console link', async () => {
    const site = await liveSite({ contactRecipient: 'sales@hinode.example' });
    const res = await post(site.id, 'contact', { data: validEn, lang: 'EN' });
    expect(res.statusCode).toBe(201);
    const sent = await mailsAbout(site.doc.name);
    expect(sent.map((m) => m.to).sort()).toEqual(['sales@hinode.example', 'user@example.com']);
    const mail = sent.find((m) => m.to === 'sales@hinode.example')!;
    // A JP site: the recipient reads Japanese; the answers are the ones sent, in their titles.
    expect(mail.language).toBe('ja');
    expect(mail.subject).toBe(`【${site.doc.name}】お問い合わせフォームから送信がありました（Kumo Bakery）`);
    for (const line of ['Email: visitor@example.com', 'Name: Jane Doe', 'Topics: Price, Demo', '24時間以内'])
      expect(mail.text).toContain(line);
    expect(mail.text).not.toContain('/site-contact/');
    // A retried post mails nobody again.
    await post(site.id, 'contact', { data: validEn, lang: 'EN' });
    expect(await mailsAbout(site.doc.name)).toHaveLength(2);
    // The homepage form is not the contact form: its recipient is the owner only.
    const homepage = await liveSite({ contactRecipient: 'sales@hinode.example' });
    const homepageData = { email: validEn.email, companyName: validEn.companyName, f2: 'Jane Doe' };
    expect((await post(homepage.id, 'homepage', { data: homepageData, lang: 'EN' })).statusCode).toBe(201);
    expect((await mailsAbout(homepage.doc.name)).map((m) => m.to)).toEqual(['user@example.com']);
    // An owner who is also the recipient gets one mail.
    const same = await liveSite({ contactRecipient: 'User@Example.com' });
    await post(same.id, 'contact', { data: validEn, lang: 'EN' });
    expect((await mailsAbout(same.doc.name)).map((m) => m.to)).toEqual(['user@example.com']);
  });

  it("keeps the visitor's text inert: escaped in the HTML part, no line breaks in the subject or the lines", async () => {
    const site = await liveSite();
    const res = await post(site.id, 'contact', {
      data: {
        ...validEn,
        companyName: 'Evil Inc.\r\nBcc: victim@example.com',
        f2: '<script>alert(1)</script>\nLink: https://evil.example',
      },
      lang: 'EN',
    });
    expect(res.statusCode).toBe(201);
    const [mail] = await mailsAbout(site.doc.name);
    expect(mail!.subject).not.toMatch(/[\r\n]/);
    expect(mail!.subject).toContain('Evil Inc. Bcc: victim@example.com');
    expect(mail!.html).not.toContain('<script>');
    expect(mail!.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail!.text).toContain('Name: <script>alert(1)</script> Link: https://evil.example');
    expect(mail!.text).not.toMatch(/^Link: /m);
    // What is stored is what was sent (lists escape it when they show it).
    const [row] = await submissionsOf(site.id);
    expect(row!.companyName).toBe('Evil Inc.\r\nBcc: victim@example.com');
  });
});

describe('changing the contact form (deletes its earlier submissions, after a warning)', () => {
  const wire = (doc: TSiteDocument) => keysToSnake(doc) as object;
  const save = (id: string, doc: TSiteDocument, extra: object = {}) =>
    call('user@example.com', 'PUT', `/api/site/${id}`, { document: wire(doc), mode: 'DRAFT', ...extra });
  const retitled = (doc: TSiteDocument) => {
    const next = structuredClone(doc);
    next.content.JP!.forms.CONTACT_SETTING[2]!.title = 'ご担当者名';
    return next;
  };
  /** A JP site with one contact and one homepage submission. */
  async function siteWithSubmissions() {
    const site = await liveSite({ languages: ['JP'] });
    const data = { ...validEn, f5: [] };
    expect((await post(site.id, 'contact', { data, agree: true })).statusCode).toBe(201);
    expect((await post(site.id, 'homepage', { data, agree: true })).statusCode).toBe(201);
    return site;
  }
  const kinds = async (siteId: string) => (await submissionsOf(siteId)).map((r) => r.kind).sort();

  it('asks for confirmation when there are contact submissions, and deletes them with the save', async () => {
    const site = await siteWithSubmissions();
    const refused = await save(site.id, retitled(site.doc));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'CONFLICT',
      message:
        'Changing the contact form deletes the contact submissions received so far. Confirm the warning to save.',
      errors: [{ field: 'confirmContactReset' }],
    });
    const [unchanged] = await db().select().from(sites).where(eq(sites.id, site.id));
    expect(unchanged!.revision).toBe(0);
    expect(await kinds(site.id)).toEqual(['CONTACT', 'HOMEPAGE']);
    expect((await save(site.id, retitled(site.doc), { confirmContactReset: false })).statusCode).toBe(409);

    const saved = await save(site.id, retitled(site.doc), { confirmContactReset: true });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.document.content.JP.forms.CONTACT_SETTING[2].title).toBe('ご担当者名');
    expect(await kinds(site.id)).toEqual(['HOMEPAGE']);
  });

  it('needs no confirmation when the contact form is unchanged or has no submissions', async () => {
    const site = await siteWithSubmissions();
    // Other changes, the homepage form's and new field ids included, keep the contact submissions.
    const other = structuredClone(site.doc);
    other.name = `${site.doc.name} renamed`;
    other.content.JP!.forms.HOMEPAGE_SETTING[2]!.title = 'Changed';
    for (const f of other.content.JP!.forms.CONTACT_SETTING) f.id = crypto.randomUUID();
    expect((await save(site.id, other)).statusCode).toBe(200);
    expect(await kinds(site.id)).toEqual(['CONTACT', 'HOMEPAGE']);

    const fresh = await liveSite({ languages: ['JP'] });
    expect((await save(fresh.id, retitled(fresh.doc))).statusCode).toBe(200);
    // A confirmation that was not needed deletes nothing it should not.
    expect((await save(site.id, other, { confirmContactReset: true, revision: 1 })).statusCode).toBe(200);
    expect(await kinds(site.id)).toEqual(['CONTACT', 'HOMEPAGE']);
  });

  it('asks the same before restoring a revision whose contact form differs', async () => {
    const site = await siteWithSubmissions();
    const renamed = { ...structuredClone(site.doc), name: `${site.doc.name} v1` };
    expect((await save(site.id, renamed)).statusCode).toBe(200);
    expect(
      (await save(site.id, retitled(renamed), { confirmContactReset: true, revision: 1 })).statusCode,
    ).toBe(200);
    const data = { ...validEn, f5: [] };
    expect((await post(site.id, 'contact', { data, agree: true })).statusCode).toBe(201);
    const restore = (extra: object) =>
      call('user@example.com', 'POST', `/api/site/${site.id}/revisions/1/restore`, { current: 2, ...extra });
    const refused = await restore({});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toEqual([expect.objectContaining({ field: 'confirmContactReset' })]);
    expect(await kinds(site.id)).toEqual(['CONTACT', 'HOMEPAGE']);
    const restored = await restore({ confirmContactReset: true });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().data.document.content.JP.forms.CONTACT_SETTING[2].title).toBe(
      site.doc.content.JP!.forms.CONTACT_SETTING[2]!.title,
    );
    expect(await kinds(site.id)).toEqual(['HOMEPAGE']);
  });

  it("leaves another site's submissions alone", async () => {
    const a = await siteWithSubmissions();
    const b = await siteWithSubmissions();
    expect((await save(a.id, retitled(a.doc), { confirmContactReset: true })).statusCode).toBe(200);
    expect(await kinds(a.id)).toEqual(['HOMEPAGE']);
    expect(await kinds(b.id)).toEqual(['CONTACT', 'HOMEPAGE']);
    expect(
      await db()
        .select()
        .from(siteSubmissions)
        .where(and(eq(siteSubmissions.siteId, b.id), eq(siteSubmissions.kind, 'CONTACT'))),
    ).toHaveLength(1);
  });
});
