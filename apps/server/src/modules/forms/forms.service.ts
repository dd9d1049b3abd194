import { createHash } from 'node:crypto';
import { type TUiLanguage, UI_LANGUAGES } from '@swipe/contracts/i18n';
import { routePrefixOf, type TRole } from '@swipe/contracts/roles';
import type { TFormType, TSiteLanguage } from '@swipe/contracts/sites';
import {
  agreementOf,
  checkFormAnswers,
  formFieldViews,
  type TFormAnswers,
  type TFormFieldView,
} from '@swipe/contracts/visitor-forms';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { users } from '../../db/schema/accounts';
import type { sites } from '../../db/schema/sites';
import { siteSubmissions } from '../../db/schema/visitors';
import type { TDbOrTx } from '../../db/tx';
import { tooManyAttempts, withinAttempts } from '../../platform/attempts';
import type { TAppContext } from '../../platform/context';
import { AppError, requestKeyReused } from '../../platform/errors';
import { publishedSite } from '../site-core/live-site';
import { MAIL_LANGUAGE } from '../site-core/visitor-urls';
import { formSubmittedMail, type TFormKind } from './form-mails';

// The contact and homepage forms of a published site; a sender is told they will be contacted
// within 24 hours. The JSON API and the server-rendered visitor pages both call these, so both
// check answers the same way, store a retried post once and notify the site's owner once.

type TSite = typeof sites.$inferSelect;

const FORM_OF_KIND: Record<TFormKind, TFormType> = {
  CONTACT: 'CONTACT_SETTING',
  HOMEPAGE: 'HOMEPAGE_SETTING',
};
/** A post without a key is the same post as an identical one within this window. */
const DERIVED_KEY_WINDOW_MS = 10 * 60_000;

/** The fields of one form of a live site in a language (its default otherwise), with the agreement. */
export async function formSetting(
  ctx: TAppContext,
  opts: { siteId: string; type: TFormType; lang?: TSiteLanguage; variationId?: string },
): Promise<{
  lang: TSiteLanguage;
  fields: TFormFieldView[];
  agreement: { shown: boolean; required: boolean; termsOfService: string; privacyPolicy: string };
}> {
  const { lang, content } = await publishedSite(ctx, opts);
  return { lang, fields: formFieldViews(content, opts.type), agreement: agreementOf(content, opts.type) };
}

type TPostContent = Pick<
  typeof siteSubmissions.$inferSelect,
  'kind' | 'lang' | 'email' | 'companyName' | 'mode' | 'data'
>;

/** What makes two posts the same post (a retry repeats all of it), as one comparable string. */
const contentOf = (post: TPostContent) =>
  JSON.stringify([
    post.kind,
    post.lang,
    post.email,
    post.companyName,
    // Rebuilt in one key order: a stored row comes back from jsonb.
    post.data.map(({ title, value }) => ({ title, value })),
    post.mode,
  ]);

/** The key of a post sent without one: the same post in the same window. */
function derivedRequestKey(content: string, now: number) {
  const bucket = Math.floor(now / DERIVED_KEY_WINDOW_MS);
  const hash = createHash('sha256').update(`${content}|${bucket}`).digest('base64url');
  return `auto-${hash.slice(0, 43)}`;
}

/**
 * Checks and stores a visitor's contact or homepage form (titles kept with the answers) and
 * mails the site's owner (and, for the contact form, the site's contact recipient). A post with a request key already stored (a retry, a double click)
 * answers the stored submission and mails nobody again. Invalid answers are a 400 naming each
 * field by its key; a site that is not live is a 404. With the visitor's address, posts are
 * limited per address and site as well.
 */
export async function submitForm(
  ctx: TAppContext,
  opts: {
    siteId: string;
    kind: TFormKind;
    data: TFormAnswers;
    lang?: TSiteLanguage;
    agree: boolean;
    mode?: string;
    requestKey?: string;
    /** The visitor's address, for the per-address-and-site limit. */
    ip?: string;
    /** The variation the visitor is shown (its forms' fields are the ones checked). */
    variationId?: string | null;
  },
): Promise<{ id: string; duplicate: boolean }> {
  if (opts.ip && !(await withinAttempts(ctx, `form|${opts.ip}|${opts.siteId}`))) throw tooManyAttempts();
  const { site, doc, lang, content } = await publishedSite(ctx, {
    siteId: opts.siteId,
    lang: opts.lang,
    variationId: opts.variationId,
  });
  const form = FORM_OF_KIND[opts.kind];
  const agreement = agreementOf(content, form);
  const checked = checkFormAnswers(content.forms[form], opts.data, {
    agreementRequired: agreement.required,
    agreed: opts.agree,
  });
  if (checked.issues.length > 0)
    throw new AppError(
      400,
      'VALIDATION_FAILED',
      'common.invalid',
      undefined,
      checked.issues.map((i) => ({ field: i.field, messageKey: i.message, params: i.params })),
    );
  const mode = opts.kind === 'HOMEPAGE' ? opts.mode?.trim() || null : null;
  const post = contentOf({
    kind: opts.kind,
    lang,
    email: checked.email,
    companyName: checked.companyName,
    data: checked.values,
    mode,
  });
  const requestKey = opts.requestKey ?? derivedRequestKey(post, Date.now());
  const emailTitle = content.forms[form].find((f) => f.builtIn === 'EMAIL')?.title ?? 'Email';
  // The submission and the owner's mail are one transaction: a crash between them loses neither.
  const stored = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(siteSubmissions)
      .values({
        siteId: site.id,
        kind: opts.kind,
        lang,
        email: checked.email,
        companyName: checked.companyName,
        data: checked.values,
        mode,
        requestKey,
      })
      .onConflictDoNothing({ target: [siteSubmissions.siteId, siteSubmissions.requestKey] })
      .returning({ id: siteSubmissions.id });
    if (!row) return null;
    await notifyOwner(ctx, tx, site, {
      kind: opts.kind,
      sender: checked.companyName || checked.email,
      answers: [...(checked.email ? [{ title: emailTitle, value: checked.email }] : []), ...checked.values],
      // The contact form's own recipient (the Settings tab), in the site's default language.
      recipient:
        opts.kind === 'CONTACT' && doc.contactRecipient
          ? { email: doc.contactRecipient, language: MAIL_LANGUAGE[doc.defaultLanguage] }
          : null,
    });
    return row;
  });
  ctx.nudgeJobs();
  if (!stored) {
    const [earlier] = await ctx.db
      .select()
      .from(siteSubmissions)
      .where(and(eq(siteSubmissions.siteId, site.id), eq(siteSubmissions.requestKey, requestKey)))
      .limit(1);
    if (!earlier) throw new AppError(409, 'CONFLICT', 'common.invalid');
    // A retry sends the same post again; the same key with other contents is another post.
    if (contentOf(earlier) !== post) throw requestKeyReused();
    return { id: earlier.id, duplicate: true };
  }
  return { id: stored.id, duplicate: false };
}

type TRecipient = { email: string; language: TUiLanguage; role: TRole; parentRole: TRole | null };

const uiLanguage = (l: string): TUiLanguage =>
  (UI_LANGUAGES as readonly string[]).includes(l) ? (l as TUiLanguage) : 'ja';

/**
 * Who hears of a site's submissions: its creator while that user exists, else the holders of
 * the site's account (its people other than sub-admins).
 */
async function ownerRecipients(db: TDbOrTx, site: TSite): Promise<TRecipient[]> {
  const live = isNull(users.deletedAt);
  if (site.createdBy) {
    const [creator] = await db
      .select()
      .from(users)
      .where(and(eq(users.id, site.createdBy), live))
      .limit(1);
    let parentRole: TRole | null = null;
    if (creator?.role === 'SUB_ADMIN' && creator.parentUserId) {
      const [parent] = await db
        .select({ role: users.role })
        .from(users)
        .where(eq(users.id, creator.parentUserId))
        .limit(1);
      parentRole = (parent?.role as TRole | undefined) ?? null;
    }
    if (creator && (creator.role !== 'SUB_ADMIN' || (parentRole && parentRole !== 'SUB_ADMIN')))
      return [
        {
          email: creator.email,
          language: uiLanguage(creator.language),
          role: creator.role as TRole,
          parentRole,
        },
      ];
  }
  const holders = await db
    .select({ email: users.email, language: users.language, role: users.role })
    .from(users)
    .where(and(eq(users.accountId, site.accountId), ne(users.role, 'SUB_ADMIN'), live));
  return holders.map((h) => ({
    email: h.email,
    language: uiLanguage(h.language),
    role: h.role as TRole,
    parentRole: null,
  }));
}

async function notifyOwner(
  ctx: TAppContext,
  tx: TDbOrTx,
  site: TSite,
  p: {
    kind: TFormKind;
    sender: string;
    answers: { title: string; value: string }[];
    recipient: { email: string; language: TUiLanguage } | null;
  },
) {
  const list = p.kind === 'CONTACT' ? 'site-contact' : 'site-form';
  const owners = await ownerRecipients(tx, site);
  for (const to of owners) {
    const prefix = routePrefixOf(to.role, to.parentRole);
    const mail = formSubmittedMail(to.language, {
      siteName: site.name,
      kind: p.kind,
      sender: p.sender,
      answers: p.answers,
      link: `${ctx.config.publicUrl}/${prefix}/${list}/${site.id}`,
    });
    await ctx.mailer.send({ to: to.email, language: to.language, ...mail }, { db: tx });
  }
  // An owner who is also the recipient hears of it once.
  const to = p.recipient;
  if (to && !owners.some((o) => o.email.toLowerCase() === to.email.toLowerCase())) {
    const mail = formSubmittedMail(to.language, {
      siteName: site.name,
      kind: p.kind,
      sender: p.sender,
      answers: p.answers,
      link: null,
    });
    await ctx.mailer.send({ to: to.email, language: to.language, ...mail }, { db: tx });
  }
}
