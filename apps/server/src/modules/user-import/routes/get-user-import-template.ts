import { USER_IMPORT_ROLES, ZUserImportQuery } from '@swipe/contracts/user-import';
import { z } from 'zod';
import { defineRoute } from '../../../platform/route';
import { buildTemplate } from '../user-import.service';

export default defineRoute({
  method: 'GET',
  url: '/api/users/import/template',
  summary: 'CSV template for the user import (UTF-8 with BOM, header in the request language)',
  tags: ['user-import'],
  guard: { roles: USER_IMPORT_ROLES, authority: 'VIEW' },
  querystring: ZUserImportQuery,
  // A file, not an envelope: sent as bytes, so the JSON serializer never sees it.
  response: z.any(),
  handler: async ({ ctx, caller, query, req, reply }) => {
    const file = await buildTemplate(ctx, { caller, parentAccountId: query.parentAccountId, lang: req.lang });
    const name = 'user-import-template.csv';
    reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${name}"; filename*=UTF-8''${name}`)
      .header('Cache-Control', 'no-store');
    return file;
  },
});
