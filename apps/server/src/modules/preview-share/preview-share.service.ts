import { type TUiLanguage, ZUiLanguage } from '@swipe/contracts/i18n';
import { PREVIEW_SESSION_HOURS, type TShareState } from '@swipe/contracts/preview-share';
import type { TSiteDocument } from '@swipe/contracts/sites';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import { users } from '../../db/schema/accounts';
import { sitePreviewSessions, sitePreviewSettings, sitePreviewShares } from '../../db/schema/preview';
import { sites } from '../../db/schema/sites';
import type { TAppContext, TCaller } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { previewInviteMail } from '../../platform/mail-templates';
import { hashPassword, verifyPassword } from '../../platform/password-hash';
import { hashToken, newOpaqueToken } from '../../platform/tokens';
import { loadSite } from '../sites/site-access';
import { previewPath } from '../viewer/preview-page';

// SPEC 4 preview sharing: the owner invites emails to see a site's draft, optionally behind a
// password, and revokes them. An invited person signs in with the email (and the password) and
// gets a preview token: 256 random bits, stored hashed, ended at once by a revoke or a password
// change. A sign-in that fails says one thing whatever was wrong.

type TSettings = typeof sitePreviewSettings.$inferSelect;

const loginFailed = () => new AppError(401, 'INVALID_CREDENTIALS', 'preview.loginFailed');

async function settingsOf(ctx: TAppContext, siteId: string): Promise<TSettings> {
  const [row] = await ctx.db.select().from(sitePreviewSettings).where(eq(sitePreviewSettings.siteId, siteId));
  return row ?? { siteId, isPrivate: true, passwordHash: null, updatedAt: new Date() };
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
  return {
    isPrivate: settings.isPrivate,
    hasPassword: settings.passwordHash !== null,
    emails: shares.map((s) => ({ email: s.email, invitedAt: s.invitedAt.toISOString() })),
    previewUrl: `${ctx.config.publicUrl}${previewPath(siteId)}`,
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
      link: `${ctx.config.publicUrl}${previewPath(opts.site.id)}`,
      password: settings.passwordHash !== null,
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
    if (revoked.length > 0)
      await ctx.db.delete(sitePreviewSessions).where(
        inArray(
          sitePreviewSessions.shareId,
          revoked.map((r) => r.id),
        ),
      );
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

/** An invited email (and the password when set) gets a preview token; anything else one 401. */
export async function previewLogin(
  ctx: TAppContext,
  opts: { siteId: string; email: string; password?: string },
): Promise<{ token: string; expiresAt: string }> {
  const [site] = await ctx.db.select({ id: sites.id }).from(sites).where(eq(sites.id, opts.siteId));
  const settings = site ? await settingsOf(ctx, site.id) : null;
  const [share] = site
    ? await ctx.db
        .select()
        .from(sitePreviewShares)
        .where(
          and(
            eq(sitePreviewShares.siteId, site.id),
            eq(sitePreviewShares.email, opts.email.trim().toLowerCase()),
            isNull(sitePreviewShares.revokedAt),
          ),
        )
    : [];
  // The password is checked whether or not the email is invited, so timing tells nothing either.
  const passwordOk = settings?.passwordHash
    ? await verifyPassword(settings.passwordHash, opts.password ?? '')
    : true;
  if (!site || !share || !passwordOk) throw loginFailed();
  const token = newOpaqueToken();
  const expiresAt = new Date(Date.now() + PREVIEW_SESSION_HOURS * 3_600_000);
  await ctx.db
    .insert(sitePreviewSessions)
    .values({ siteId: site.id, shareId: share.id, tokenHash: hashToken(token), expiresAt });
  return { token, expiresAt: expiresAt.toISOString() };
}

/** True when the token is a live preview sign-in of this site. */
export async function previewSessionValid(ctx: TAppContext, opts: { siteId: string; token?: string | null }) {
  if (!opts.token || opts.token.length > 100) return false;
  const [row] = await ctx.db
    .select({ id: sitePreviewSessions.id })
    .from(sitePreviewSessions)
    .where(
      and(
        eq(sitePreviewSessions.tokenHash, hashToken(opts.token)),
        eq(sitePreviewSessions.siteId, opts.siteId),
        gt(sitePreviewSessions.expiresAt, new Date()),
      ),
    );
  return !!row;
}

/** Sharing switched to "anyone with the link": the preview needs no sign-in. */
export async function previewIsOpen(ctx: TAppContext, siteId: string) {
  const [row] = await ctx.db.select().from(sitePreviewSettings).where(eq(sitePreviewSettings.siteId, siteId));
  return row !== undefined && !row.isPrivate;
}

/** Whether the preview's sign-in asks for a password. */
export async function previewNeedsPassword(ctx: TAppContext, siteId: string) {
  return (await settingsOf(ctx, siteId)).passwordHash !== null;
}

/** What the preview's JSON reads answer from: the site's draft, for a valid token only. */
export async function previewDraft(ctx: TAppContext, opts: { siteId: string; token?: string | null }) {
  const open = await previewIsOpen(ctx, opts.siteId);
  if (!open && !(await previewSessionValid(ctx, opts)))
    throw new AppError(401, 'UNAUTHENTICATED', 'auth.unauthenticated');
  const [site] = await ctx.db.select().from(sites).where(eq(sites.id, opts.siteId));
  if (!site) throw new AppError(401, 'UNAUTHENTICATED', 'auth.unauthenticated');
  return { site, doc: site.draft as unknown as TSiteDocument };
}

/** The preview token a JSON read carries (SPEC 7: the preview's "password header"). */
export const previewTokenOf = (headers: Record<string, string | string[] | undefined>) => {
  const value = headers['x-preview-token'];
  return typeof value === 'string' ? value : null;
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
