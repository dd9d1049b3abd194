import { ZMessageOnly } from '@swipe/contracts/envelope';
import { type TSiteDetail, ZSiteDetailResponse } from '@swipe/contracts/site-api';
import { ZSubmissionListQuery } from '@swipe/contracts/submissions';
import {
  type TSurveyDetail,
  type TSurveyInput,
  type TSurveyResponseSummary,
  type TSurveySummary,
  ZSurveyDetailResponse,
  ZSurveyListResponse,
  ZSurveyResponseListResponse,
} from '@swipe/contracts/surveys';
import { api, type TRequestOptions } from '../../app/api-client';
import { downloadCsv } from '../../app/csv-download';
import { defineListQuery, type TListQuery } from '../../app/use-list-query';

// The survey endpoints of a site (builder, answers, CSV), typed by the contracts; every answer
// is checked against its response schema.

type TOpts = Pick<TRequestOptions, 'toast' | 'signal'>;

/** The answers' query in the address, beside ?responses=<id> (the server takes the visitor lists' query). */
export const responsesListQuery = defineListQuery(ZSubmissionListQuery);
export type TResponsesQuery = TListQuery<typeof responsesListQuery>;

const enc = encodeURIComponent;

export const surveyKeys = {
  all: ['surveys'] as const,
  site: (siteId: string) => ['sites', 'detail', siteId] as const,
  list: (siteId: string) => ['surveys', 'list', siteId] as const,
  detail: (id: string) => ['surveys', 'detail', id] as const,
  responses: (id: string, query?: TResponsesQuery) =>
    (query ? ['surveys', 'responses', id, query] : ['surveys', 'responses', id]) as readonly unknown[],
};

export const surveysApi = {
  site: (siteId: string, opts?: TOpts) =>
    api.get<TSiteDetail>(`/api/site/${enc(siteId)}`, { ...opts, schema: ZSiteDetailResponse }),

  list: (siteId: string, opts?: TOpts) =>
    api.get<TSurveySummary[]>(`/api/site/${enc(siteId)}/surveys`, { ...opts, schema: ZSurveyListResponse }),

  get: (id: string, opts?: TOpts) =>
    api.get<TSurveyDetail>(`/api/surveys/${enc(id)}`, { ...opts, schema: ZSurveyDetailResponse }),

  create: (siteId: string, input: TSurveyInput, opts?: TOpts) =>
    api.post<TSurveyDetail>(`/api/site/${enc(siteId)}/surveys`, input, {
      ...opts,
      schema: ZSurveyDetailResponse,
    }),

  save: (id: string, input: TSurveyInput, opts?: TOpts) =>
    api.put<TSurveyDetail>(`/api/surveys/${enc(id)}`, input, { ...opts, schema: ZSurveyDetailResponse }),

  remove: (id: string, opts?: TOpts) =>
    api.delete<null>(`/api/surveys/${enc(id)}`, { ...opts, schema: ZMessageOnly }),

  responses: (id: string, query: TResponsesQuery, opts?: TOpts) =>
    api.get<TSurveyResponseSummary[]>(`/api/surveys/${enc(id)}/responses`, {
      ...opts,
      query,
      schema: ZSurveyResponseListResponse,
    }),

  /** Saves the CSV of the filters (all pages) under the server-chosen name. */
  exportCsv: (id: string, query: Omit<TResponsesQuery, 'page' | 'pageSize'>) =>
    downloadCsv(`/api/surveys/${enc(id)}/responses/export-csv`, query, 'survey.csv'),
};
