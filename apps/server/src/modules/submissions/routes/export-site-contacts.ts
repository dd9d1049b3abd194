import { ZIdParams } from '@swipe/contracts/accounts';
import { ZSubmissionExportQuery } from '@swipe/contracts/submissions';
import { z } from 'zod';
import { defineRoute } from '../../../platform/route';
import { SITE_VIEW_ROLES } from '../../site-core/site-access';
import { exportSubmissions } from '../submissions.service';
import { sendCsv } from '../submissions-http';

export default defineRoute({
  method: 'GET',
  url: '/api/site-contact/:id/export-csv',
  summary:
    'The contact forms of a site with the same filters as CSV (UTF-8 with BOM), a column per form field',
  tags: ['submissions'],
  guard: { roles: SITE_VIEW_ROLES, authority: 'VIEW' },
  params: ZIdParams,
  querystring: ZSubmissionExportQuery,
  response: z.string().describe('text/csv'),
  handler: async ({ ctx, params, query, caller, req, reply }) =>
    sendCsv(
      reply,
      'site-contacts',
      await exportSubmissions(ctx, { caller, siteId: params.id, kind: 'CONTACT', query, lang: req.lang }),
    ),
});
