import { ZIdParams } from '@swipe/contracts/accounts';
import { ZCampaignClickQuery, ZCampaignClickResponse } from '@swipe/contracts/campaigns';
import { defineRoute } from '../../../platform/route';
import { recordCampaignClick } from '../campaign-clicks';

export default defineRoute({
  method: 'GET',
  url: '/api/end-user/campaign/:id/click',
  summary:
    "A visitor's click on a campaign banner or button (`item`), counted once per visit while the campaign runs on its published site, for a visit the server started (`v` the visit, `u` its visitor, `k` the key POST /api/end-user/events/visit answered); answers the item's count (0 and not counted for what visitors cannot see)",
  tags: ['end-user'],
  guard: { public: true, rateLimit: { max: 120, timeWindow: '1 minute' } },
  params: ZIdParams,
  querystring: ZCampaignClickQuery,
  response: ZCampaignClickResponse,
  handler: async ({ ctx, params, query, reply }) => {
    reply.header('cache-control', 'no-store');
    return {
      data: await recordCampaignClick(ctx, {
        campaignId: params.id,
        itemId: query.item,
        visit: { visitId: query.v, visitorId: query.u, key: query.k },
      }),
    };
  },
});
