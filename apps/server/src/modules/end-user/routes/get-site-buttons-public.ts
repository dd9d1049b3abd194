import { ZEndUserSiteParams, ZPublicButtonsResponse } from '@swipe/contracts/end-user';
import { defineRoute } from '../../../platform/route';
import { publicButtons } from '../end-user-site.service';

export default defineRoute({
  method: 'GET',
  url: '/api/end-user/site/:id/button/public',
  summary: "A published site's popup CTAs: clicks so far and the places an applicant limit has left",
  tags: ['end-user'],
  guard: { public: true, rateLimit: { max: 600, timeWindow: '1 minute' } },
  params: ZEndUserSiteParams,
  response: ZPublicButtonsResponse,
  handler: async ({ ctx, params, reply }) => {
    // Counts move with every click: short-lived, so a crowd does not recount on every view.
    reply.header('cache-control', 'public, max-age=5');
    return { data: await publicButtons(ctx, { siteId: params.id }) };
  },
});
