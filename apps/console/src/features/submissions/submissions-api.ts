import { ZMessageOnly } from '@swipe/contracts/envelope';
import {
  type TMemberSummary,
  type TSubmissionSummary,
  ZMemberListResponse,
  ZSubmissionListResponse,
  ZSubmissionSiteInfo,
} from '@swipe/contracts/submissions';
import { api, type TRequestOptions } from '../../app/api-client';
import { downloadCsv } from '../../app/csv-download';
import { withoutPaging } from '../../app/use-list-query';
import type { TSubmissionQuery } from './submission-list-query';

// The /api/site-member, /api/site-contact and /api/site-form endpoints (and the site's name for
// the heading), typed by the contracts; every answer is checked against its response schema.

type TOpts = Pick<TRequestOptions, 'toast' | 'signal'>;

/** Which list: members, contact forms or homepage forms. */
export type TSubmissionListKind = 'member' | 'contact' | 'form';

const base = (kind: TSubmissionListKind, siteId: string) => `/api/site-${kind}/${encodeURIComponent(siteId)}`;

export const submissionKeys = {
  all: ['submissions'] as const,
  lists: (kind: TSubmissionListKind, siteId: string) => ['submissions', kind, siteId] as const,
  list: (kind: TSubmissionListKind, siteId: string, query: TSubmissionQuery) =>
    ['submissions', kind, siteId, query] as const,
  site: (siteId: string) => ['submissions', 'site', siteId] as const,
};

export const submissionsApi = {
  /** The site's id and name (GET /api/site/:id, read down to what the heading needs). */
  site: (siteId: string, opts?: TOpts) =>
    api.get<{ id: string; name: string }>(`/api/site/${encodeURIComponent(siteId)}`, {
      ...opts,
      schema: ZSubmissionSiteInfo,
    }),

  members: (siteId: string, query: TSubmissionQuery, opts?: TOpts) =>
    api.get<TMemberSummary[]>(base('member', siteId), { ...opts, query, schema: ZMemberListResponse }),

  submissions: (kind: 'contact' | 'form', siteId: string, query: TSubmissionQuery, opts?: TOpts) =>
    api.get<TSubmissionSummary[]>(base(kind, siteId), { ...opts, query, schema: ZSubmissionListResponse }),

  removeMember: (siteId: string, memberId: string, opts?: TOpts) =>
    api.delete<null>(`${base('member', siteId)}/${encodeURIComponent(memberId)}`, {
      ...opts,
      schema: ZMessageOnly,
    }),

  /** Saves the CSV of the list's filters (all pages) under the server-chosen name. */
  exportCsv: (kind: TSubmissionListKind, siteId: string, query: TSubmissionQuery) =>
    downloadCsv(`${base(kind, siteId)}/export-csv`, withoutPaging(query), `site-${kind}s.csv`),
};
