import { LANGUAGE_SEGMENT, type TSiteDocument, type TSiteLanguage } from '@swipe/contracts/sites';
import type { sites } from '../../db/schema/sites';
import type { TAppContext } from '../../platform/context';

// The visitor pages of a site (register, login, contact, forms, survey,
// their success pages) live beside its pages: /sites/{id or custom path}[/{lang}]/{page} on the
// platform's host, /[{lang}/]{page} on a verified custom domain. Mails link to them.

/** Visitor pages under a site's (and language's) root. */
export const VISITOR_PAGES = [
  'register',
  'register-success',
  'register-confirm',
  'login',
  'logout',
  'contact',
  'forms',
  'contact-success',
  'form-success',
  'survey',
] as const;
export type TVisitorPage = (typeof VISITOR_PAGES)[number];

type TSiteAddress = Pick<typeof sites.$inferSelect, 'id' | 'customDomain' | 'domainStatus' | 'customPath'>;

/**
 * The one address of a site's root, without a trailing slash: its verified custom domain, else its
 * custom path (or id) on the sites origin. Mails link to it, and its pages name it as their
 * canonical address (never the Host a request came with) and list it in their sitemap.
 */
export function siteRoot(config: Pick<TAppContext['config'], 'sitesUrl'>, site: TSiteAddress): string {
  return site.customDomain && site.domainStatus === 'VERIFIED'
    ? `https://${site.customDomain}`
    : `${config.sitesUrl}/sites/${site.customPath ?? site.id}`;
}

/** The absolute address of a visitor page of a site in a language (for mails). */
export function visitorPageUrl(
  ctx: TAppContext,
  site: TSiteAddress,
  doc: Pick<TSiteDocument, 'defaultLanguage'>,
  lang: TSiteLanguage,
  page: TVisitorPage,
  query: Record<string, string> = {},
): string {
  const root = siteRoot(ctx.config, site);
  const segment = lang === doc.defaultLanguage ? '' : `/${LANGUAGE_SEGMENT[lang]}`;
  const qs = new URLSearchParams(query).toString();
  return `${root}${segment}/${page}${qs ? `?${qs}` : ''}`;
}

/** The mail language of a site language. */
export const MAIL_LANGUAGE = { JP: 'ja', EN: 'en', KR: 'kr', CN: 'cn' } as const;
