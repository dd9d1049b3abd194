import { ZUserExportQuery } from '@swipe/contracts/users';
import { z } from 'zod';
import { defineRoute } from '../../../platform/route';
import { jstDate } from '../../../platform/schedule';
import { exportUsers } from '../users.service';
import { usersCsv } from '../users-csv';

export default defineRoute({
  method: 'GET',
  url: '/api/users/export',
  summary: 'The user list with the same filters as CSV (UTF-8 with BOM)',
  tags: ['users'],
  guard: { roles: ['MASTER', 'OEM_MASTER', 'OEM_ADMIN'], authority: 'VIEW' },
  querystring: ZUserExportQuery,
  response: z.string().describe('text/csv'),
  handler: async ({ ctx, query, caller, req, reply }) => {
    const items = await exportUsers(ctx, { caller, query });
    const day = jstDate(new Date()).replace(/-/g, '');
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="users-${day}.csv"`)
      .header('cache-control', 'no-store');
    return usersCsv(items, req.lang);
  },
});
