import { ZIdParams } from '@swipe/contracts/accounts';
import { ZSiteStatsResponse } from '@swipe/contracts/site-events';
import { defineRoute } from '../../../platform/route';
import { loadSite, SITE_VIEW_ROLES } from '../../site-core/site-access';
import { sitePageStats } from '../visits.service';

export default defineRoute({
  method: 'GET',
  url: '/api/site/:id/stats',
  summary: "A site's visits and, per page, its views, the visits reaching it and the time spent",
  tags: ['sites'],
  guard: { roles: SITE_VIEW_ROLES, authority: 'VIEW' },
  params: ZIdParams,
  response: ZSiteStatsResponse,
  handler: async ({ ctx, params, caller }) => {
    const { site } = await loadSite(ctx.db, caller, params.id);
    return { data: await sitePageStats(ctx.db, { siteId: site.id }) };
  },
});
