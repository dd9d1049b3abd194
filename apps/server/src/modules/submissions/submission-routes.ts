import { ZIdParams } from '@swipe/contracts/accounts';
import {
  ZSubmissionExportQuery,
  ZSubmissionListQuery,
  ZSubmissionListResponse,
} from '@swipe/contracts/submissions';
import { z } from 'zod';
import { defineRoute } from '../../platform/route';
import { SITE_VIEW_ROLES } from '../site-core/site-access';
import { exportSubmissions, listSubmissions, type TSubmissionKind } from './submissions.service';
import { sendCsv } from './submissions-http';

// A site's contact forms and homepage forms are listed and exported alike, differing only in
// address, kind and summary; each route keeps its own file under routes/, naming its address,
// and builds itself here.

type TFormsOfKind = { url: string; kind: TSubmissionKind; summary: string };

export function defineSubmissionListRoute(opts: TFormsOfKind) {
  return defineRoute({
    method: 'GET',
    url: opts.url,
    summary: opts.summary,
    tags: ['submissions'],
    guard: { roles: SITE_VIEW_ROLES, authority: 'VIEW' },
    params: ZIdParams,
    querystring: ZSubmissionListQuery,
    response: ZSubmissionListResponse,
    handler: async ({ ctx, params, query, caller }) => {
      const { items, total } = await listSubmissions(ctx, {
        caller,
        siteId: params.id,
        kind: opts.kind,
        query,
      });
      return { data: items, meta: { total, page: query.page, pageSize: query.pageSize } };
    },
  });
}

/** `file`: the CSV's name without its date and extension. */
export function defineSubmissionExportRoute(opts: TFormsOfKind & { file: string }) {
  return defineRoute({
    method: 'GET',
    url: opts.url,
    summary: opts.summary,
    tags: ['submissions'],
    guard: { roles: SITE_VIEW_ROLES, authority: 'VIEW' },
    params: ZIdParams,
    querystring: ZSubmissionExportQuery,
    response: z.string().describe('text/csv'),
    handler: async ({ ctx, params, query, caller, req, reply }) =>
      sendCsv(
        reply,
        opts.file,
        await exportSubmissions(ctx, { caller, siteId: params.id, kind: opts.kind, query, lang: req.lang }),
      ),
  });
}
