import { randomBytes } from 'node:crypto';
import { translate } from '@swipe/contracts/messages';
import type { TSiteDocument, TSiteLanguage } from '@swipe/contracts/sites';
import {
  agreementOf,
  formFieldViews,
  MEMBER_SESSION_DAYS,
  type TFormAnswers,
} from '@swipe/contracts/visitor-forms';
import {
  renderVisitorPage,
  type TVisitorPageInput,
  type TVisitorView,
  visitorRoot,
} from '@swipe/viewer/render/visitor-page';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { sites } from '../../db/schema/sites';
import { storedSiteDocument } from '../../db/site-document';
import type { TAppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { submitForm } from '../forms/forms.service';
import { carriesMemberCookie, memberCookie } from '../members/member-cookie';
import {
  confirmMember,
  loginMember,
  logoutMember,
  memberOfToken,
  memberTokenOf,
  registerMember,
  resendConfirmation,
} from '../members/members.service';
import { mediaUrls } from '../sites/site-media';
import { answerSurvey, endUserSurvey } from '../surveys/survey-answers.service';
import { findLiveSite, pageLanguage } from '../viewer/viewer.service';
import { MAIL_LANGUAGE, type TVisitorPage, VISITOR_PAGES } from '../viewer/visitor-urls';
import { formAnswers, parseForm, sameOrigin } from './visitor-form-body';

// SPEC 2 visitor screens as plain HTML forms (DESIGN 1): register, register-success (with the
// resend form), register-confirm, login, logout, contact, forms, their success pages and the
// survey, under /sites/{id or custom path}[/{lang}]/{page} and /[{lang}/]{page} of a verified
// custom domain. Every answer is private and never cached; posts must come from the page itself
// (same origin), and each one is rate-limited here and again per address and site by the
// services. The services (members, forms, surveys) do the work; this file only speaks HTML.

type TSite = typeof sites.$inferSelect;
type TWhere = { site: TSite; doc: TSiteDocument; lang: TSiteLanguage; basePath: string };

const POST_PAGES = new Set<TVisitorPage>([
  'register',
  'register-success',
  'register-confirm',
  'login',
  'logout',
  'contact',
  'forms',
  'survey',
]);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const COORDINATE = /^[A-Z]{1,3}[1-9]\d{0,2}$/;

const noPopupImages = (doc: TSiteDocument) => ({
  timeLimit: { ...doc.popupCtas.timeLimit, image: null },
  applicantLimit: { ...doc.popupCtas.applicantLimit, image: null },
});
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? (v[0] ?? '') : (v ?? ''));
const requestKey = () => randomBytes(16).toString('base64url');

export function registerVisitorPages(
  app: FastifyInstance,
  ctx: TAppContext,
  deps: {
    notFound: (req: FastifyRequest, reply: FastifyReply) => FastifyReply | Promise<FastifyReply>;
    headers: Record<string, string>;
    /** The forms runtime's address. */
    scriptUrl: string;
  },
) {
  const uiLang = (lang: TSiteLanguage) => MAIL_LANGUAGE[lang];
  const secure = ctx.config.production;

  /** Field key to its message in the page's language. */
  const messagesOf = (error: AppError, lang: TSiteLanguage) =>
    Object.fromEntries(
      (error.fieldErrors ?? []).map((f) => [f.field, translate(f.messageKey, uiLang(lang), f.params)]),
    );

  async function render(
    req: FastifyRequest,
    reply: FastifyReply,
    where: TWhere,
    page: string,
    view: TVisitorView,
    status = 200,
    query?: Record<string, string>,
  ) {
    const { site, doc, lang } = where;
    const [logoUrl, member] = await Promise.all([
      doc.logo
        ? mediaUrls(ctx.db, {
            accountId: site.accountId,
            doc: { ...doc, favicon: null, content: {}, popupCtas: noPopupImages(doc) },
            publicUrl: (key) => ctx.storage.publicUrl(key),
          }).then((urls) => urls[doc.logo!.assetId] ?? null)
        : null,
      memberOfToken(ctx, { siteId: site.id, token: memberTokenOf(req, site.id) }),
    ]);
    const input: TVisitorPageInput = {
      doc,
      lang,
      basePath: where.basePath,
      logoUrl,
      member: member ? { email: member.email } : null,
      page,
      query,
      view,
      scriptUrl: deps.scriptUrl,
    };
    // SPEC 8: a member token that no longer works (expired, signed out elsewhere) is cleared.
    if (!member && carriesMemberCookie(req.headers.cookie, site.id))
      reply.header('set-cookie', memberCookie(site.id, null, { secure }));
    return reply.status(status).headers(deps.headers).send(renderVisitorPage(input));
  }

  const redirect = (reply: FastifyReply, where: TWhere, page: TVisitorPage | '', extra = '') =>
    reply.redirect(`${visitorRoot(where, where.lang)}/${page}${extra}`, 303);

  /** The view of a creator's form: its fields, the agreement, what was typed and what was wrong. */
  const formView = (
    where: TWhere,
    kind: 'register' | 'contact' | 'forms',
    filled: {
      values?: TFormAnswers;
      agreed?: boolean;
      errors?: Record<string, string>;
      formError?: string;
    } = {},
  ): TVisitorView => {
    const type =
      kind === 'register'
        ? 'MEMBERSHIP_SETTING'
        : kind === 'contact'
          ? 'CONTACT_SETTING'
          : 'HOMEPAGE_SETTING';
    const content = where.doc.content[where.lang]!;
    // Passwords never come back in the page.
    const { password: _p, confirmPassword: _c, ...values } = filled.values ?? {};
    return {
      kind,
      fields: formFieldViews(content, type),
      agreement: agreementOf(content, type),
      values,
      agreed: filled.agreed ?? false,
      errors: filled.errors ?? {},
      formError: filled.formError,
      requestKey: kind === 'register' ? undefined : requestKey(),
    };
  };

  /** Turns a service's refusal into the page's messages, or rethrows what is not the visitor's. */
  const refusal = (error: unknown, lang: TSiteLanguage) => {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    const errors = messagesOf(error, lang);
    return {
      status: error.status,
      errors,
      formError: Object.keys(errors).length
        ? undefined
        : translate(error.messageKey, uiLang(lang), error.params),
    };
  };

  async function get(req: FastifyRequest, reply: FastifyReply, where: TWhere, page: TVisitorPage) {
    const query = req.query as Record<string, string | undefined>;
    switch (page) {
      case 'register':
      case 'contact':
      case 'forms':
        return render(req, reply, where, page, formView(where, page));
      case 'register-success':
        return render(req, reply, where, page, { kind: 'register-success', email: '', errors: {} });
      case 'register-confirm':
        return render(req, reply, where, page, {
          kind: 'register-confirm',
          token: String(query.token ?? '').slice(0, 200),
          state: query.token ? 'ASK' : 'INVALID',
          message: query.token ? undefined : translate('visitors.confirmInvalid', uiLang(where.lang)),
        });
      case 'login': {
        const to = COORDINATE.test(query.to ?? '') ? query.to : undefined;
        return render(req, reply, where, page, { kind: 'login', email: '', to, errors: {} });
      }
      case 'logout':
        return redirect(reply, where, '');
      case 'contact-success':
      case 'form-success':
        return render(req, reply, where, page, { kind: page });
      case 'survey':
        return surveyPage(req, reply, where, String(query.id ?? ''));
    }
  }

  async function surveyPage(
    req: FastifyRequest,
    reply: FastifyReply,
    where: TWhere,
    surveyId: string,
    filled: {
      email?: string;
      chosen?: Record<string, string[]>;
      errors?: Record<string, string>;
      formError?: string;
      status?: number;
    } = {},
  ) {
    const survey = UUID.test(surveyId)
      ? await endUserSurvey(ctx, { surveyId, lang: where.lang }).catch(() => null)
      : null;
    if (!survey || survey.siteId !== where.site.id) {
      const t = translate('common.notFound', uiLang(where.lang));
      return render(req, reply, where, 'survey', { kind: 'notice', title: t, body: t }, 404);
    }
    return render(
      req,
      reply,
      where,
      'survey',
      {
        kind: 'survey',
        survey,
        email: filled.email ?? '',
        chosen: filled.chosen ?? {},
        errors: filled.errors ?? {},
        formError: filled.formError,
        requestKey: requestKey(),
      },
      filled.status ?? 200,
      { id: surveyId },
    );
  }

  async function post(req: FastifyRequest, reply: FastifyReply, where: TWhere, page: TVisitorPage) {
    if (!sameOrigin(req)) return reply.status(403).headers(deps.headers).send('Forbidden');
    const form = formAnswers(req.body);
    const query = req.query as Record<string, string | undefined>;
    const { site, lang } = where;
    const agreed = one(form.agree) === 'true';
    switch (page) {
      case 'register':
        try {
          await registerMember(ctx, { siteId: site.id, data: form, lang, agree: agreed, ip: req.ip });
          return redirect(reply, where, 'register-success');
        } catch (error) {
          const r = refusal(error, lang);
          return render(
            req,
            reply,
            where,
            page,
            formView(where, page, { values: form, agreed, ...r }),
            r.status,
          );
        }
      case 'contact':
      case 'forms':
        try {
          await submitForm(ctx, {
            siteId: site.id,
            kind: page === 'contact' ? 'CONTACT' : 'HOMEPAGE',
            data: form,
            lang,
            agree: agreed,
            requestKey: one(form.request_key) || undefined,
            ip: req.ip,
          });
          return redirect(reply, where, page === 'contact' ? 'contact-success' : 'form-success');
        } catch (error) {
          const r = refusal(error, lang);
          return render(
            req,
            reply,
            where,
            page,
            formView(where, page, { values: form, agreed, ...r }),
            r.status,
          );
        }
      case 'register-success': {
        const email = one(form.email).trim().slice(0, 256);
        try {
          await resendConfirmation(ctx, { siteId: site.id, email, lang, ip: req.ip });
          return render(req, reply, where, page, {
            kind: 'register-success',
            email,
            notice: translate('visitors.resent', uiLang(lang)),
            errors: {},
          });
        } catch (error) {
          const r = refusal(error, lang);
          return render(req, reply, where, page, { kind: 'register-success', email, ...r }, r.status);
        }
      }
      case 'register-confirm': {
        const ok = await confirmMember(ctx, { siteId: site.id, token: one(form.token).slice(0, 200) });
        return render(
          req,
          reply,
          where,
          page,
          {
            kind: 'register-confirm',
            token: '',
            state: ok ? 'DONE' : 'INVALID',
            message: translate(ok ? 'visitors.confirmed' : 'visitors.confirmInvalid', uiLang(lang)),
          },
          ok ? 200 : 400,
        );
      }
      case 'login': {
        const email = one(form.email).trim().slice(0, 256);
        const to = COORDINATE.test(query.to ?? '') ? query.to : undefined;
        try {
          const session = await loginMember(ctx, {
            siteId: site.id,
            email,
            password: one(form.password).slice(0, 100),
            ip: req.ip,
          });
          reply.header(
            'set-cookie',
            memberCookie(site.id, session.token, { secure, maxAgeSeconds: MEMBER_SESSION_DAYS * 86_400 }),
          );
          return reply.redirect(`${visitorRoot(where, lang)}/${to ? `#${to}` : ''}`, 303);
        } catch (error) {
          const r = refusal(error, lang);
          return render(req, reply, where, page, { kind: 'login', email, to, ...r }, r.status);
        }
      }
      case 'logout':
        await logoutMember(ctx, { siteId: site.id, token: memberTokenOf(req, site.id) });
        reply.header('set-cookie', memberCookie(site.id, null, { secure }));
        return redirect(reply, where, '');
      case 'survey': {
        const surveyId = String(query.id ?? '');
        const email = one(form.email).trim().slice(0, 256);
        const chosen: Record<string, string[]> = {};
        for (const [name, value] of Object.entries(form))
          if (name.startsWith('q_')) chosen[name.slice(2)] = Array.isArray(value) ? value : [value];
        try {
          if (!UUID.test(surveyId)) throw new AppError(404, 'NOT_FOUND', 'common.notFound');
          const result = await answerSurvey(ctx, {
            surveyId,
            siteId: site.id,
            ip: req.ip,
            email,
            lang,
            answers: Object.entries(chosen).map(([questionId, optionIds]) => ({ questionId, optionIds })),
            requestKey: one(form.request_key) || undefined,
          });
          const survey = await endUserSurvey(ctx, { surveyId, lang });
          return render(
            req,
            reply,
            where,
            page,
            {
              kind: 'survey-result',
              title: survey.title,
              totalScore: result.totalScore,
              maxScore: result.maxScore,
              resultText: result.resultText,
            },
            200,
            { id: surveyId },
          );
        } catch (error) {
          const r = refusal(error, lang);
          return surveyPage(req, reply, where, surveyId, { email, chosen, ...r });
        }
      }
      default:
        return deps.notFound(req, reply);
    }
  }

  /** Answers a visitor page of the live site `by` names, or the not-found page. */
  async function serve(
    req: FastifyRequest,
    reply: FastifyReply,
    opts: { by: { key: string } | { host: string }; segment?: string; page: string; basePath: string },
  ) {
    const page = opts.page as TVisitorPage;
    if (!VISITOR_PAGES.includes(page) || (req.method === 'POST' && !POST_PAGES.has(page)))
      return deps.notFound(req, reply);
    const site = await findLiveSite(ctx, opts.by);
    if (!site) return deps.notFound(req, reply);
    const doc = storedSiteDocument(site.published);
    const lang = pageLanguage(doc, opts.segment);
    if (!lang) return deps.notFound(req, reply);
    const where = { site, doc, lang, basePath: opts.basePath };
    return req.method === 'POST' ? post(req, reply, where, page) : get(req, reply, where, page);
  }

  const rateLimit = { max: 60, timeWindow: '1 minute' };
  app.register(async (scoped) => {
    scoped.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 32 * 1024 },
      (_req, body, done) => done(null, parseForm(body as string)),
    );
    const onPath = (page?: string) => (req: FastifyRequest, reply: FastifyReply) => {
      const params = req.params as { key: string; lang?: string; page?: string };
      return serve(req, reply, {
        by: { key: params.key },
        segment: params.lang,
        page: page ?? params.page ?? '',
        basePath: `/sites/${params.key}`,
      });
    };
    // Static page names beat the `/sites/:key/:lang` page route of the viewer.
    for (const page of VISITOR_PAGES) {
      scoped.get(`/sites/:key/${page}`, onPath(page));
      if (POST_PAGES.has(page)) scoped.post(`/sites/:key/${page}`, { config: { rateLimit } }, onPath(page));
    }
    scoped.get('/sites/:key/:lang/:page', onPath());
    scoped.post('/sites/:key/:lang/:page', { config: { rateLimit } }, onPath());
    // Posts on a verified custom domain: /{page} and /{lang}/{page} (GETs come through the
    // viewer's not-found path, like the domain's pages).
    const onDomain = (page: string) => async (req: FastifyRequest, reply: FastifyReply) => {
      const host = req.headers.host?.toLowerCase().replace(/:\d+$/, '');
      if (!host) return deps.notFound(req, reply);
      const { lang } = req.params as { lang?: string };
      return serve(req, reply, { by: { host }, segment: lang, page, basePath: '' });
    };
    for (const page of POST_PAGES) {
      scoped.post(`/${page}`, { config: { rateLimit } }, onDomain(page));
      scoped.post(`/:lang/${page}`, { config: { rateLimit } }, onDomain(page));
    }
  });

  /** For the viewer's custom-domain path: '/{page}' or '/{lang}/{page}' of a verified domain. */
  return async function customDomainVisitorPage(
    req: FastifyRequest,
    reply: FastifyReply,
    host: string,
    path: string,
  ): Promise<boolean> {
    const m = /^\/(?:([a-z]{2})\/)?([a-z-]+)\/?$/.exec(path);
    if (!m || !VISITOR_PAGES.includes(m[2] as TVisitorPage)) return false;
    const site = await findLiveSite(ctx, { host });
    if (!site) return false;
    await serve(req, reply, { by: { host }, segment: m[1], page: m[2]!, basePath: '' });
    return true;
  };
}
