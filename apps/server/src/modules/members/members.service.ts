import { type TSiteLanguage, ZSiteLanguage } from '@swipe/contracts/sites';
import {
  agreementOf,
  checkFormAnswers,
  MEMBER_CONFIRM_HOURS,
  MEMBER_SESSION_DAYS,
  type TFormAnswers,
} from '@swipe/contracts/visitor-forms';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { siteMembers, siteMemberTokens } from '../../db/schema/visitors';
import type { TDbOrTx } from '../../db/tx';
import { tooManyAttempts, withinAttempts } from '../../platform/attempts';
import type { TAppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { enqueueJob, type TJobHandler } from '../../platform/jobs';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../platform/password-hash';
import { hashToken, newOpaqueToken } from '../../platform/tokens';
import { publishedSite } from '../site-core/live-site';
import { MAIL_LANGUAGE, visitorPageUrl } from '../site-core/visitor-urls';
import { memberCookieValue } from './member-cookie';
import { memberAlreadyRegisteredMail, memberConfirmMail, memberResendMail } from './member-mails';

export { memberCookieName } from './member-cookie';

// Member registration and members-only content: a visitor registers with a site
// (temporary registration, PENDING), opens the link of the confirmation mail (ACTIVE), then
// signs in for a session token that opens the site's members-only pages. Everything belongs to
// one site: the same email is a different member (own password) on another site, and a session
// of one site is nobody on another. Registration, resend and sign-in answer the same whatever
// the address is (known, pending, active), in about the same time; sign-in and resend attempts
// are limited per address and site. The JSON API (routes/) and the HTML visitor pages
// (visitor-pages) both call these.

type TMember = typeof siteMembers.$inferSelect;
type TPublished = Awaited<ReturnType<typeof publishedSite>>;

const CONFIRM = 'CONFIRM';
const SESSION = 'SESSION';
/** Tokens are 43 characters (newOpaqueToken); anything much longer is nobody's. */
const TOKEN_MAX = 200;

const invalidCredentials = () => new AppError(401, 'INVALID_CREDENTIALS', 'auth.invalidCredentials');

const memberOf = async (ctx: TAppContext, siteId: string, email: string): Promise<TMember | undefined> =>
  (
    await ctx.db
      .select()
      .from(siteMembers)
      .where(and(eq(siteMembers.siteId, siteId), eq(siteMembers.email, email)))
  )[0];

/**
 * Ends the member's unused confirmation links and mails a new one, all in `db` (the caller's
 * transaction, so the member and the link that confirms it are stored together).
 */
async function sendConfirmation(
  ctx: TAppContext,
  db: TDbOrTx,
  published: TPublished,
  member: Pick<TMember, 'id' | 'email'>,
  resend: boolean,
) {
  const { site, doc, lang } = published;
  await db
    .delete(siteMemberTokens)
    .where(
      and(
        eq(siteMemberTokens.memberId, member.id),
        eq(siteMemberTokens.kind, CONFIRM),
        isNull(siteMemberTokens.usedAt),
      ),
    );
  const token = newOpaqueToken();
  await db.insert(siteMemberTokens).values({
    memberId: member.id,
    siteId: site.id,
    kind: CONFIRM,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + MEMBER_CONFIRM_HOURS * 3_600_000),
  });
  const language = MAIL_LANGUAGE[lang];
  const mail = (resend ? memberResendMail : memberConfirmMail)[language]({
    site: doc.name,
    link: visitorPageUrl(ctx, site, doc, lang, 'register-confirm', { token }),
    hours: MEMBER_CONFIRM_HOURS,
  });
  await ctx.mailer.send({ to: member.email, language, ...mail }, { db });
}

/**
 * A registration from the membership form: checked like the form asks (field errors name the
 * field keys); then a new address becomes a PENDING member with a confirmation mail, a pending
 * one gets its details replaced and a new link (the old ones stop working), an active one a mail
 * saying it is already registered. The caller cannot tell which happened.
 */
export async function registerMember(
  ctx: TAppContext,
  opts: {
    siteId: string;
    data: TFormAnswers;
    lang?: TSiteLanguage;
    agree: boolean;
    ip: string;
    /** The variation the visitor is shown (its membership fields are the ones checked). */
    variationId?: string | null;
  },
): Promise<void> {
  // Every registration mails someone: a few per address and site.
  if (!(await withinAttempts(ctx, `member-register|${opts.ip}|${opts.siteId}`))) throw tooManyAttempts();
  const published = await publishedSite(ctx, {
    siteId: opts.siteId,
    lang: opts.lang,
    variationId: opts.variationId,
  });
  const { site, doc, lang, content } = published;
  const fields = content.forms.MEMBERSHIP_SETTING;
  const agreement = agreementOf(content, 'MEMBERSHIP_SETTING');
  const checked = checkFormAnswers(fields, opts.data, {
    agreementRequired: agreement.required,
    agreed: opts.agree,
  });
  const issues = checked.issues.map((i) => ({ field: i.field, messageKey: i.message, params: i.params }));
  // A form without its built-in fields (never saved so) still cannot register nobody.
  if (issues.length === 0 && !checked.email)
    issues.push({ field: 'email', messageKey: 'common.required', params: undefined });
  if (issues.length === 0 && !checked.password)
    issues.push({ field: 'password', messageKey: 'common.required', params: undefined });
  if (issues.length > 0) throw new AppError(400, 'VALIDATION_FAILED', 'common.invalid', undefined, issues);

  // Hashed in every case, so an active address answers in the same time as a new one.
  const passwordHash = await hashPassword(checked.password);
  let member = await memberOf(ctx, site.id, checked.email);
  if (!member) {
    member = await ctx.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(siteMembers)
        .values({ siteId: site.id, email: checked.email, passwordHash, lang, data: checked.values })
        .onConflictDoNothing()
        .returning();
      if (created) await sendConfirmation(ctx, tx, published, created, false);
      return created;
    });
    ctx.nudgeJobs();
    if (member) return;
    // Registered at the same moment by another request: carry on as for a known address.
    member = await memberOf(ctx, site.id, checked.email);
    if (!member) return;
  }
  if (member.status === 'ACTIVE') {
    const language = MAIL_LANGUAGE[lang];
    const mail = memberAlreadyRegisteredMail[language]({
      site: doc.name,
      loginLink: visitorPageUrl(ctx, site, doc, lang, 'login'),
    });
    await ctx.mailer.send({ to: member.email, language, ...mail });
    return;
  }
  const pending = member;
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(siteMembers)
      .set({ passwordHash, lang, data: checked.values })
      .where(and(eq(siteMembers.id, pending.id), eq(siteMembers.status, 'PENDING')));
    await sendConfirmation(ctx, tx, published, pending, false);
  });
  ctx.nudgeJobs();
}

/**
 * Opens a confirmation link: an unused, unexpired link of this site makes its member ACTIVE and
 * is used up. False for anything else (used, expired, another site's, made up).
 */
export async function confirmMember(
  ctx: TAppContext,
  opts: { siteId: string; token: string },
): Promise<boolean> {
  const { site } = await publishedSite(ctx, { siteId: opts.siteId });
  if (!opts.token || opts.token.length > TOKEN_MAX) return false;
  const now = new Date();
  return ctx.db.transaction(async (tx) => {
    const [used] = await tx
      .update(siteMemberTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(siteMemberTokens.tokenHash, hashToken(opts.token)),
          eq(siteMemberTokens.siteId, site.id),
          eq(siteMemberTokens.kind, CONFIRM),
          isNull(siteMemberTokens.usedAt),
          gt(siteMemberTokens.expiresAt, now),
        ),
      )
      .returning({ memberId: siteMemberTokens.memberId });
    if (!used) return false;
    // Links are only ever issued to a PENDING member (a new one ends the older ones).
    await tx
      .update(siteMembers)
      .set({ status: 'ACTIVE', confirmedAt: now })
      .where(
        and(
          eq(siteMembers.id, used.memberId),
          eq(siteMembers.siteId, site.id),
          eq(siteMembers.status, 'PENDING'),
        ),
      );
    return true;
  });
}

/**
 * Signs an ACTIVE member of this site in: a session token (stored hashed) for MEMBER_SESSION_DAYS.
 * Unknown, pending, wrong password or another site's member: one 401 with the spec's text.
 */
export async function loginMember(
  ctx: TAppContext,
  opts: { siteId: string; email: string; password: string; ip: string },
): Promise<{ token: string; expiresAt: string; email: string }> {
  if (!(await withinAttempts(ctx, `member-login|${opts.ip}|${opts.siteId}`))) throw tooManyAttempts();
  const { site } = await publishedSite(ctx, { siteId: opts.siteId });
  const email = opts.email.trim().toLowerCase();
  const member = email && email.length <= 254 ? await memberOf(ctx, site.id, email) : undefined;
  const passwordOk = member
    ? await verifyPassword(member.passwordHash, opts.password)
    : await verifyAgainstDummy(opts.password);
  if (!member || member.status !== 'ACTIVE' || !passwordOk) throw invalidCredentials();
  const token = newOpaqueToken();
  const expiresAt = new Date(Date.now() + MEMBER_SESSION_DAYS * 86_400_000);
  await ctx.db.insert(siteMemberTokens).values({
    memberId: member.id,
    siteId: site.id,
    kind: SESSION,
    tokenHash: hashToken(token),
    expiresAt,
  });
  await ctx.db.update(siteMembers).set({ lastLoginAt: new Date() }).where(eq(siteMembers.id, member.id));
  return { token, expiresAt: expiresAt.toISOString(), email: member.email };
}

/** A pending member gets a new confirmation link (the old ones stop working); others nothing. */
export async function resendConfirmation(
  ctx: TAppContext,
  opts: { siteId: string; email: string; lang?: TSiteLanguage; ip: string },
): Promise<void> {
  if (!(await withinAttempts(ctx, `member-resend|${opts.ip}|${opts.siteId}`))) throw tooManyAttempts();
  const { site } = await publishedSite(ctx, { siteId: opts.siteId });
  // The lookup and the mail happen in a job: the answer comes as fast for a pending address as
  // for an unknown one (no enumeration, not even by timing), like the operators' forgot-password.
  await enqueueJob(ctx.db, {
    kind: 'member.resend-confirmation',
    payload: { siteId: site.id, email: opts.email.trim().toLowerCase(), lang: opts.lang ?? null },
  });
  ctx.nudgeJobs();
}

async function sendResentConfirmation(
  ctx: TAppContext,
  opts: { siteId: string; email: string; lang?: TSiteLanguage },
) {
  const member =
    opts.email && opts.email.length <= 254 ? await memberOf(ctx, opts.siteId, opts.email) : undefined;
  if (!member || member.status !== 'PENDING') return;
  // The site may have gone off the air since: then nobody is mailed.
  const published = await publishedSite(ctx, {
    siteId: opts.siteId,
    lang: opts.lang ?? (member.lang as TSiteLanguage),
  }).catch(() => null);
  if (published) await sendConfirmation(ctx, ctx.db, published, member, true);
}

export const memberJobHandlers = (ctx: TAppContext): Record<string, TJobHandler> => ({
  'member.resend-confirmation': async (payload) =>
    sendResentConfirmation(ctx, {
      siteId: String(payload.siteId),
      email: String(payload.email),
      lang: ZSiteLanguage.safeParse(payload.lang).data,
    }),
});

/** The signed-in member of this site a session token names, or null. */
export async function memberOfToken(
  ctx: TAppContext,
  opts: { siteId: string; token: string | null | undefined },
): Promise<{ id: string; email: string } | null> {
  if (!opts.token || opts.token.length > TOKEN_MAX) return null;
  const [row] = await ctx.db
    .select({ id: siteMembers.id, email: siteMembers.email })
    .from(siteMemberTokens)
    .innerJoin(
      siteMembers,
      and(
        eq(siteMembers.id, siteMemberTokens.memberId),
        eq(siteMembers.siteId, opts.siteId),
        eq(siteMembers.status, 'ACTIVE'),
      ),
    )
    .where(
      and(
        eq(siteMemberTokens.tokenHash, hashToken(opts.token)),
        eq(siteMemberTokens.siteId, opts.siteId),
        eq(siteMemberTokens.kind, SESSION),
        gt(siteMemberTokens.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Ends a member's session at once (nothing to do without one). */
export async function logoutMember(
  ctx: TAppContext,
  opts: { siteId: string; token: string | null | undefined },
): Promise<void> {
  if (!opts.token || opts.token.length > TOKEN_MAX) return;
  await ctx.db
    .delete(siteMemberTokens)
    .where(
      and(
        eq(siteMemberTokens.tokenHash, hashToken(opts.token)),
        eq(siteMemberTokens.siteId, opts.siteId),
        eq(siteMemberTokens.kind, SESSION),
      ),
    );
}

const TOKEN_CHARS = /^[A-Za-z0-9_-]{20,200}$/;

/**
 * The member token a request carries for this site: the site's cookie (the HTML pages), else
 * `Authorization: Bearer` or `X-End-User-Token` (the JSON API: the client's "endUserToken").
 */
export function memberTokenOf(req: FastifyRequest, siteId: string): string | null {
  const cookie = memberCookieValue(req.headers.cookie, siteId);
  if (cookie && TOKEN_CHARS.test(cookie)) return cookie;
  const bearer = /^Bearer\s+(\S+)$/i.exec(String(req.headers.authorization ?? ''))?.[1];
  if (bearer && TOKEN_CHARS.test(bearer)) return bearer;
  const header = req.headers['x-end-user-token'];
  if (typeof header === 'string' && TOKEN_CHARS.test(header)) return header;
  return null;
}
