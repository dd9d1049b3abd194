import { translate } from '@swipe/contracts/messages';
import { USER_IMPORT_ROLES, ZUserImportQuery, ZUserImportResponse } from '@swipe/contracts/user-import';
import { defineRoute } from '../../../platform/route';
import { csvBodyParsers } from '../csv-body';
import { importUsers } from '../user-import.service';

export default defineRoute({
  method: 'POST',
  url: '/api/users/import',
  summary: 'Creates every user of a CSV (raw text/csv body) in one transaction, or none (422)',
  tags: ['user-import'],
  guard: { roles: USER_IMPORT_ROLES, authority: 'EDIT', rateLimit: { max: 10, timeWindow: '1 minute' } },
  querystring: ZUserImportQuery,
  bodyParsers: csvBodyParsers,
  status: 201,
  response: ZUserImportResponse,
  handler: async ({ ctx, caller, query, req }) => {
    const result = await importUsers(ctx, {
      caller,
      bytes: req.body,
      parentAccountId: query.parentAccountId,
      ip: req.ip,
    });
    return { data: result, message: translate('userImport.imported', req.lang, { count: result.count }) };
  },
});
