import { describe, expect, it } from 'vitest';
import { defaultFormFields, emptyLanguageContent, type TFormField, ZCompany, ZFormField } from './sites';
import {
  ANSWER_MAX,
  agreementOf,
  checkFormAnswers,
  contactFormChanged,
  fieldKey,
  formFieldViews,
} from './visitor-forms';

// The form rules as checkFormAnswers applies them to a visitor's answers, form field names and
// the agreement to the terms, and what counts as a changed contact form.

const field = (f: Partial<TFormField> & Pick<TFormField, 'typeInput' | 'title'>) => ZFormField.parse(f);
const defaults = (type: 'CONTACT_SETTING' | 'MEMBERSHIP_SETTING') =>
  defaultFormFields(type).map((f) => ZFormField.parse(f));

/** The contact defaults (email, company) and one field of each type. */
const contact = [
  ...defaults('CONTACT_SETTING'),
  field({ typeInput: 'TEXT_BOX', title: 'Name', isRequired: true }),
  field({ typeInput: 'TEXT_BOX', title: 'Note' }),
  field({ typeInput: 'NUMBER', title: 'Staff' }),
  field({ typeInput: 'SELECT', title: 'Plan', options: [{ value: 'Light' }, { value: 'Pro' }] }),
  field({
    typeInput: 'SELECT_OPTIONS',
    title: 'Topics',
    isRequired: true,
    options: [{ value: 'Price' }, { value: 'Demo' }, { value: 'Other' }],
  }),
];
const valid = {
  email: ' Taro@Example.COM ',
  companyName: 'Hinode',
  f2: 'Taro',
  f3: '',
  f4: '1,200',
  f5: 'Pro',
  f6: ['Price', 'Demo'],
};
const noAgreement = { agreementRequired: false, agreed: false };
const issuesOf = (answers: Record<string, string | string[]>, fields = contact, opts = noAgreement) =>
  checkFormAnswers(fields, answers, opts).issues;

describe('fieldKey', () => {
  it('names built-in fields by their role and the others by their index', () => {
    expect(contact.map(fieldKey)).toEqual(['email', 'companyName', 'f2', 'f3', 'f4', 'f5', 'f6']);
    expect(defaults('MEMBERSHIP_SETTING').map(fieldKey)).toEqual(['email', 'password', 'confirmPassword']);
  });

  it('gives the visitor views the same keys', () => {
    const content = emptyLanguageContent(1, 1);
    content.forms.CONTACT_SETTING = contact;
    const views = formFieldViews(content, 'CONTACT_SETTING');
    expect(views.map((v) => v.key)).toEqual(['email', 'companyName', 'f2', 'f3', 'f4', 'f5', 'f6']);
    expect(views[5]).toEqual({
      key: 'f5',
      typeInput: 'SELECT',
      title: 'Plan',
      isRequired: false,
      placeholder: '',
      options: [{ value: 'Light' }, { value: 'Pro' }],
      builtIn: null,
    });
  });
});

describe('checkFormAnswers', () => {
  it('accepts valid answers: the email lower-cased, each other answer with its title', () => {
    const out = checkFormAnswers(contact, valid, noAgreement);
    expect(out.issues).toEqual([]);
    expect(out.email).toBe('taro@example.com');
    expect(out.companyName).toBe('Hinode');
    expect(out.values).toEqual([
      { title: 'Company name', value: 'Hinode' },
      { title: 'Name', value: 'Taro' },
      { title: 'Note', value: '' },
      { title: 'Staff', value: '1,200' },
      { title: 'Plan', value: 'Pro' },
      { title: 'Topics', value: 'Price, Demo' },
    ]);
  });

  it('asks for required fields, and always for built-in ones', () => {
    const optionalEmail = [{ ...contact[0]!, isRequired: false }, ...contact.slice(1)];
    expect(issuesOf({ ...valid, f2: '   ' })).toEqual([{ field: 'f2', message: 'common.required' }]);
    expect(issuesOf({ ...valid, email: '' }, optionalEmail)).toEqual([
      { field: 'email', message: 'common.required' },
    ]);
    expect(issuesOf({ ...valid, companyName: undefined as never })).toEqual([
      { field: 'companyName', message: 'common.required' },
    ]);
    expect(issuesOf({ ...valid, f6: [] })).toEqual([{ field: 'f6', message: 'common.required' }]);
    expect(issuesOf({})).toEqual([
      { field: 'email', message: 'common.required' },
      { field: 'companyName', message: 'common.required' },
      { field: 'f2', message: 'common.required' },
      { field: 'f6', message: 'common.required' },
    ]);
  });

  it('refuses an invalid email address', () => {
    expect(issuesOf({ ...valid, email: 'taro@' })).toEqual([
      { field: 'email', message: 'common.invalidEmail' },
    ]);
    expect(issuesOf({ ...valid, email: 'no spaces@example.com' })[0]?.message).toBe('common.invalidEmail');
  });

  it('takes numbers with separators and signs only', () => {
    for (const n of ['12', '-3.5', '1,234,567', '1，200']) expect(issuesOf({ ...valid, f4: n })).toEqual([]);
    for (const n of ['twelve', '1e3', '1.2.3', '--1'])
      expect(issuesOf({ ...valid, f4: n })).toEqual([{ field: 'f4', message: 'visitors.invalidNumber' }]);
  });

  it('takes only the options of a dropdown and a checkbox group', () => {
    expect(issuesOf({ ...valid, f5: 'Premium' })).toEqual([
      { field: 'f5', message: 'visitors.invalidOption' },
    ]);
    expect(issuesOf({ ...valid, f6: ['Price', 'Free lunch'] })).toEqual([
      { field: 'f6', message: 'visitors.invalidOption' },
    ]);
    // An optional dropdown may stay empty; a checkbox group may come as one value.
    expect(issuesOf({ ...valid, f5: '' })).toEqual([]);
    expect(checkFormAnswers(contact, { ...valid, f6: 'Other' }, noAgreement).values.at(-1)).toEqual({
      title: 'Topics',
      value: 'Other',
    });
  });

  it('limits a text answer to ANSWER_MAX characters', () => {
    expect(issuesOf({ ...valid, f2: 'x'.repeat(ANSWER_MAX) })).toEqual([]);
    expect(issuesOf({ ...valid, f2: 'x'.repeat(ANSWER_MAX + 1) })).toEqual([
      { field: 'f2', message: 'common.tooLong', params: { max: ANSWER_MAX } },
    ]);
  });

  it('takes the first of several values for a one-value field, trimmed', () => {
    const out = checkFormAnswers(contact, { ...valid, f2: ['  Jiro ', 'Saburo'] }, noAgreement);
    expect(out.values.find((v) => v.title === 'Name')).toEqual({ title: 'Name', value: 'Jiro' });
  });

  it('checks end-user passwords and their confirmation', () => {
    const membership = defaults('MEMBERSHIP_SETTING');
    const ok = checkFormAnswers(
      membership,
      { email: 'a@example.com', password: 'Aa1@aaaa', confirmPassword: 'Aa1@aaaa' },
      noAgreement,
    );
    expect(ok.issues).toEqual([]);
    expect(ok.password).toBe('Aa1@aaaa');
    expect(ok.values).toEqual([]);
    const limits = { min: 8, max: 20 };
    const bad = (password: string, confirmPassword = password) =>
      issuesOf({ email: 'a@example.com', password, confirmPassword }, membership);
    expect(bad('Aa1@a')).toEqual([{ field: 'password', message: 'password.length', params: limits }]);
    expect(bad(`Aa1@${'a'.repeat(17)}`)).toEqual([
      { field: 'password', message: 'password.length', params: limits },
    ]);
    expect(bad('aa1@aaaa')).toEqual([{ field: 'password', message: 'password.complexity', params: limits }]);
    expect(bad('Aa1@ aaaa')).toEqual([{ field: 'password', message: 'password.noSpaces', params: limits }]);
    expect(bad('Aa1@aaaa', 'Aa1@aaab')).toEqual([{ field: 'confirmPassword', message: 'password.mismatch' }]);
    expect(bad('Aa1@aaaa', '')).toEqual([{ field: 'confirmPassword', message: 'common.required' }]);
  });

  it('asks for the agreement only when it is required', () => {
    expect(issuesOf(valid, contact, { agreementRequired: true, agreed: false })).toEqual([
      { field: 'agree', message: 'visitors.agreeRequired' },
    ]);
    expect(issuesOf(valid, contact, { agreementRequired: true, agreed: true })).toEqual([]);
    expect(issuesOf(valid, contact, { agreementRequired: false, agreed: false })).toEqual([]);
  });
});

describe('agreementOf', () => {
  const company = (c: Partial<ReturnType<typeof ZCompany.parse>>) => ({
    company: ZCompany.parse({ termsOfService: 'Terms', privacyPolicy: 'Privacy', ...c }),
  });

  it('shows the terms next to the forms the company chose, required when it says so', () => {
    expect(agreementOf(company({ agreementRequired: true }), 'CONTACT_SETTING')).toEqual({
      shown: true,
      required: true,
      termsOfService: 'Terms',
      privacyPolicy: 'Privacy',
    });
    expect(agreementOf(company({}), 'HOMEPAGE_SETTING')).toEqual({
      shown: true,
      required: false,
      termsOfService: 'Terms',
      privacyPolicy: 'Privacy',
    });
  });

  it('neither shows nor requires them on a form where they are hidden', () => {
    const hidden = { shown: false, required: false, termsOfService: '', privacyPolicy: '' };
    const c = company({
      agreementRequired: true,
      showInContact: false,
      showInForm: false,
      showInMemberShip: false,
    });
    expect(agreementOf(c, 'CONTACT_SETTING')).toEqual(hidden);
    expect(agreementOf(c, 'HOMEPAGE_SETTING')).toEqual(hidden);
    expect(agreementOf(c, 'MEMBERSHIP_SETTING')).toEqual(hidden);
    // Each form follows its own flag.
    expect(
      agreementOf(company({ agreementRequired: true, showInContact: false }), 'MEMBERSHIP_SETTING').required,
    ).toBe(true);
    expect(agreementOf(company({ showInMemberShip: false }), 'CONTACT_SETTING').shown).toBe(true);
  });
});

describe('contactFormChanged', () => {
  const doc = (langs: ('JP' | 'EN')[], edit?: (fields: TFormField[]) => void) => {
    const content = Object.fromEntries(
      langs.map((l) => {
        const c = emptyLanguageContent(1, 1);
        c.forms.CONTACT_SETTING = contact.map((f, i) => ({ ...f, id: `${l}-${i}` }));
        return [l, c];
      }),
    );
    if (edit) edit(content.EN!.forms.CONTACT_SETTING);
    return { languages: langs, content };
  };

  it('ignores ids and the other forms', () => {
    const before = doc(['JP', 'EN']);
    const after = doc(['JP', 'EN'], (f) => {
      for (const x of f) x.id = 'new';
    });
    after.content.EN!.forms.HOMEPAGE_SETTING = [];
    after.content.EN!.forms.MEMBERSHIP_SETTING = [];
    expect(contactFormChanged(before, after)).toBe(false);
  });

  it('sees a changed type, title, required flag, placeholder, option, or a field added or removed', () => {
    const before = doc(['JP', 'EN']);
    const edits: ((f: TFormField[]) => void)[] = [
      (f) => {
        f[3]!.typeInput = 'NUMBER';
      },
      (f) => {
        f[2]!.title = 'Full name';
      },
      (f) => {
        f[3]!.isRequired = true;
      },
      (f) => {
        f[3]!.placeholder = 'Anything else?';
      },
      (f) => {
        f[5]!.options = [{ value: 'Light' }];
      },
      (f) => f.push(field({ typeInput: 'TEXT_BOX', title: 'Phone' })),
      (f) => f.splice(3, 1),
    ];
    for (const edit of edits) expect(contactFormChanged(before, doc(['JP', 'EN'], edit))).toBe(true);
  });

  it('leaves languages added or removed aside', () => {
    expect(
      contactFormChanged(
        doc(['JP']),
        doc(['JP', 'EN'], (f) => f.pop()),
      ),
    ).toBe(false);
    expect(contactFormChanged(doc(['JP', 'EN']), doc(['JP']))).toBe(false);
  });
});
