import { randomBytes } from 'node:crypto';
import { translate } from '@swipe/contracts/messages';
import type { TSiteDocument, TSiteLanguage } from '@swipe/contracts/sites';
import { agreementOf, formFieldViews, type TFormAnswers } from '@swipe/contracts/visitor-forms';
import {
  languagePath,
  renderVisitorPage,
  type TVisitorPageInput,
  type TVisitorView,
  visitorRoot,
} from '@swipe/site-render/render/visitor-page';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { sites } from '../../db/schema/sites';
import type { TAppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { carriesMemberCookie, memberCookie } from '../members/member-cookie';
import { memberOfToken, memberTokenOf } from '../members/members.service';
import { mediaUrls } from '../site-core/site-media';
import { MAIL_LANGUAGE, type TVisitorPage } from '../site-core/visitor-urls';
import type { formAnswers } from './visitor-form-body';

// What every visitor page handler shares: rendering a page of a site in its language, redirects,
// the view of a creator's form, and turning a service's refusal into the page's messages.

type TSite = typeof sites.$inferSelect;
/** The live site, its published document, the page's language and the site's root path. */
export type TWhere = {
  site: TSite;
  /** The published document, as the visitor's variation shows it. */
  doc: TSiteDocument;
  lang: TSiteLanguage;
  basePath: string;
  /** The variation of a running experiment the visitor's cookie names (null: none). */
  variationId: string | null;
};
export type TFormBody = ReturnType<typeof formAnswers>;

export type TVisitorDeps = {
  notFound: (req: FastifyRequest, reply: FastifyReply) => FastifyReply | Promise<FastifyReply>;
  headers: Record<string, string>;
  /** The forms runtime's address. */
  scriptUrl: string;
};

/** One visitor page: what a GET shows and, for pages with a form, what a POST does. */
export type TVisitorPageHandler = {
  get: (kit: TVisitorKit, req: FastifyRequest, reply: FastifyReply, where: TWhere) => Promise<FastifyReply>;
  post?: (
    kit: TVisitorKit,
    req: FastifyRequest,
    reply: FastifyReply,
    where: TWhere,
    form: TFormBody,
  ) => Promise<FastifyReply>;
};

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A page of the grid to go back to after signing in (`?to=B2`). */
export const COORDINATE = /^[A-Z]{1,3}[1-9]\d{0,2}$/;

export const one = (v: string | string[] | undefined) => (Array.isArray(v) ? (v[0] ?? '') : (v ?? ''));
export const requestKey = () => randomBytes(16).toString('base64url');
export const queryOf = (req: FastifyRequest) => req.query as Record<string, string | undefined>;

const noPopupImages = (doc: TSiteDocument) => ({
  timeLimit: { ...doc.popupCtas.timeLimit, texts: {} },
  applicantLimit: { ...doc.popupCtas.applicantLimit, texts: {} },
});

export type TVisitorKit = ReturnType<typeof createVisitorKit>;

export function createVisitorKit(ctx: TAppContext, deps: TVisitorDeps) {
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
    // A member token that no longer works (expired, signed out elsewhere) is cleared.
    if (!member && carriesMemberCookie(req.headers.cookie, site.id))
      reply.header('set-cookie', memberCookie(site.id, null, { secure }));
    return reply.status(status).headers(deps.headers).send(renderVisitorPage(input));
  }

  /** To a visitor page, or with '' to the site's page in the language (an address that exists). */
  const redirect = (reply: FastifyReply, where: TWhere, page: TVisitorPage | '', extra = '') =>
    reply.redirect(`${siteAddress(where, page)}${extra}`, 303);

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

  return { ctx, deps, secure, uiLang, render, redirect, formView, refusal };
}

/**
 * A visitor page's address, or with '' the site's own page in the language as the site links to
 * it: '/sites/{key}/' or '/sites/{key}/en' (never '/sites/{key}/en/'), '/' or '/en' on a domain.
 */
export const siteAddress = (where: Pick<TWhere, 'basePath' | 'doc' | 'lang'>, page: TVisitorPage | '') =>
  page ? `${visitorRoot(where, where.lang)}/${page}` : languagePath(where, where.lang);
