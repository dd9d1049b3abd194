import { ZIdParams } from '@swipe/contracts/accounts';
import { ZCampaignListResponse } from '@swipe/contracts/campaigns';
import { defineRoute } from '../../../platform/route';
import { SITE_VIEW_ROLES } from '../../site-core/site-access';
import { listCampaigns } from '../campaigns.service';

export default defineRoute({
  method: 'GET',
  url: '/api/site/:id/campaigns',
  summary: "A site's campaigns with their click counts, the latest start first",
  tags: ['campaigns'],
  guard: { roles: SITE_VIEW_ROLES, authority: 'VIEW' },
  params: ZIdParams,
  response: ZCampaignListResponse,
  handler: async ({ ctx, params, caller }) => ({
    data: await listCampaigns(ctx, { caller, siteId: params.id }),
  }),
});
