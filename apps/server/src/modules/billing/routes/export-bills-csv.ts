import { ZBillExportQuery } from '@swipe/contracts/billing';
import { z } from 'zod';
import { toCsv } from '../../../platform/csv';
import { defineRoute } from '../../../platform/route';
import { jstDate } from '../../../platform/schedule';
import { billsCsvRows, exportBills } from '../billing.service';

export default defineRoute({
  method: 'GET',
  url: '/api/bills/export-csv',
  summary: 'The bills of the same filters as CSV (UTF-8 with BOM)',
  tags: ['billing'],
  guard: { roles: 'any', authority: 'VIEW' },
  querystring: ZBillExportQuery,
  response: z.string().describe('text/csv'),
  handler: async ({ ctx, query, caller, req, reply }) => {
    const items = await exportBills(ctx, { caller, query });
    const day = jstDate(new Date()).replace(/-/g, '');
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="bills-${day}.csv"`)
      .header('cache-control', 'no-store');
    return toCsv(billsCsvRows(items, req.lang));
  },
});
