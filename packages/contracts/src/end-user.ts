import { z } from 'zod';
import { envelope } from './envelope';
import { zCoordinate } from './site-grid-rules';
import { ZCompany, ZCreative, ZProduct, ZSiteLanguage } from './sites';

// The end-user calls: what a published site's visitors may read of it, without signing in.
// Members-only pages answer their position and the lock, never their content (signed-in
// members read it through the separate private calls).

export const ZEndUserSiteParams = z.object({ id: z.uuid('common.notFound') });
export const ZEndUserPageParams = ZEndUserSiteParams.extend({ pageId: zCoordinate() });
/** The language of the content; the site's default when absent or not one of its languages. */
export const ZEndUserLangQuery = z.object({ lang: ZSiteLanguage.optional() });

/** A page as the public sees it: a locked page carries no content. */
export const ZPublicPage = z.discriminatedUnion('locked', [
  z.object({ locked: z.literal(true), coordinate: z.string(), lang: ZSiteLanguage }),
  z.object({
    locked: z.literal(false),
    coordinate: z.string(),
    lang: ZSiteLanguage,
    creative: ZCreative.omit({ products: true }),
    /** Asset id to URL of the files the page names. */
    media: z.record(z.string(), z.string()),
  }),
]);
export const ZPublicPageResponse = envelope(ZPublicPage);

export const ZPublicProducts = z.object({
  coordinate: z.string(),
  products: z.array(ZProduct),
  media: z.record(z.string(), z.string()),
});
export const ZPublicProductsResponse = envelope(ZPublicProducts);

export const ZPublicCompanyResponse = envelope(
  z.object({ lang: ZSiteLanguage, company: ZCompany.omit({ id: true }) }),
);

/** The body scripts a page loads (src URLs, each deferred) and the head tags as written. */
export const ZPublicScriptsResponse = envelope(
  z.object({ lang: ZSiteLanguage, head: z.string(), scripts: z.array(z.string()) }),
);

/** The popup CTAs' live numbers: clicks so far, and what an applicant limit has left. */
export const ZPopupCtaState = z.object({
  enabled: z.boolean(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  clicks: z.number().int(),
});
export const ZPublicButtonsResponse = envelope(
  z.object({
    timeLimit: ZPopupCtaState,
    applicantLimit: ZPopupCtaState.extend({
      limit: z.number().int().nullable(),
      remaining: z.number().int().nullable(),
    }),
  }),
);
