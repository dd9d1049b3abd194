import { z } from 'zod';
import { zEmail } from './auth';
import { envelope, ZMessageOnly } from './envelope';
import { type TMessageKey, toMessageKey } from './messages';
import { checkPassword, END_USER_PASSWORD } from './password';
import {
  type TFormField,
  type TFormType,
  type TLanguageContent,
  type TSiteDocument,
  ZSiteLanguage,
} from './sites';

// Visitor forms and member registration: the forms a
// published site asks its visitors to fill (contact, membership, homepage), how their answers are
// checked (the same function on the JSON API and the server-rendered HTML pages) and the shapes
// of the end-user calls that send them.

/** Visitor answers have no specified limit of their own; a text answer may be as long as a URL. */
export const ANSWER_MAX = 256;
/** The longest visitor address stored and mailed (RFC 5321's 254; zEmail lets 256 through). */
export const VISITOR_EMAIL_MAX = 254;
/** A visitor's idempotency key: a retried or double-clicked post stores one submission. */
export const zRequestKey = () =>
  z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'common.invalid');

/**
 * The name of a field's answer: built-in fields have fixed names (what an API client sends and
 * what the HTML form posts, snake_case on the wire), the creator's own fields `f<index>`.
 */
export function fieldKey(field: Pick<TFormField, 'builtIn'>, index: number): string {
  switch (field.builtIn) {
    case 'EMAIL':
      return 'email';
    case 'COMPANY':
      return 'companyName';
    case 'PASSWORD':
      return 'password';
    case 'CONFIRM_PASSWORD':
      return 'confirmPassword';
    default:
      return `f${index}`;
  }
}

/** Which company setting shows the terms and privacy policy next to which form. */
export const COMPANY_FLAG_OF_FORM: Record<TFormType, 'showInContact' | 'showInMemberShip' | 'showInForm'> = {
  CONTACT_SETTING: 'showInContact',
  MEMBERSHIP_SETTING: 'showInMemberShip',
  HOMEPAGE_SETTING: 'showInForm',
};

/** A visitor's answers: a text per field, several for a checkbox group (SELECT_OPTIONS). */
export const ZFormAnswers = z.record(
  z.string().max(64),
  z.union([z.string().max(4096), z.array(z.string().max(4096)).max(100)]),
);
export type TFormAnswers = z.infer<typeof ZFormAnswers>;

export type TAnswerIssue = { field: string; message: TMessageKey; params?: Record<string, string | number> };

export type TCheckedAnswers = {
  email: string;
  companyName: string;
  password: string;
  /** The creator's fields (and company name), each with the title it had: what lists show. */
  values: { title: string; value: string }[];
  issues: TAnswerIssue[];
};

const text = (v: string | string[] | undefined) => (Array.isArray(v) ? (v[0] ?? '') : (v ?? '')).trim();
const list = (v: string | string[] | undefined) =>
  (Array.isArray(v) ? v : v === undefined || v === '' ? [] : [v]).map((s) => s.trim()).filter(Boolean);

/**
 * Checks a visitor's answers against the form as the creator configured it (required
 * fields, 'Invalid email address.', end-user passwords of 8-20 characters with the rules,
 * 'Passwords do not match. Please try again.', numbers, options) and the agreement to the terms
 * when the company requires it. Issues name the field key and carry message keys.
 */
export function checkFormAnswers(
  fields: TFormField[],
  answers: TFormAnswers,
  opts: { agreementRequired: boolean; agreed: boolean },
): TCheckedAnswers {
  const out: TCheckedAnswers = { email: '', companyName: '', password: '', values: [], issues: [] };
  const issue = (field: string, message: TMessageKey, params?: Record<string, string | number>) =>
    out.issues.push({ field, message, ...(params ? { params } : {}) });
  fields.forEach((field, index) => {
    const key = fieldKey(field, index);
    const raw = answers[key];
    if (field.typeInput === 'SELECT_OPTIONS') {
      const chosen = list(raw);
      if (field.isRequired && chosen.length === 0) {
        issue(key, 'common.required');
        return;
      }
      const allowed = new Set(field.options.map((o) => o.value));
      if (chosen.some((c) => !allowed.has(c))) {
        issue(key, 'visitors.invalidOption');
        return;
      }
      out.values.push({ title: field.title, value: chosen.join(', ') });
      return;
    }
    const value =
      field.builtIn === 'PASSWORD' || field.builtIn === 'CONFIRM_PASSWORD' ? String(raw ?? '') : text(raw);
    if (value === '') {
      if (field.isRequired || field.builtIn) issue(key, 'common.required');
      else out.values.push({ title: field.title, value: '' });
      return;
    }
    switch (field.builtIn) {
      case 'EMAIL': {
        const r = zEmail().safeParse(value);
        if (!r.success) {
          issue(key, toMessageKey(r.error.issues[0]!.message, 'common.invalidEmail'));
          return;
        }
        if (r.data.length > VISITOR_EMAIL_MAX) {
          issue(key, 'common.invalidEmail');
          return;
        }
        out.email = r.data.toLowerCase();
        return;
      }
      case 'PASSWORD': {
        const broken = checkPassword(value, END_USER_PASSWORD);
        if (broken) {
          issue(key, broken, { ...END_USER_PASSWORD });
          return;
        }
        out.password = value;
        return;
      }
      case 'CONFIRM_PASSWORD': {
        const password = String(answers.password ?? '');
        if (value !== password) issue(key, 'password.mismatch');
        return;
      }
    }
    if (value.length > ANSWER_MAX) {
      issue(key, 'common.tooLong', { max: ANSWER_MAX });
      return;
    }
    if (field.typeInput === 'NUMBER' && !/^-?\d+(?:\.\d+)?$/.test(value.replace(/[,，]/g, ''))) {
      issue(key, 'visitors.invalidNumber');
      return;
    }
    if (field.typeInput === 'SELECT' && !field.options.some((o) => o.value === value)) {
      issue(key, 'visitors.invalidOption');
      return;
    }
    if (field.builtIn === 'COMPANY') out.companyName = value;
    out.values.push({ title: field.title, value });
  });
  if (opts.agreementRequired && !opts.agreed) issue('agree', 'visitors.agreeRequired');
  return out;
}

/** Whether a form asks the visitor to agree to the terms and privacy policy. */
export function agreementOf(content: Pick<TLanguageContent, 'company'>, form: TFormType) {
  const company = content.company;
  const shown = company[COMPANY_FLAG_OF_FORM[form]];
  return {
    shown,
    required: shown && company.agreementRequired,
    termsOfService: shown ? company.termsOfService : '',
    privacyPolicy: shown ? company.privacyPolicy : '',
  };
}

/** The fields of a form as visitors see them (each with the name its answer goes by). */
export function formFieldViews(content: Pick<TLanguageContent, 'forms'>, form: TFormType): TFormFieldView[] {
  return content.forms[form].map((f, i) => ({
    key: fieldKey(f, i),
    typeInput: f.typeInput,
    title: f.title,
    isRequired: f.isRequired,
    placeholder: f.placeholder,
    options: f.options,
    builtIn: f.builtIn,
  }));
}

/** What a contact submission depends on in a field: everything but its id. */
const contactShape = (fields: TFormField[] | undefined) =>
  JSON.stringify(
    (fields ?? []).map((f) => [
      f.typeInput,
      f.title,
      f.isRequired,
      f.placeholder,
      f.options.map((o) => o.value),
    ]),
  );

/**
 * Changing the contact form deletes the contact data submitted before (after a warning), so:
 * whether the contact form of a language both versions have differs (type, title,
 * required, placeholder, options; ids aside). A language added or removed changes no form that
 * earlier submissions were sent through. The editor asks before saving, the server checks again.
 */
export function contactFormChanged(
  before: Pick<TSiteDocument, 'languages' | 'content'>,
  after: Pick<TSiteDocument, 'languages' | 'content'>,
): boolean {
  return after.languages.some(
    (lang) =>
      before.languages.includes(lang) &&
      contactShape(before.content[lang]?.forms?.CONTACT_SETTING) !==
        contactShape(after.content[lang]?.forms?.CONTACT_SETTING),
  );
}

// --- end-user calls --------------------------------------------------------------------------

export const ZFormSettingQuery = z.object({
  lang: ZSiteLanguage.optional(),
  /** A variation of the site's experiment: its forms' fields; another id is the site's own. */
  variationId: z.string().max(64).optional(),
});

export const ZFormFieldView = z.object({
  key: z.string(),
  typeInput: z.enum(['SELECT', 'TEXT_BOX', 'NUMBER', 'SELECT_OPTIONS']),
  title: z.string(),
  isRequired: z.boolean(),
  placeholder: z.string(),
  options: z.array(z.object({ value: z.string() })),
  builtIn: z.enum(['EMAIL', 'COMPANY', 'PASSWORD', 'CONFIRM_PASSWORD']).nullable(),
});
export type TFormFieldView = z.infer<typeof ZFormFieldView>;

/** GET /api/end-user/site/{id}/contact-setting | membership-setting | homepage-setting */
export const ZFormSettingResponse = envelope(
  z.object({
    lang: ZSiteLanguage,
    fields: z.array(ZFormFieldView),
    agreement: z.object({
      shown: z.boolean(),
      required: z.boolean(),
      termsOfService: z.string(),
      privacyPolicy: z.string(),
    }),
  }),
);

const formPost = {
  data: ZFormAnswers,
  lang: ZSiteLanguage.optional(),
  /** Agreed to the terms of use and the privacy policy (when the company requires it). */
  agree: z.boolean().default(false),
  requestKey: zRequestKey().optional(),
};

/** POST /api/end-user/site/{id}/contact */
export const ZContactRequest = z.object(formPost);
/** POST /api/end-user/site/{id}/homepage */
export const ZHomepageRequest = z.object({ ...formPost, mode: z.string().trim().max(32).optional() });
/** POST /api/end-user/site/{id}/register: email, password and confirm_password inside `data`. */
export const ZRegisterRequest = z.object({
  data: ZFormAnswers,
  lang: ZSiteLanguage.optional(),
  agree: z.boolean().default(false),
});
/** POST /api/end-user/site/{id}/login */
export const ZEndUserLoginRequest = z.object({
  email: z.string().trim().max(256),
  password: z.string().max(100),
});
/** POST /api/end-user/site/{id}/resend-register-email */
export const ZResendRegisterRequest = z.object({ email: zEmail(), lang: ZSiteLanguage.optional() });

/** POST /api/end-user/site/{id}/register/confirm: the token of the confirmation mail's link. */
export const ZRegisterConfirmRequest = z.object({
  token: z.string({ error: 'common.required' }).trim().min(1, 'common.required').max(200, 'common.invalid'),
});

/** Sent forms and registrations answer a message (the same whether or not the email was known). */
export const ZVisitorMessageResponse = ZMessageOnly;
export const ZSubmissionResponse = envelope(z.object({ id: z.string() }));
export const ZEndUserLoginResponse = envelope(
  z.object({ token: z.string(), expiresAt: z.string(), email: z.string() }),
);

/** Member sessions last this long. */
export const MEMBER_SESSION_DAYS = 30;
/** A confirmation link works this long, once. */
export const MEMBER_CONFIRM_HOURS = 24;
