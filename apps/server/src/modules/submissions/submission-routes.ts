import { ZIdParams } from '@swipe/contracts/accounts';
import {
  ZSubmissionExportQuery,
  ZSubmissionListQuery,
  ZSubmissionListResponse,
} from '@swipe/contracts/submissions';
import { z } from 'zod';
import type { TAppContext } from '../../platform/context';
import { defineRoute } from '../../platform/route';
import { SITE_VIEW_ROLES } from '../site-core/site-access';
import { type exportMembers, listSubmissions, type TSubmissionKind } from './submissions.service';
import { sendCsv } from './submissions-http';

// A site's contact forms and homepage forms are listed alike, and exported like its members,
// differing only in address, summary and what they read; each route keeps its own file under
// routes/, naming its address, and builds itself here.

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

type TExportArgs = Parameters<typeof exportMembers>[1];

/**
 * A CSV export of a site's forms or members with the list's filters. `file`: the CSV's name
 * without its date and extension; `csv`: the rows, from the service.
 */
export function defineSubmissionExportRoute(opts: {
  url: string;
  summary: string;
  file: string;
  csv: (ctx: TAppContext, args: TExportArgs) => Promise<string>;
}) {
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
      sendCsv(reply, opts.file, await opts.csv(ctx, { caller, siteId: params.id, query, lang: req.lang })),
  });
}
