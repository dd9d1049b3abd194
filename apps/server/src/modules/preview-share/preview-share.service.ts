import { randomBytes } from 'node:crypto';
import { type TUiLanguage, ZUiLanguage } from '@swipe/contracts/i18n';
import type { TMessageKey } from '@swipe/contracts/messages';
import {
  PREVIEW_CODE,
  PREVIEW_SESSION_HOURS,
  previewSignIn,
  type TShareState,
} from '@swipe/contracts/preview-share';
import type { TSiteDocument } from '@swipe/contracts/sites';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import { accounts, users } from '../../db/schema/accounts';
import { sitePreviewSessions, sitePreviewSettings, sitePreviewShares } from '../../db/schema/preview';
import { sites } from '../../db/schema/sites';
import { storedSiteDocument } from '../../db/site-document';
import { tooManyAttempts, withinAttempts } from '../../platform/attempts';
import { accessDisabled } from '../../platform/caller';
import type { TAppContext, TCaller } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { enqueueJob } from '../../platform/jobs';
import { previewCodeMail, previewInviteMail } from '../../platform/mail-templates';
import { hashPassword, verifyPassword } from '../../platform/password-hash';
import { hashToken, newOpaqueToken } from '../../platform/tokens';
import { previewPath } from '../site-core/preview-link';
import { loadSite } from '../site-core/site-access';
import { MAIL_LANGUAGE } from '../site-core/visitor-urls';
import {
  dropPreviewCodes,
  issuePreviewCode,
  PREVIEW_LINK_TOKEN,
  previewCodeMatches,
  type TPreviewCode,
  tryPreviewCode,
  usePreviewCode,
} from './preview-codes';

// Preview sharing: the owner invites emails to see a site's draft, optionally behind a
// password, and revokes them. Private sharing (the default): an invited person enters the email,
// is mailed a one-time code and link (preview-codes.ts), gives one back (with the password when
// set) and gets a preview token: 256 random bits, stored hashed, ended at once by a revoke or a
// password change. Asking for a code answers the same whether or not the email is invited, and a
// wrong code says the same whatever the email. Open sharing asks no email: anyone with the
// address sees the draft, after the password when one is set; that sign-in gets a token signed
// with the server's key and bound to the password, so a new password or a switch back to private
// ends it. Attempts are limited per address and site across the JSON call and the HTML form.

type TSettings = typeof sitePreviewSettings.$inferSelect;

/** A refused sign-in, naming the field it is about (the preview page shows it there). */
const refused = (field: 'code' | 'link' | 'password', messageKey: TMessageKey) =>
  new AppError(401, 'INVALID_CREDENTIALS', messageKey, undefined, [{ field, messageKey }]);
const passwordWrong = () => refused('password', 'preview.passwordWrong');
const codeInvalid = () => refused('code', 'preview.codeInvalid');
const linkInvalid = () => refused('link', 'preview.linkInvalid');
/** A site someone may preview (it exists, its account is not deleted or terminated), with its sharing. */
async function previewSite(ctx: TAppContext, siteId: string) {
  const [row] = await ctx.db
    .select({ id: sites.id, path: accounts.path })
    .from(sites)
    .innerJoin(accounts, and(eq(accounts.id, sites.accountId), isNull(accounts.deletedAt)))
    .where(eq(sites.id, siteId));
  if (!row || (await accessDisabled(ctx.db, row.path))) return null;
  return { id: row.id, settings: await settingsOf(ctx, row.id) };
}

// The token of an open-sharing sign-in: `expires.nonce.signature`, the signature over the site,
// the nonce and (a hash of) the password hash of the moment.
const OPEN_TOKEN = /^(\d{1,12})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;
const openSubject = (siteId: string, nonce: string, passwordHash: string | null) =>
  `${previewPath(siteId)} ${nonce} ${passwordHash ? hashToken(passwordHash) : '-'}`;

async function settingsOf(ctx: TAppContext, siteId: string): Promise<TSettings> {
  const [row] = await ctx.db.select().from(sitePreviewSettings).where(eq(sitePreviewSettings.siteId, siteId));
  return row ?? { siteId, isPrivate: true, passwordHash: null, updatedAt: new Date() };
}

async function activeShare(ctx: TAppContext, siteId: string, email: string) {
  const [share] = await ctx.db
    .select()
    .from(sitePreviewShares)
    .where(
      and(
        eq(sitePreviewShares.siteId, siteId),
        eq(sitePreviewShares.email, email),
        isNull(sitePreviewShares.revokedAt),
      ),
    );
  return share;
}

const activeShares = (ctx: TAppContext, siteId: string) =>
  ctx.db
    .select()
    .from(sitePreviewShares)
    .where(and(eq(sitePreviewShares.siteId, siteId), isNull(sitePreviewShares.revokedAt)))
    .orderBy(sitePreviewShares.invitedAt, sitePreviewShares.email);

async function stateOf(ctx: TAppContext, siteId: string): Promise<TShareState> {
  const settings = await settingsOf(ctx, siteId);
  const shares = await activeShares(ctx, siteId);
  const flags = { isPrivate: settings.isPrivate, hasPassword: settings.passwordHash !== null };
  return {
    ...flags,
    signIn: previewSignIn(flags),
    emails: shares.map((s) => ({ email: s.email, invitedAt: s.invitedAt.toISOString() })),
    previewUrl: `${ctx.config.sitesUrl}${previewPath(siteId)}`,
  };
}

async function saveSettings(ctx: TAppContext, siteId: string, values: Partial<TSettings>) {
  await ctx.db
    .insert(sitePreviewSettings)
    .values({ siteId, ...values, updatedAt: new Date() })
    .onConflictDoUpdate({ target: sitePreviewSettings.siteId, set: { ...values, updatedAt: new Date() } });
}

async function invite(
  ctx: TAppContext,
  opts: { caller: TCaller; site: { id: string; name: string }; emails: string[] },
) {
  const [inviter] = await ctx.db.select().from(users).where(eq(users.id, opts.caller.userId));
  const settings = await settingsOf(ctx, opts.site.id);
  const parsed = ZUiLanguage.safeParse(inviter?.language);
  const language: TUiLanguage = parsed.success ? parsed.data : 'ja';
  for (const email of opts.emails) {
    const mail = previewInviteMail[language]({
      inviter: inviter?.name ?? opts.caller.email,
      site: opts.site.name,
      link: `${ctx.config.sitesUrl}${previewPath(opts.site.id)}`,
      password: settings.passwordHash !== null,
      asksEmail: settings.isPrivate,
    });
    await ctx.mailer.send({ to: email, language, ...mail });
  }
}

export async function getShareState(ctx: TAppContext, opts: { caller: TCaller; siteId: string }) {
  const { site } = await loadSite(ctx.db, opts.caller, opts.siteId);
  return stateOf(ctx, site.id);
}

export async function shareStatus(ctx: TAppContext, opts: { caller: TCaller; siteId: string }) {
  const { site } = await loadSite(ctx.db, opts.caller, opts.siteId);
  const state = await stateOf(ctx, site.id);
  return {
    isPrivate: state.isPrivate,
    hasPassword: state.hasPassword,
    signIn: state.signIn,
    emailCount: state.emails.length,
    hasDraft: site.draft !== null,
  };
}

/** Invites the emails not invited yet (a revoked one comes back), mailing each new one. */
export async function sharePreview(
  ctx: TAppContext,
  opts: { caller: TCaller; siteId: string; emails: string[]; isPrivate?: boolean },
) {
  const { site } = await loadSite(ctx.db, opts.caller, opts.siteId);
  if (opts.isPrivate !== undefined) await saveSettings(ctx, site.id, { isPrivate: opts.isPrivate });
  const wanted = [...new Set(opts.emails.map((e) => e.trim().toLowerCase()))];
  const current = new Set((await activeShares(ctx, site.id)).map((s) => s.email));
  const fresh = wanted.filter((e) => !current.has(e));
  for (const email of fresh)
    await ctx.db
      .insert(sitePreviewShares)
      .values({ siteId: site.id, email, invitedBy: opts.caller.userId })
      .onConflictDoUpdate({
        target: [sitePreviewShares.siteId, sitePreviewShares.email],
        set: { revokedAt: null, invitedAt: new Date(), invitedBy: opts.caller.userId },
      });
  await invite(ctx, { caller: opts.caller, site, emails: fresh });
  return stateOf(ctx, site.id);
}

/** Removes emails (their sessions end at once); `resendAll` mails the others again. */
export async function revokePreview(
  ctx: TAppContext,
  opts: { caller: TCaller; siteId: string; emails: string[]; resendAll: boolean },
) {
  const { site } = await loadSite(ctx.db, opts.caller, opts.siteId);
  const emails = [...new Set(opts.emails.map((e) => e.trim().toLowerCase()))];
  if (emails.length > 0) {
    const revoked = await ctx.db
      .update(sitePreviewShares)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(sitePreviewShares.siteId, site.id),
          inArray(sitePreviewShares.email, emails),
          isNull(sitePreviewShares.revokedAt),
        ),
      )
      .returning({ id: sitePreviewShares.id });
    if (revoked.length > 0) {
      await ctx.db.delete(sitePreviewSessions).where(
        inArray(
          sitePreviewSessions.shareId,
          revoked.map((r) => r.id),
        ),
      );
      await dropPreviewCodes(
        ctx,
        revoked.map((r) => r.id),
      );
    }
  }
  if (opts.resendAll)
    await invite(ctx, {
      caller: opts.caller,
      site,
      emails: (await activeShares(ctx, site.id)).map((s) => s.email),
    });
  return stateOf(ctx, site.id);
}

/** Sets or clears the password; either way the signed-in previewers sign in again. */
export async function setPreviewPassword(
  ctx: TAppContext,
  opts: { caller: TCaller; siteId: string; enabled: boolean; password?: string },
) {
  const { site } = await loadSite(ctx.db, opts.caller, opts.siteId);
  const passwordHash = opts.enabled ? await hashPassword(opts.password!) : null;
  await saveSettings(ctx, site.id, { passwordHash });
  await ctx.db.delete(sitePreviewSessions).where(eq(sitePreviewSessions.siteId, site.id));
  return stateOf(ctx, site.id);
}

/** The job that mails a code (requestPreviewCode queues it for every email, invited or not). */
export const PREVIEW_CODE_JOB = 'preview-share.code';

/**
 * Private sharing's first step: queues the mailing of a new code and link, which reach the email
 * only when it is invited (previewCodeJob). Every email gets the same answer after the same
 * work, so neither the answer nor its time tells whether it is invited. At most the sign-in
 * limit a minute from one address for one site, and PREVIEW_CODE.sendsPerEmail per email and
 * site in PREVIEW_CODE.minutes.
 */
export async function requestPreviewCode(
  ctx: TAppContext,
  opts: { siteId: string; email: string; ip: string },
): Promise<void> {
  if (!(await withinAttempts(ctx, `preview-code:${opts.ip}|${opts.siteId}`))) throw tooManyAttempts();
  const email = opts.email.trim().toLowerCase();
  const perEmail = await ctx.counters.hit(
    `preview-code-email:${opts.siteId}|${email}`,
    PREVIEW_CODE.minutes * 60_000,
  );
  if (perEmail.count > PREVIEW_CODE.sendsPerEmail) throw tooManyAttempts();
  await enqueueJob(ctx.db, {
    kind: PREVIEW_CODE_JOB,
    payload: { siteId: opts.siteId, email },
    maxAttempts: 3,
  });
}

/**
 * Mails an invited email of a privately shared site a new code and link (replacing its last
 * ones), in the draft's default language; any other email gets nothing.
 */
export async function previewCodeJob(ctx: TAppContext, payload: Record<string, unknown>) {
  const site = await previewSite(ctx, String(payload.siteId));
  if (!site?.settings.isPrivate) return;
  const share = await activeShare(ctx, site.id, String(payload.email));
  if (!share) return;
  const [row] = await ctx.db
    .select({ name: sites.name, draft: sites.draft })
    .from(sites)
    .where(eq(sites.id, site.id));
  const language = MAIL_LANGUAGE[storedSiteDocument(row!.draft).defaultLanguage];
  // The code and its mail are kept together: a code nobody was told of replaces none.
  await ctx.db.transaction(async (tx) => {
    const { code, link } = await issuePreviewCode(ctx, tx, { siteId: site.id, shareId: share.id });
    const mail = previewCodeMail[language]({
      site: row!.name,
      code,
      link: `${ctx.config.sitesUrl}${previewPath(site.id)}/link?t=${link}`,
      minutes: PREVIEW_CODE.minutes,
    });
    await ctx.mailer.send({ to: share.email, language, ...mail }, { db: tx });
  });
}

/**
 * Private sharing: the invited email and the code mailed to it, or that mail's link (and the
 * password when set) get a preview token; each answer spends one of the code's tries, and a
 * token uses the code up. Open sharing: the password when set (no email needed). A wrong or
 * missing code is one 401 whatever the email; more than the sign-in limit a minute from one
 * address for one site, 429.
 */
export async function previewLogin(
  ctx: TAppContext,
  opts: { siteId: string; email?: string; code?: string; link?: string; password?: string; ip: string },
): Promise<{ token: string; expiresAt: string }> {
  if (!(await withinAttempts(ctx, `${opts.ip}|${opts.siteId}`))) throw tooManyAttempts();
  const site = await previewSite(ctx, opts.siteId);
  const expiresAt = new Date(Date.now() + PREVIEW_SESSION_HOURS * 3_600_000);
  const hash = site?.settings.passwordHash ?? null;
  if (site && !site.settings.isPrivate) {
    if (hash && !(await verifyPassword(hash, opts.password ?? ''))) throw passwordWrong();
    const nonce = randomBytes(16).toString('base64url');
    const expires = Math.floor(expiresAt.getTime() / 1000);
    const sig = ctx.urls.sign('PREVIEW', openSubject(site.id, nonce, hash), expires);
    return { token: `${expires}.${nonce}.${sig}`, expiresAt: new Date(expires * 1000).toISOString() };
  }
  let code: TPreviewCode | null = null;
  if (opts.link !== undefined) {
    if (site && PREVIEW_LINK_TOKEN.test(opts.link))
      code = await tryPreviewCode(ctx, { siteId: site.id, link: opts.link });
    if (!code) throw linkInvalid();
  } else {
    if (!opts.code) throw refused('code', 'preview.codeFormat');
    const email = opts.email?.trim().toLowerCase();
    const share = site && email ? await activeShare(ctx, site.id, email) : undefined;
    if (site && share) code = await tryPreviewCode(ctx, { siteId: site.id, shareId: share.id });
    if (!code || !previewCodeMatches(ctx, code, opts.code)) throw codeInvalid();
  }
  // The password is asked of whoever proved the email; a wrong one has spent a try of the code.
  if (hash && !(await verifyPassword(hash, opts.password ?? ''))) throw passwordWrong();
  if (!site || !(await usePreviewCode(ctx, code)))
    throw opts.link === undefined ? codeInvalid() : linkInvalid();
  const token = newOpaqueToken();
  await ctx.db
    .insert(sitePreviewSessions)
    .values({ siteId: site.id, shareId: code.shareId, tokenHash: hashToken(token), expiresAt });
  return { token, expiresAt: expiresAt.toISOString() };
}

/** Ends a private-sharing sign-in at once (an open-sharing token just loses its cookie). */
export async function previewLogout(ctx: TAppContext, opts: { siteId: string; token?: string | null }) {
  if (!opts.token || opts.token.length > 100) return;
  await ctx.db
    .delete(sitePreviewSessions)
    .where(
      and(
        eq(sitePreviewSessions.tokenHash, hashToken(opts.token)),
        eq(sitePreviewSessions.siteId, opts.siteId),
      ),
    );
}

async function tokenValid(
  ctx: TAppContext,
  site: NonNullable<Awaited<ReturnType<typeof previewSite>>>,
  token: string | null | undefined,
) {
  if (!token || token.length > 100) return false;
  const open = OPEN_TOKEN.exec(token);
  if (open)
    return (
      !site.settings.isPrivate &&
      ctx.urls.verify('PREVIEW', openSubject(site.id, open[2]!, site.settings.passwordHash), open[1], open[3])
    );
  const [row] = await ctx.db
    .select({ id: sitePreviewSessions.id })
    .from(sitePreviewSessions)
    .innerJoin(
      sitePreviewShares,
      and(eq(sitePreviewShares.id, sitePreviewSessions.shareId), isNull(sitePreviewShares.revokedAt)),
    )
    .where(
      and(
        eq(sitePreviewSessions.tokenHash, hashToken(token)),
        eq(sitePreviewSessions.siteId, site.id),
        gt(sitePreviewSessions.expiresAt, new Date()),
      ),
    );
  return !!row;
}

/** What the preview's sign-in form asks for (null: nobody may preview this site). */
export async function previewSignInOf(ctx: TAppContext, siteId: string) {
  const site = await previewSite(ctx, siteId);
  return site && previewSignIn(flagsOf(site.settings));
}

/** Whether a request with this token (or none) may see the site's draft. */
export async function previewAllowed(ctx: TAppContext, opts: { siteId: string; token?: string | null }) {
  const site = await previewSite(ctx, opts.siteId);
  if (!site) return false;
  return previewSignIn(flagsOf(site.settings)) === 'NONE' || (await tokenValid(ctx, site, opts.token));
}

/**
 * The invitation behind a preview token when it is a private-sharing sign-in (an invited email's
 * live session on a site shared privately): who may pin review comments. Null for open sharing,
 * no token, or one that no longer works (revoked, expired, ended by a password change).
 */
export async function previewInvitee(
  ctx: TAppContext,
  opts: { siteId: string; token?: string | null },
): Promise<{ shareId: string; email: string } | null> {
  if (!opts.token || opts.token.length > 100 || OPEN_TOKEN.test(opts.token)) return null;
  const site = await previewSite(ctx, opts.siteId);
  if (!site?.settings.isPrivate) return null;
  const [row] = await ctx.db
    .select({ shareId: sitePreviewShares.id, email: sitePreviewShares.email })
    .from(sitePreviewSessions)
    .innerJoin(
      sitePreviewShares,
      and(eq(sitePreviewShares.id, sitePreviewSessions.shareId), isNull(sitePreviewShares.revokedAt)),
    )
    .where(
      and(
        eq(sitePreviewSessions.tokenHash, hashToken(opts.token)),
        eq(sitePreviewSessions.siteId, site.id),
        gt(sitePreviewSessions.expiresAt, new Date()),
      ),
    );
  return row ?? null;
}

const flagsOf = (settings: TSettings) => ({
  isPrivate: settings.isPrivate,
  hasPassword: settings.passwordHash !== null,
});

/** What the preview's JSON reads answer from: the site's draft, for a valid token only. */
export async function previewDraft(ctx: TAppContext, opts: { siteId: string; token?: string | null }) {
  if (!(await previewAllowed(ctx, opts))) throw new AppError(401, 'UNAUTHENTICATED', 'auth.unauthenticated');
  const [site] = await ctx.db.select().from(sites).where(eq(sites.id, opts.siteId));
  if (!site) throw new AppError(401, 'UNAUTHENTICATED', 'auth.unauthenticated');
  return { site, doc: storedSiteDocument(site.draft) };
}

/** The preview sign-in cookie of a request to the preview's own address (HttpOnly, its path only). */
export const previewCookieOf = (headers: { cookie?: string }) =>
  /(?:^|;\s*)previewToken=([A-Za-z0-9_.-]{20,100})/.exec(headers.cookie ?? '')?.[1] ?? null;

/** The preview token a JSON read carries (the preview call's "password header"). */
export const previewTokenOf = (headers: Record<string, string | string[] | undefined>) => {
  const value = headers['x-preview-token'];
  if (typeof value === 'string' && value) return value;
  const bearer = /^Bearer\s+(\S+)$/i.exec(String(headers.authorization ?? ''));
  return bearer ? bearer[1]! : null;
};

/** One language of the draft for a previewer (the site's default when none or another is asked). */
export async function previewContent(
  ctx: TAppContext,
  opts: { siteId: string; token: string | null; lang?: TSiteDocument['defaultLanguage'] },
) {
  const { site, doc } = await previewDraft(ctx, opts);
  const lang = opts.lang && doc.languages.includes(opts.lang) ? opts.lang : doc.defaultLanguage;
  return { site, doc, lang, content: doc.content[lang]! };
}
