import { ZIdParams } from '@swipe/contracts/accounts';
import { ZPushDoneResponse, ZPushUnsubscribe } from '@swipe/contracts/communications';
import { defineRoute } from '../../../platform/route';
import { unsubscribePush } from '../push';

export default defineRoute({
  method: 'POST',
  url: '/api/end-user/site/:id/push/unsubscribe',
  summary:
    "A visitor's browser no longer wants a site's notifications: its subscription is forgotten (nothing to forget is fine too)",
  tags: ['end-user'],
  guard: { public: true, rateLimit: { max: 20, timeWindow: '1 minute' } },
  params: ZIdParams,
  body: ZPushUnsubscribe,
  response: ZPushDoneResponse,
  handler: async ({ ctx, params, body, reply }) => {
    await unsubscribePush(ctx, { siteId: params.id, endpoint: body.endpoint });
    reply.header('cache-control', 'no-store');
    return { data: null };
  },
});
