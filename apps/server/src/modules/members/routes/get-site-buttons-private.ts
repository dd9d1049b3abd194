import { ZEndUserSiteParams, ZPublicButtonsResponse } from '@swipe/contracts/end-user';
import { defineRoute } from '../../../platform/route';
import { privateButtons } from '../member-pages.service';
import { memberTokenOf } from '../members.service';

export default defineRoute({
  method: 'GET',
  url: '/api/end-user/site/:id/button/private',
  summary: "A published site's popup CTA numbers for a signed-in member of it; 401 otherwise",
  tags: ['end-user'],
  guard: { public: true, rateLimit: { max: 600, timeWindow: '1 minute' } },
  params: ZEndUserSiteParams,
  response: ZPublicButtonsResponse,
  handler: async ({ ctx, params, req, reply }) => {
    reply.header('cache-control', 'private, no-store');
    return { data: await privateButtons(ctx, { siteId: params.id, token: memberTokenOf(req, params.id) }) };
  },
});
