import { ZExportSitesQuery } from '@swipe/contracts/site-api';
import { z } from 'zod';
import { defineRoute } from '../../../platform/route';
import { jstDate } from '../../../platform/schedule';
import { SITE_VIEW_ROLES } from '../../site-core/site-access';
import { exportSites } from '../sites.service';
import { sitesCsv } from '../sites-csv';

export default defineRoute({
  method: 'GET',
  url: '/api/site/export',
  summary: 'The site list with the same filters as CSV (UTF-8 with BOM)',
  tags: ['sites'],
  guard: { roles: SITE_VIEW_ROLES, authority: 'VIEW' },
  querystring: ZExportSitesQuery,
  response: z.string().describe('text/csv'),
  handler: async ({ ctx, query, caller, req, reply }) => {
    const items = await exportSites(ctx, { caller, query });
    const day = jstDate(new Date()).replace(/-/g, '');
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="sites-${day}.csv"`)
      .header('cache-control', 'no-store');
    return sitesCsv(items, req.lang);
  },
});
