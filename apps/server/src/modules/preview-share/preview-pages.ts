import { translate } from '@swipe/contracts/messages';
import { PREVIEW_CODE, PREVIEW_SESSION_HOURS, ZPreviewCodeRequest } from '@swipe/contracts/preview-share';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TAppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { previewPath } from '../site-core/preview-link';
import { previewLinkLive } from './preview-codes';
import { renderPreviewLoginPage, type TPreviewSignInStep } from './preview-login-page';
import {
  previewAllowed,
  previewCookieOf,
  previewInvitee,
  previewLogin,
  previewLogout,
  previewSignInOf,
  requestPreviewCode,
} from './preview-share.service';

// "/site/{siteId}/preview" for invited people: the draft when the request carries a live
// preview token (an HttpOnly cookie scoped to the preview's path) or sharing asks nothing, else a
// sign-in form that works without script. Private sharing: the email is posted to .../code, which
// mails an invited one a code and a link (the page answers the same for any email) and asks for
// the code; the code, or the link's page (GET .../link?t=, used by a press so that a mail
// scanner opening it uses nothing), is posted to .../login with the password when set. A revoked
// email's token no longer works: the next load clears it and shows the form again, as a 401
// clears the preview token. POST .../logout ends the sign-in and clears the cookie. An invited
// email's sign-in (private sharing) gets the review comments' script with the draft; open
// sharing has nobody to name.

const COOKIE = 'previewToken';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const CODE = new RegExp(`^\\d{${PREVIEW_CODE.digits}}$`);

type TFieldErrors = Partial<Record<'email' | 'code' | 'password', string>>;

/**
 * Registers the invited person's preview: GET /site/:id/preview[/][:lang] and the form post.
 * `sendDraft` renders the draft with the viewer (viewer-http), `pageHeaders` the login page's.
 */
export function registerPreviewPages(
  app: FastifyInstance,
  ctx: TAppContext,
  deps: {
    sendDraft: (
      req: FastifyRequest,
      reply: FastifyReply,
      opts: { siteId: string; segment?: string; comments: boolean },
    ) => unknown;
    pageHeaders: Record<string, string>;
    notFound: (req: FastifyRequest, reply: FastifyReply) => unknown;
  },
) {
  const secure = ctx.config.sitesUrl.startsWith('https:');
  const cookie = (siteId: string, value: string, maxAge: number) =>
    `${COOKIE}=${value}; Path=${previewPath(siteId)}; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure ? '; Secure' : ''}`;

  const loginPage = async (
    req: FastifyRequest,
    reply: FastifyReply,
    siteId: string,
    extra: {
      /** The code or link step (private sharing only); else the sharing's first step. */
      step?: TPreviewSignInStep;
      error?: string;
      fieldErrors?: TFieldErrors;
      notice?: string;
      email?: string;
      status?: number;
      headers?: Record<string, string>;
    } = {},
  ) => {
    const signIn = await previewSignInOf(ctx, siteId);
    if (!signIn) return deps.notFound(req, reply);
    const isPrivate = signIn === 'EMAIL' || signIn === 'EMAIL_AND_PASSWORD';
    // The code and link steps are private sharing's: anything else shows the sharing's first step.
    const own = !!extra.step && isPrivate;
    const step: TPreviewSignInStep = own ? extra.step! : { kind: isPrivate ? 'email' : 'password' };
    return reply
      .status(extra.status ?? 200)
      .headers({ ...deps.pageHeaders, ...extra.headers })
      .send(
        renderPreviewLoginPage({
          siteId,
          uiLang: req.lang,
          step,
          needsPassword: signIn === 'PASSWORD' || signIn === 'EMAIL_AND_PASSWORD',
          error: extra.error,
          fieldErrors: extra.fieldErrors,
          notice: own ? extra.notice : undefined,
          email: extra.email,
        }),
      );
  };

  /** A refused form: the messages of its fields under them, any other above the form. */
  const refusal = (req: FastifyRequest, error: AppError) => {
    const fieldErrors: TFieldErrors = {};
    let message: string | undefined;
    for (const f of error.fieldErrors ?? [])
      if (f.field === 'email' || f.field === 'code' || f.field === 'password')
        fieldErrors[f.field] = translate(f.messageKey, req.lang, f.params);
      else message = translate(f.messageKey, req.lang, f.params);
    if (!error.fieldErrors?.length) message = translate(error.messageKey, req.lang, error.params);
    return { fieldErrors, error: message, status: error.status };
  };

  const show = async (req: FastifyRequest, reply: FastifyReply) => {
    const { id, lang } = req.params as { id: string; lang?: string };
    if (!UUID.test(id)) return deps.notFound(req, reply);
    const token = previewCookieOf(req.headers);
    if (await previewAllowed(ctx, { siteId: id, token })) {
      const invitee = await previewInvitee(ctx, { siteId: id, token });
      return deps.sendDraft(req, reply, { siteId: id, segment: lang, comments: invitee !== null });
    }
    // A token that no longer works (revoked, expired, password changed) is cleared.
    if (token) reply.header('set-cookie', cookie(id, '', 0));
    return loginPage(req, reply, id);
  };
  app.get('/site/:id/preview', show);
  app.get('/site/:id/preview/', show);
  app.get('/site/:id/preview/:lang', show);

  // The link of a code's mail: a page that asks for a press (and the password when set).
  app.get('/site/:id/preview/link', async (req, reply) => {
    const { id } = req.params as { id: string };
    if (!UUID.test(id)) return deps.notFound(req, reply);
    const link = (req.query as { t?: unknown }).t;
    if (await previewAllowed(ctx, { siteId: id, token: previewCookieOf(req.headers) }))
      return reply.redirect(`${previewPath(id)}/`, 303);
    if (typeof link === 'string' && (await previewLinkLive(ctx, { siteId: id, link })))
      // The token stays out of the Referer of anything the page leads to.
      return loginPage(req, reply, id, {
        step: { kind: 'link', link },
        headers: { 'referrer-policy': 'no-referrer' },
      });
    return loginPage(req, reply, id, { error: translate('preview.linkInvalid', req.lang), status: 410 });
  });

  app.register(async (scoped) => {
    scoped.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    const text = (value: unknown, max: number) => (typeof value === 'string' ? value.slice(0, max) : '');
    // A coarse limit per address over every site; the service counts per address and site (and
    // per email for codes) and answers the form with its message before this one trips.
    scoped.post(
      '/site/:id/preview/code',
      { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } },
      async (req, reply) => {
        const { id } = req.params as { id: string };
        if (!UUID.test(id)) return deps.notFound(req, reply);
        const email = text((req.body as { email?: unknown } | null)?.email, 254).trim();
        const parsed = ZPreviewCodeRequest.safeParse({ email });
        if (!parsed.success) {
          const key = parsed.error.issues[0]!.message as Parameters<typeof translate>[0];
          return loginPage(req, reply, id, {
            email,
            fieldErrors: { email: translate(key, req.lang) },
            status: 400,
          });
        }
        try {
          await requestPreviewCode(ctx, { siteId: id, email: parsed.data.email, ip: req.ip });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          return loginPage(req, reply, id, { email, ...refusal(req, error) });
        }
        return loginPage(req, reply, id, {
          step: { kind: 'code', email: parsed.data.email },
          notice: translate('preview.codeSent', req.lang, {
            digits: PREVIEW_CODE.digits,
            minutes: PREVIEW_CODE.minutes,
          }),
        });
      },
    );
    scoped.post(
      '/site/:id/preview/login',
      { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } },
      async (req, reply) => {
        const { id } = req.params as { id: string };
        if (!UUID.test(id)) return deps.notFound(req, reply);
        const form = (req.body ?? {}) as Record<string, unknown>;
        const email = text(form.email, 254).trim();
        const code = text(form.code, 40).replace(/\s+/g, '');
        const link = typeof form.link === 'string' ? form.link.slice(0, 100) : undefined;
        const password = text(form.password, 100);
        const step: TPreviewSignInStep | undefined =
          link !== undefined ? { kind: 'link', link } : email ? { kind: 'code', email } : undefined;
        // A code that is not 6 digits is sent back without spending one of its tries.
        if (link === undefined && email && !CODE.test(code))
          return loginPage(req, reply, id, {
            step,
            fieldErrors: { code: translate('preview.codeFormat', req.lang) },
            status: 400,
          });
        try {
          const { token } = await previewLogin(ctx, {
            siteId: id,
            email: email || undefined,
            code: code || undefined,
            link,
            password: password || undefined,
            ip: req.ip,
          });
          return reply
            .header('set-cookie', cookie(id, token, PREVIEW_SESSION_HOURS * 3600))
            .redirect(`${previewPath(id)}/`, 303);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          const refused = refusal(req, error);
          // A link that no longer works sends the visitor back to the email (for a new one).
          const linkGone = error.fieldErrors?.some((f) => f.field === 'link');
          return loginPage(req, reply, id, { ...refused, step: linkGone ? undefined : step });
        }
      },
    );
    scoped.post(
      '/site/:id/preview/logout',
      { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } },
      async (req, reply) => {
        const { id } = req.params as { id: string };
        if (!UUID.test(id)) return deps.notFound(req, reply);
        await previewLogout(ctx, { siteId: id, token: previewCookieOf(req.headers) });
        return reply.header('set-cookie', cookie(id, '', 0)).redirect(`${previewPath(id)}/`, 303);
      },
    );
  });
}
