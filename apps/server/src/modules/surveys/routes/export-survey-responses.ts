import { ZIdParams } from '@swipe/contracts/accounts';
import { ZSubmissionExportQuery } from '@swipe/contracts/submissions';
import { z } from 'zod';
import { defineRoute } from '../../../platform/route';
import { jstDate } from '../../../platform/schedule';
import { SITE_VIEW_ROLES } from '../../site-core/site-access';
import { exportResponses } from '../surveys.service';

export default defineRoute({
  method: 'GET',
  url: '/api/surveys/:id/responses/export-csv',
  summary: "A survey's answers with the same filters as CSV (UTF-8 with BOM), a column per question",
  tags: ['surveys'],
  guard: { roles: SITE_VIEW_ROLES, authority: 'VIEW' },
  params: ZIdParams,
  querystring: ZSubmissionExportQuery,
  response: z.string().describe('text/csv'),
  handler: async ({ ctx, params, query, caller, req, reply }) => {
    const { csv } = await exportResponses(ctx, { caller, surveyId: params.id, query, lang: req.lang });
    const day = jstDate(new Date()).replace(/-/g, '');
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="survey-${params.id.slice(0, 8)}-${day}.csv"`)
      .header('cache-control', 'no-store');
    return csv;
  },
});
