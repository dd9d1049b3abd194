import { z } from 'zod';
import { zEmail } from './auth';
import { envelope } from './envelope';

// Preview sharing and its calls: a site's draft shown to
// invited emails, optionally behind a password. The owner manages the list from the console;
// an invited person enters the email on the preview page, gets a one-time code (and link) by
// mail, and signs in with it (and the password when set).

export const PREVIEW_SHARE_EMAILS_MAX = 50;
/** How long a preview sign-in lasts. */
export const PREVIEW_SESSION_HOURS = 12;
/** The preview password: any text of 4 to 50 characters (it guards a draft, not an account). */
export const PREVIEW_PASSWORD = { min: 4, max: 50 } as const;
/**
 * The sign-in code mailed to an invited email (private sharing): 6 digits, with a one-time link
 * beside it, both good for `minutes` and once; `tries` wrong answers end the code, and each
 * email gets at most `sendsPerEmail` codes per `minutes` (a new one replaces the last).
 */
export const PREVIEW_CODE = { digits: 6, minutes: 15, tries: 5, sendsPerEmail: 5 } as const;

/**
 * What a visitor is asked before seeing the preview: private sharing asks for an invited email,
 * a password is asked whenever one is set, and NONE means anyone with the address sees it.
 */
export const ZPreviewSignIn = z.enum(['NONE', 'EMAIL', 'PASSWORD', 'EMAIL_AND_PASSWORD']);
export type TPreviewSignIn = z.infer<typeof ZPreviewSignIn>;
export const previewSignIn = (s: { isPrivate: boolean; hasPassword: boolean }): TPreviewSignIn =>
  s.isPrivate ? (s.hasPassword ? 'EMAIL_AND_PASSWORD' : 'EMAIL') : s.hasPassword ? 'PASSWORD' : 'NONE';

// POST /api/preview/site/:id/share: new emails are invited; with is_private alone (no emails)
// it only switches between private and open sharing.
export const ZShareRequest = z
  .object({
    emails: z.array(zEmail()).max(PREVIEW_SHARE_EMAILS_MAX, 'preview.tooManyEmails'),
    isPrivate: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.emails.length === 0 && v.isPrivate === undefined)
      ctx.addIssue({ code: 'custom', path: ['emails'], message: 'common.required' });
  });

export const ZShareState = z.object({
  isPrivate: z.boolean(),
  hasPassword: z.boolean(),
  signIn: ZPreviewSignIn,
  emails: z.array(z.object({ email: z.string(), invitedAt: z.string() })),
  /** The address invited people open. */
  previewUrl: z.string(),
});
export type TShareState = z.infer<typeof ZShareState>;
export const ZShareStateResponse = envelope(ZShareState);

// PUT /api/preview/site/:id/share/revoke
export const ZRevokeRequest = z.object({
  emails: z.array(zEmail()).max(PREVIEW_SHARE_EMAILS_MAX),
  /** Also send the invitation again to every email that stays. */
  resendAll: z.boolean().default(false),
});

// GET /api/preview/site/:id/share/status
export const ZShareStatusResponse = envelope(
  z.object({
    isPrivate: z.boolean(),
    hasPassword: z.boolean(),
    /** What a visitor is asked: not private means no email sign-in (only the password, if set). */
    signIn: ZPreviewSignIn,
    emailCount: z.number().int(),
    /** A preview needs a saved draft (a site always has one once created). */
    hasDraft: z.boolean(),
  }),
);

// POST /api/preview/site/:id/share/set-password
export const ZSetPreviewPasswordRequest = z
  .object({
    enabled: z.boolean(),
    password: z.string().max(PREVIEW_PASSWORD.max, 'common.tooLong').optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.enabled) return;
    if (!v.password)
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'preview.passwordRequired' });
    else if (v.password.length < PREVIEW_PASSWORD.min)
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'preview.passwordTooShort' });
  });

// POST /api/preview/site/:id/login/code: private sharing's first step. The answer is the same
// whether or not the email is invited (only an invited one is mailed the code and the link).
export const ZPreviewCodeRequest = z.object({ email: zEmail() });
export const ZPreviewCodeResponse = envelope(
  z.object({ codeDigits: z.number().int(), expiresInMinutes: z.number().int() }),
);

/** The code as typed: 6 digits (spaces around and between them are dropped). */
export const zPreviewCode = () =>
  z
    .string()
    .transform((v) => v.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, 'preview.codeFormat'));

// POST /api/preview/site/:id/login. Private sharing: the email and the code mailed to it (see
// login/code), plus the password when one is set. Open sharing: the password alone, if set.
export const ZPreviewLoginRequest = z.object({
  email: zEmail().optional(),
  code: zPreviewCode().optional(),
  password: z.string().max(PREVIEW_PASSWORD.max).optional(),
});
export const ZPreviewLoginResponse = envelope(z.object({ token: z.string(), expiresAt: z.string() }));

// GET /api/preview/site/:id (?lang, ?domain) and its parts, for a signed-in previewer
export const ZPreviewQuery = z.object({
  lang: z.enum(['JP', 'EN', 'KR', 'CN']).optional(),
  /** The address the previewer came by (kept for the original API's shape; the draft is the same). */
  domain: z.string().max(253).optional(),
});

const ZLang = z.enum(['JP', 'EN', 'KR', 'CN']);
/** GET /api/preview/site/:id: the draft of one language, with its media's addresses. */
export const ZPreviewSiteResponse = envelope(
  z.object({
    name: z.string(),
    lang: ZLang,
    languages: z.array(ZLang),
    numberVertical: z.number().int(),
    numberHorizontal: z.number().int(),
    creatives: z.array(z.record(z.string(), z.unknown())),
    media: z.record(z.string(), z.string()),
  }),
);
export const ZPreviewSeoResponse = envelope(
  z.object({ lang: ZLang, title: z.string(), h1: z.string(), description: z.string() }),
);
export const ZPreviewProductsResponse = envelope(
  z.object({ coordinate: z.string(), products: z.array(z.record(z.string(), z.unknown())) }),
);
export const ZPreviewCompanyResponse = envelope(
  z.object({ lang: ZLang, company: z.record(z.string(), z.unknown()) }),
);
export const ZPreviewPageParams = z.object({
  id: z.uuid('common.notFound'),
  pageId: z.string().regex(/^[A-Z]{1,3}\d{1,3}$/, 'sites.invalidCoordinate'),
});
