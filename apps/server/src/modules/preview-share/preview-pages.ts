import { translate } from '@swipe/contracts/messages';
import { PREVIEW_SESSION_HOURS } from '@swipe/contracts/preview-share';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TAppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { previewPath } from '../site-core/preview-link';
import { renderPreviewLoginPage } from './preview-login-page';
import {
  previewAllowed,
  previewCookieOf,
  previewInvitee,
  previewLogin,
  previewLogout,
  previewSignInOf,
} from './preview-share.service';

// "/site/{siteId}/preview" for invited people: the draft when the request carries a live
// preview token (an HttpOnly cookie scoped to the preview's path) or sharing asks nothing, else a
// sign-in form that works without script and posts here. A revoked email's token no longer works:
// the next load clears it and shows the form again, as a 401 clears the preview token.
// POST .../logout ends the sign-in and clears the cookie. An invited email's sign-in (private
// sharing) gets the review comments' script with the draft; open sharing has nobody to name.

const COOKIE = 'previewToken';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

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
    extra: { error?: string; email?: string; status?: number } = {},
  ) => {
    const signIn = await previewSignInOf(ctx, siteId);
    if (!signIn) return deps.notFound(req, reply);
    return reply
      .status(extra.status ?? 200)
      .headers(deps.pageHeaders)
      .send(
        renderPreviewLoginPage({
          siteId,
          uiLang: req.lang,
          needsPassword: signIn === 'PASSWORD' || signIn === 'EMAIL_AND_PASSWORD',
          needsEmail: signIn !== 'PASSWORD',
          error: extra.error,
          email: extra.email,
        }),
      );
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

  app.register(async (scoped) => {
    scoped.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    // A coarse limit per address over every site; the service counts per address and site and
    // answers the form with its message before this one trips.
    scoped.post(
      '/site/:id/preview/login',
      { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } },
      async (req, reply) => {
        const { id } = req.params as { id: string };
        if (!UUID.test(id)) return deps.notFound(req, reply);
        const form = (req.body ?? {}) as { email?: unknown; password?: unknown };
        const email = typeof form.email === 'string' ? form.email.trim().slice(0, 254) : '';
        const password = typeof form.password === 'string' ? form.password.slice(0, 100) : '';
        try {
          const { token } = await previewLogin(ctx, {
            siteId: id,
            email: email || undefined,
            password: password || undefined,
            ip: req.ip,
          });
          return reply
            .header('set-cookie', cookie(id, token, PREVIEW_SESSION_HOURS * 3600))
            .redirect(`${previewPath(id)}/`, 303);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          return loginPage(req, reply, id, {
            error: translate(error.messageKey, req.lang),
            email,
            status: error.status,
          });
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
