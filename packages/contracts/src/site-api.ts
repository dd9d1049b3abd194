import { z } from 'zod';
import { envelope, listEnvelope } from './envelope';
import { isCoordinate } from './site-grid-rules';
import { zSiteTemplateId } from './site-templates';
import { ZSiteDocument, ZSiteDocumentShape, ZSiteLanguage, ZSiteStatus } from './sites';

// The site calls: the request and answer shapes of /api/site (the document itself is sites.ts).

export const SITE_SAVE_MODES = ['DRAFT', 'PUBLISH', 'PRIVATE'] as const;

// POST /api/site — for the caller's own account, or (OEM staff) a company of its subtree: a whole
// document, or a starter site by its template id (site-templates.ts), in `defaultLanguage` when
// given (else Japanese, or English for an English console).
export const ZCreateSiteRequest = z
  .object({
    document: ZSiteDocument.optional(),
    templateId: zSiteTemplateId().optional(),
    defaultLanguage: ZSiteLanguage.optional(),
    accountId: z.uuid().optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.document === !v.templateId)
      ctx.addIssue({ code: 'custom', path: ['templateId'], message: 'siteTemplates.documentOrTemplate' });
  });
/**
 * Most page renames one save carries: one per page of the largest grid a document may have
 * (100 x 100); a plan allows far fewer pages.
 */
export const PAGE_RENAMES_MAX = 10_000;

/**
 * The editor's page operations since the last save: old coordinate to new, null when the page
 * was removed. No two pages may move to one cell; the new cells must be on the saved grid
 * (checked by the save, which has the document).
 */
export const ZPageRenames = z.record(z.string(), z.string().nullable()).superRefine((renames, ctx) => {
  const entries = Object.entries(renames);
  if (entries.length > PAGE_RENAMES_MAX) {
    ctx.addIssue({
      code: 'custom',
      path: [],
      message: 'sites.tooManyRenames',
      params: { max: PAGE_RENAMES_MAX },
    });
    return;
  }
  const taken = new Set<string>();
  for (const [from, to] of entries) {
    if (!isCoordinate(from))
      ctx.addIssue({ code: 'custom', path: [from], message: 'sites.invalidCoordinate' });
    else if (to !== null && !isCoordinate(to))
      ctx.addIssue({ code: 'custom', path: [from], message: 'sites.invalidCoordinate' });
    else if (to !== null && taken.has(to))
      ctx.addIssue({ code: 'custom', path: [from], message: 'sites.renamedTwice', params: { page: to } });
    if (to !== null) taken.add(to);
  }
});
export type TPageRenames = z.infer<typeof ZPageRenames>;

// PUT /api/site/:id — DRAFT saves; PUBLISH saves and publishes publicly; PRIVATE saves and unpublishes.
export const ZUpdateSiteRequest = z.object({
  document: ZSiteDocument,
  mode: z.enum(SITE_SAVE_MODES).default('DRAFT'),
  /** The draft revision the editor started from; a newer one on the server is a 409. */
  revision: z.number().int().min(0).optional(),
  /**
   * A changed contact form deletes the contact submissions received so far; when there
   * are any, the save must say the warning was confirmed (else 409 'visitors.contactResetUnconfirmed').
   */
  confirmContactReset: z.boolean().optional(),
  /** Pages the editor moved or removed since the last save: the site's campaigns follow them. */
  pageRenames: ZPageRenames.optional(),
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
  /** The CNAME target a custom domain must point at (step 2 of the domain wizard). */
  cnameTarget: z.string(),
  editable: z.boolean(),
  /** Where the media the document names can be seen (asset id to URL), for the editor's previews. */
  media: z.record(z.string(), z.string()).optional(),
  /**
   * Asset id to the URL of the image's smallest variant, for thumbnails (the editor's page tiles)
   * that need not load the full-size file. An asset without one (a video, a narrow image) is
   * absent: `media` has its URL.
   */
  thumbnails: z.record(z.string(), z.string()).optional(),
  /** Asset id to the file's pixels (null for videos) and bytes: the pre-publish check's image sizes. */
  mediaSizes: z
    .record(
      z.string(),
      z.object({
        width: z.number().int().nullable(),
        height: z.number().int().nullable(),
        bytes: z.number().int().nullable(),
      }),
    )
    .optional(),
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

// PUT /api/site/:id/draft — the editor's autosave: saves the draft like PUT /api/site/:id with
// mode DRAFT, and answers with what changed (not the whole document back, not the media map).
export const ZSaveDraftResult = ZSiteSummary.pick({
  id: true,
  status: true,
  hasUnpublishedChanges: true,
  updatedAt: true,
}).extend({ revision: z.number().int() });
export type TSaveDraftResult = z.infer<typeof ZSaveDraftResult>;
export const ZSaveDraftResponse = envelope(ZSaveDraftResult);

/** How a revision came to be: an autosave, a save, a publish, taking the site private, a restore. */
export const REVISION_KINDS = ['AUTOSAVE', 'DRAFT', 'PUBLISH', 'PRIVATE', 'RESTORE'] as const;
/** Revisions kept per site; consecutive autosaves of one author within this many minutes share one entry. */
export const REVISIONS_KEPT = 100;
export const REVISION_COALESCE_MINUTES = 5;

// GET /api/site/:id/revisions — the draft's saved revisions, newest first.
export const ZSiteRevision = z.object({
  revision: z.number().int(),
  kind: z.enum(REVISION_KINDS),
  /** For RESTORE: the revision whose document was restored. */
  restoredFrom: z.number().int().nullable(),
  createdAt: z.string(),
  authorName: z.string().nullable(),
  /** Pages and languages of that document, to tell revisions apart. */
  pages: z.number().int(),
  languages: z.array(ZSiteLanguage),
});
export type TSiteRevision = z.infer<typeof ZSiteRevision>;
export const ZSiteRevisionsResponse = envelope(z.array(ZSiteRevision));

// POST /api/site/:id/revisions/:revision/restore — that revision's document becomes the draft
// (a new revision; the published version is untouched). `current` is the revision the editor
// holds: a newer one on the server is a 409, as for saves.
export const ZRestoreRevisionParams = z.object({
  id: z.uuid('common.notFound'),
  /** A revision number; anything else is a revision that does not exist (404, like another site's). */
  revision: z.string().max(12),
});
export const ZRestoreRevisionRequest = z.object({
  current: z.number().int().min(0).optional(),
  /** As for saves: a restored contact form that differs deletes the contact submissions. */
  confirmContactReset: z.boolean().optional(),
});
