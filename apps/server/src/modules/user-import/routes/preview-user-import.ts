import {
  USER_IMPORT_ROLES,
  ZUserImportPreviewResponse,
  ZUserImportQuery,
} from '@swipe/contracts/user-import';
import { defineRoute } from '../../../platform/route';
import { csvBodyParsers } from '../csv-body';
import { previewImport } from '../user-import.service';

export default defineRoute({
  method: 'POST',
  url: '/api/users/import/preview',
  summary: 'Checks a CSV of users row by row (raw text/csv body, at most 5 MB); writes nothing',
  tags: ['user-import'],
  guard: { roles: USER_IMPORT_ROLES, authority: 'VIEW', rateLimit: { max: 20, timeWindow: '1 minute' } },
  querystring: ZUserImportQuery,
  bodyParsers: csvBodyParsers,
  response: ZUserImportPreviewResponse,
  handler: async ({ ctx, caller, query, req }) => ({
    data: await previewImport(ctx, {
      caller,
      bytes: req.body,
      parentAccountId: query.parentAccountId,
      lang: req.lang,
    }),
  }),
});
