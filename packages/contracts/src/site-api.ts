import { z } from 'zod';
import { envelope, listEnvelope } from './envelope';
import { ZSiteDocument, ZSiteDocumentShape, ZSiteLanguage, ZSiteStatus } from './sites';

// SPEC 7 site calls: the request and answer shapes of /api/site (the document itself is sites.ts).

export const SITE_SAVE_MODES = ['DRAFT', 'PUBLISH', 'PRIVATE'] as const;

// POST /api/site — for the caller's own account, or (OEM staff) a company of its subtree.
export const ZCreateSiteRequest = z.object({ document: ZSiteDocument, accountId: z.uuid().optional() });
// PUT /api/site/:id — DRAFT saves; PUBLISH saves and publishes publicly; PRIVATE saves and unpublishes.
export const ZUpdateSiteRequest = z.object({
  document: ZSiteDocument,
  mode: z.enum(SITE_SAVE_MODES).default('DRAFT'),
  /** The draft revision the editor started from; a newer one on the server is a 409. */
  revision: z.number().int().min(0).optional(),
  /**
   * SPEC 4: a changed contact form deletes the contact submissions received so far; when there
   * are any, the save must say the warning was confirmed (else 409 'visitors.contactResetUnconfirmed').
   */
  confirmContactReset: z.boolean().optional(),
});

export const ZSiteSummary = z.object({
  id: z.string(),
  name: z.string(),
  status: ZSiteStatus,
  accountId: z.string(),
  accountName: z.string(),
  pages: z.number().int(),
  languages: z.array(ZSiteLanguage),
  /** The public address (default domain, with the custom domain when verified). */
  url: z.string(),
  customDomain: z.string().nullable(),
  domainStatus: z.enum(['NONE', 'VERIFYING', 'VERIFIED', 'FAILED']),
  publishedAt: z.string().nullable(),
  /** True when the draft has changes the published version lacks. */
  hasUnpublishedChanges: z.boolean(),
  /** Page views by visitors so far (in lists). */
  views: z.number().int().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TSiteSummary = z.infer<typeof ZSiteSummary>;

export const ZSiteDetail = ZSiteSummary.extend({
  document: ZSiteDocumentShape,
  revision: z.number().int(),
  /** The CNAME target a custom domain must point at (SPEC 4 domain wizard, step 2). */
  cnameTarget: z.string(),
  editable: z.boolean(),
  /** Where the media the document names can be seen (asset id to URL), for the editor's previews. */
  media: z.record(z.string(), z.string()).optional(),
});
export type TSiteDetail = z.infer<typeof ZSiteDetail>;

export const ZExportSitesQuery = z.object({
  keyword: z.string().trim().max(100).optional(),
  status: ZSiteStatus.optional(),
  accountId: z.uuid().optional(),
});
export const ZListSitesQuery = z.object({
  keyword: z.string().trim().max(100).optional(),
  status: ZSiteStatus.optional(),
  accountId: z.uuid().optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type TListSitesQuery = z.infer<typeof ZListSitesQuery>;

export const ZListSitesResponse = listEnvelope(ZSiteSummary);

// GET /api/v1/sites (the read API): the sites of the API client's account and below.
export const ZApiV1SitesQuery = z.object({
  status: ZSiteStatus.optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const ZApiV1Site = ZSiteSummary.pick({
  id: true,
  name: true,
  status: true,
  accountId: true,
  accountName: true,
  url: true,
  pages: true,
  languages: true,
  customDomain: true,
  domainStatus: true,
  publishedAt: true,
  updatedAt: true,
});
export const ZApiV1SitesResponse = listEnvelope(ZApiV1Site);
export const ZSiteDetailResponse = envelope(ZSiteDetail);

// POST /api/site/:id/preview-link — a short-lived address of the viewer's render of the draft,
// for the editor's preview pane (an <iframe sandbox> cannot send the operator's bearer token).
export const PREVIEW_LINK_TTL_SECONDS = 600;
export const ZPreviewLink = z.object({ url: z.string(), expiresAt: z.string() });
export const ZPreviewLinkResponse = envelope(ZPreviewLink);
export type TPreviewLink = z.infer<typeof ZPreviewLink>;
