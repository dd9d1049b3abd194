import { ZListSitesQuery, ZListSitesResponse } from '@swipe/contracts/site-api';
import { defineRoute } from '../../../platform/route';
import { SITE_VIEW_ROLES } from '../../site-core/site-access';
import { listSites } from '../sites.service';

export default defineRoute({
  method: 'GET',
  url: '/api/site',
  summary: "Sites of the caller's subtree (keyword, status, account; paged)",
  tags: ['sites'],
  guard: { roles: SITE_VIEW_ROLES, authority: 'VIEW' },
  querystring: ZListSitesQuery,
  response: ZListSitesResponse,
  handler: async ({ ctx, query, caller }) => {
    const { items, total } = await listSites(ctx, { caller, query });
    return { data: items, meta: { total, page: query.page, pageSize: query.pageSize } };
  },
});
