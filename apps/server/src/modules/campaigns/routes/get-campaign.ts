import { ZIdParams } from '@swipe/contracts/accounts';
import { ZCampaignResponse } from '@swipe/contracts/campaigns';
import { defineRoute } from '../../../platform/route';
import { SITE_VIEW_ROLES } from '../../site-core/site-access';
import { getCampaign } from '../campaigns.service';

export default defineRoute({
  method: 'GET',
  url: '/api/campaign/:id',
  summary: "A campaign with its items and click counts; another tenant's is 404",
  tags: ['campaigns'],
  guard: { roles: SITE_VIEW_ROLES, authority: 'VIEW' },
  params: ZIdParams,
  response: ZCampaignResponse,
  handler: async ({ ctx, params, caller }) => ({ data: await getCampaign(ctx, { caller, id: params.id }) }),
});
