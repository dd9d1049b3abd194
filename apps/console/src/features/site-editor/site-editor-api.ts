import { keysToSnake } from '@swipe/contracts/case';
import {
  type TSaveDraftResult,
  type TSiteDetail,
  type TSiteRevision,
  ZSaveDraftResponse,
  ZSiteDetailResponse,
  ZSiteRevisionsResponse,
} from '@swipe/contracts/site-api';
import { type TSiteTemplate, ZSiteTemplatesResponse } from '@swipe/contracts/site-templates';
import type { TSiteDocument } from '@swipe/contracts/sites';
import { api, JsonText, type TRequestOptions } from '../../app/api-client';
import { rememberThumbnails } from './media-thumbs';

// The site endpoints the editor uses; every answer is checked against its response schema.

type TOpts = Pick<TRequestOptions, 'toast' | 'signal'>;

/** A site detail passes on its thumbnails' URLs to the page tiles (media-thumbs.ts). */
const withThumbnails = <T extends { data: TSiteDetail }>(res: T): T => {
  rememberThumbnails(res.data.thumbnails);
  return res;
};
export type TSaveMode = 'DRAFT' | 'PUBLISH' | 'PRIVATE';

export const siteEditorApi = {
  get: (id: string, opts?: TOpts) =>
    api
      .get<TSiteDetail>(`/api/site/${encodeURIComponent(id)}`, { ...opts, schema: ZSiteDetailResponse })
      .then(withThumbnails),

  create: (document: TSiteDocument, accountId: string | undefined, opts?: TOpts) =>
    api
      .post<TSiteDetail>(
        '/api/site',
        { document, ...(accountId ? { accountId } : {}) },
        {
          ...opts,
          schema: ZSiteDetailResponse,
        },
      )
      .then(withThumbnails),

  /** The starter sites of the create-site screen, named in the UI language (template-gallery.tsx). */
  templates: (opts?: TOpts) =>
    api.get<TSiteTemplate[]>('/api/site-templates', { ...opts, schema: ZSiteTemplatesResponse }),

  /** A new draft site from a starter site, for `accountId` (OEM staff) or the caller's own account. */
  createFromTemplate: (templateId: string, accountId: string | undefined, opts?: TOpts) =>
    api
      .post<TSiteDetail>(
        '/api/site',
        { templateId, ...(accountId ? { accountId } : {}) },
        { ...opts, schema: ZSiteDetailResponse },
      )
      .then(withThumbnails),

  /** `confirmContactReset`: the user confirmed that the changed contact form deletes its submissions. */
  save: (id: string, body: TSaveBody & { mode: TSaveMode }, opts?: TOpts) =>
    api
      .put<TSiteDetail>(`/api/site/${encodeURIComponent(id)}`, wireBody(body), {
        ...opts,
        schema: ZSiteDetailResponse,
      })
      .then(withThumbnails),

  /** The autosave: the draft only, answered with the new revision (not the document back). */
  saveDraft: (id: string, body: TSaveBody, opts?: TOpts) =>
    api.put<TSaveDraftResult>(`/api/site/${encodeURIComponent(id)}/draft`, wireBody(body), {
      ...opts,
      schema: ZSaveDraftResponse,
    }),

  revisions: (id: string, opts?: TOpts) =>
    api.get<TSiteRevision[]>(`/api/site/${encodeURIComponent(id)}/revisions`, {
      ...opts,
      schema: ZSiteRevisionsResponse,
    }),

  /** Makes `revision`'s document the draft; `current` is the revision the editor holds. */
  restore: (
    id: string,
    revision: number,
    current: number,
    body: { confirmContactReset?: boolean } = {},
    opts: TOpts = { toast: false },
  ) =>
    api
      .post<TSiteDetail>(
        `/api/site/${encodeURIComponent(id)}/revisions/${revision}/restore`,
        { current, ...(body.confirmContactReset ? { confirmContactReset: true } : {}) },
        { ...opts, schema: ZSiteDetailResponse },
      )
      .then(withThumbnails),
};

/** What a save sends. `pageRenames`: pages moved since the last save, so campaigns follow. */
type TSaveBody = {
  /** The document, or its JSON already made (document-check.ts). */
  document: TSiteDocument | JsonText;
  revision: number;
  confirmContactReset?: boolean;
  pageRenames?: Record<string, string | null>;
};

/** The body with the document's ready JSON put in as it is (the rest is small). */
function wireBody<B extends TSaveBody>(body: B): B | JsonText {
  if (!(body.document instanceof JsonText)) return body;
  const { document, ...rest } = body;
  const after = `,${JSON.stringify(keysToSnake(rest)).slice(1)}`;
  return new JsonText(new Blob(['{"document":', document.text, after], { type: 'application/json' }));
}
