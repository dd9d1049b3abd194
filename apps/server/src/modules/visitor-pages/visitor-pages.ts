import { VARIATION_COOKIE } from '@swipe/contracts/experiments';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { storedSiteDocument } from '../../db/site-document';
import type { TAppContext } from '../../platform/context';
import { cookieValue } from '../../platform/page-answer';
import { findLiveSite, pageLanguage, variationDocument } from '../site-core/live-site';
import { type TVisitorPage, VISITOR_PAGES } from '../site-core/visitor-urls';
import { contactPage, contactSuccessPage, formSuccessPage, homepageFormPage } from './pages/form-pages';
import { loginPage } from './pages/login';
import { logoutPage } from './pages/logout';
import { registerPage } from './pages/register';
import { registerConfirmPage } from './pages/register-confirm';
import { registerSuccessPage } from './pages/register-success';
import { surveyPageHandler } from './pages/survey';
import { formAnswers, parseForm, sameOrigin } from './visitor-form-body';
import { createVisitorKit, type TVisitorDeps, type TVisitorPageHandler } from './visitor-page-kit';

// The visitor screens as plain HTML forms: register, register-success (with the resend form),
// register-confirm, login, logout, contact, forms, their success pages and the survey, under
// /sites/{id or custom path}[/{lang}]/{page} and /[{lang}/]{page} of a verified custom domain.
// Every answer is private and never cached; posts must come from the page itself (same origin),
// and each one is rate-limited here and again per address and site by the services. The
// services (members, forms, surveys) do the work; each page's handler (pages/) speaks HTML.

const PAGES: Record<TVisitorPage, TVisitorPageHandler> = {
  register: registerPage,
  'register-success': registerSuccessPage,
  'register-confirm': registerConfirmPage,
  login: loginPage,
  logout: logoutPage,
  contact: contactPage,
  forms: homepageFormPage,
  'contact-success': contactSuccessPage,
  'form-success': formSuccessPage,
  survey: surveyPageHandler,
};
const POST_PAGES = VISITOR_PAGES.filter((page) => PAGES[page].post);

export function registerVisitorPages(app: FastifyInstance, ctx: TAppContext, deps: TVisitorDeps) {
  const kit = createVisitorKit(ctx, deps);

  /** Answers a visitor page of the live site `by` names, or the not-found page. */
  async function serve(
    req: FastifyRequest,
    reply: FastifyReply,
    opts: { by: { key: string } | { host: string }; segment?: string; page: string; basePath: string },
  ) {
    const page = opts.page as TVisitorPage;
    const handler = VISITOR_PAGES.includes(page) ? PAGES[page] : undefined;
    if (!handler || (req.method === 'POST' && !handler.post)) return deps.notFound(req, reply);
    const site = await findLiveSite(ctx, opts.by);
    if (!site) return deps.notFound(req, reply);
    // The visitor's variation of a running experiment shows its own forms.
    const variationId = req.headers.cookie ? cookieValue(req.headers.cookie, VARIATION_COOKIE) : null;
    const doc = await variationDocument(ctx, site, storedSiteDocument(site.published), variationId);
    const lang = pageLanguage(doc, opts.segment);
    if (!lang) return deps.notFound(req, reply);
    const where = { site, doc, lang, basePath: opts.basePath, variationId };
    if (req.method !== 'POST' || !handler.post) return handler.get(kit, req, reply, where);
    if (!sameOrigin(req)) return reply.status(403).headers(deps.headers).send('Forbidden');
    return handler.post(kit, req, reply, where, formAnswers(req.body));
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
      // '/sites/{key}/en/' or '/sites/{key}/login/' (the router gives an empty last segment):
      // the same page without the slash, the one form of every visitor address.
      if (page === undefined && params.page === '') return redirectWithoutSlash(req, reply);
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
      if (PAGES[page].post) scoped.post(`/sites/:key/${page}`, { config: { rateLimit } }, onPath(page));
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

/** Sends a GET to the same address without its trailing slash; anything else is not a page. */
export function redirectWithoutSlash(req: FastifyRequest, reply: FastifyReply) {
  const at = req.url.indexOf('?');
  const [path, query] = at < 0 ? [req.url, ''] : [req.url.slice(0, at), req.url.slice(at)];
  if (req.method !== 'GET' && req.method !== 'HEAD') return reply.status(404).send();
  return reply.redirect(`${path.replace(/\/+$/, '')}${query}`, 301);
}
