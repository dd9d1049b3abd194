import type { TUiLanguage } from '@swipe/contracts/i18n';
import { translate } from '@swipe/contracts/messages';
import { PREVIEW_SESSION_HOURS } from '@swipe/contracts/preview-share';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TAppContext } from '../../platform/context';
import { escapeHtml } from '../../platform/mail';
import { previewPath } from '../viewer/preview-page';
import {
  previewIsOpen,
  previewLogin,
  previewNeedsPassword,
  previewSessionValid,
} from './preview-share.service';

// SPEC 2 "/site/{siteId}/preview" for invited people: the draft when the request carries a live
// preview token (an HttpOnly cookie scoped to the preview's path), else a sign-in form that
// works without script and posts here. A revoked email's token no longer works: the next load
// clears it and shows the form again (SPEC 8: a 401 clears the preview token).

const COOKIE = 'previewToken';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const TEXTS: Record<
  TUiLanguage,
  { title: string; intro: string; email: string; password: string; submit: string }
> = {
  en: {
    title: 'Site preview',
    intro:
      'This preview is shared with invited people. Sign in with the email address the invitation was sent to.',
    email: 'Email address',
    password: 'Password',
    submit: 'Show the preview',
  },
  ja: {
    title: 'サイトのプレビュー',
    intro:
      'このプレビューは招待された方のみ閲覧できます。招待メールを受け取ったメールアドレスでログインしてください。',
    email: 'メールアドレス',
    password: 'パスワード',
    submit: 'プレビューを表示',
  },
  cn: {
    title: '网站预览',
    intro: '此预览仅对受邀者开放。请使用收到邀请的邮箱地址登录。',
    email: '邮箱地址',
    password: '密码',
    submit: '查看预览',
  },
  kr: {
    title: '사이트 미리보기',
    intro: '이 미리보기는 초대받은 분만 볼 수 있습니다. 초대 메일을 받은 이메일 주소로 로그인해 주세요.',
    email: '이메일 주소',
    password: '비밀번호',
    submit: '미리보기 보기',
  },
};

const CSS =
  'body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f1f3f5;font-family:system-ui,-apple-system,"Hiragino Sans",sans-serif;color:#212529;padding:16px;box-sizing:border-box}main{width:calc(100vw - 32px);max-width:380px;box-sizing:border-box;background:#fff;border-radius:16px;padding:28px 24px;box-shadow:0 10px 40px rgba(0,0,0,.08)}h1{font-size:20px;margin:0 0 8px}p{margin:0 0 18px;color:#495057;font-size:14px;line-height:1.6}label{display:block;font-size:13px;font-weight:600;margin:0 0 6px}input{width:100%;box-sizing:border-box;height:42px;border:1px solid #ced4da;border-radius:8px;padding:0 12px;font-size:15px;margin:0 0 14px}input:focus{outline:2px solid #228be6;border-color:#228be6}button{width:100%;height:44px;border:0;border-radius:8px;background:#228be6;color:#fff;font-size:15px;font-weight:700;cursor:pointer}.er{background:#fff5f5;color:#c92a2a;border-radius:8px;padding:10px 12px;font-size:13px;margin:0 0 14px}';

/** The sign-in page of a private preview (self-contained: inline CSS, no script). */
export function renderPreviewLoginPage(opts: {
  siteId: string;
  uiLang: TUiLanguage;
  needsPassword: boolean;
  error?: string;
  email?: string;
}): string {
  const t = TEXTS[opts.uiLang];
  const action = `${previewPath(opts.siteId)}/login`;
  return `<!doctype html><html lang="${opts.uiLang === 'cn' ? 'zh' : opts.uiLang === 'kr' ? 'ko' : opts.uiLang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(t.title)}</title><style>${CSS}</style></head><body><main><h1>${escapeHtml(t.title)}</h1><p>${escapeHtml(t.intro)}</p>${
    opts.error ? `<div class="er" role="alert">${escapeHtml(opts.error)}</div>` : ''
  }<form method="post" action="${escapeHtml(action)}"><label for="e">${escapeHtml(t.email)}</label><input id="e" name="email" type="email" required autocomplete="email" maxlength="254" value="${escapeHtml(opts.email ?? '')}">${
    opts.needsPassword
      ? `<label for="p">${escapeHtml(t.password)}</label><input id="p" name="password" type="password" required autocomplete="current-password" maxlength="50">`
      : ''
  }<button type="submit">${escapeHtml(t.submit)}</button></form></main></body></html>`;
}

const cookieOf = (req: FastifyRequest) =>
  /(?:^|;\s*)previewToken=([A-Za-z0-9_-]{20,100})/.exec(req.headers.cookie ?? '')?.[1] ?? null;

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
      opts: { siteId: string; segment?: string },
    ) => unknown;
    pageHeaders: Record<string, string>;
    notFound: (req: FastifyRequest, reply: FastifyReply) => unknown;
  },
) {
  const secure = ctx.config.publicUrl.startsWith('https:');
  const cookie = (siteId: string, value: string, maxAge: number) =>
    `${COOKIE}=${value}; Path=${previewPath(siteId)}; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure ? '; Secure' : ''}`;

  const loginPage = async (
    req: FastifyRequest,
    reply: FastifyReply,
    siteId: string,
    extra: { error?: string; email?: string; status?: number } = {},
  ) => {
    const needsPassword = await previewNeedsPassword(ctx, siteId);
    return reply
      .status(extra.status ?? 200)
      .headers(deps.pageHeaders)
      .send(
        renderPreviewLoginPage({
          siteId,
          uiLang: req.lang,
          needsPassword,
          error: extra.error,
          email: extra.email,
        }),
      );
  };

  const show = async (req: FastifyRequest, reply: FastifyReply) => {
    const { id, lang } = req.params as { id: string; lang?: string };
    if (!UUID.test(id)) return deps.notFound(req, reply);
    const token = cookieOf(req);
    if ((await previewIsOpen(ctx, id)) || (await previewSessionValid(ctx, { siteId: id, token })))
      return deps.sendDraft(req, reply, { siteId: id, segment: lang });
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
    scoped.post(
      '/site/:id/preview/login',
      { config: { rateLimit: { max: 10, timeWindow: '1 minute' } } },
      async (req, reply) => {
        const { id } = req.params as { id: string };
        if (!UUID.test(id)) return deps.notFound(req, reply);
        const form = (req.body ?? {}) as { email?: string; password?: string };
        const email = String(form.email ?? '').slice(0, 254);
        try {
          const { token } = await previewLogin(ctx, {
            siteId: id,
            email,
            password: form.password || undefined,
          });
          return reply
            .header('set-cookie', cookie(id, token, PREVIEW_SESSION_HOURS * 3600))
            .redirect(`${previewPath(id)}/`, 303);
        } catch {
          return loginPage(req, reply, id, {
            error: translate('preview.loginFailed', req.lang),
            email,
            status: 401,
          });
        }
      },
    );
  });
}
