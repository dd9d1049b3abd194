import { ZIdParams } from '@swipe/contracts/accounts';
import { ZPushDoneResponse, ZPushSubscription } from '@swipe/contracts/communications';
import { translate } from '@swipe/contracts/messages';
import { AppError } from '../../../platform/errors';
import { defineRoute } from '../../../platform/route';
import { findLiveSite } from '../../site-core/live-site';
import { subscribePush } from '../push';

export default defineRoute({
  method: 'POST',
  url: '/api/end-user/site/:id/push/subscribe',
  summary:
    "A visitor's browser asks for a published site's delivered notifications (its Web Push subscription; the same endpoint again updates it)",
  tags: ['end-user'],
  guard: { public: true, rateLimit: { max: 20, timeWindow: '1 minute' } },
  params: ZIdParams,
  body: ZPushSubscription,
  response: ZPushDoneResponse,
  handler: async ({ ctx, params, body, req, reply }) => {
    if (!(await findLiveSite(ctx, { key: params.id })))
      throw new AppError(404, 'NOT_FOUND', 'communications.pushUnavailable');
    await subscribePush(ctx, { siteId: params.id, subscription: body });
    reply.header('cache-control', 'no-store');
    return { data: null, message: translate('communications.subscribed', req.lang) };
  },
});
