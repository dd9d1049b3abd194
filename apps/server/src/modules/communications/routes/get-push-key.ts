import { ZIdParams } from '@swipe/contracts/accounts';
import { ZPushKeyResponse } from '@swipe/contracts/communications';
import { AppError } from '../../../platform/errors';
import { defineRoute } from '../../../platform/route';
import { findLiveSite } from '../../site-core/live-site';
import { vapidKeys } from '../push-keys';

export default defineRoute({
  method: 'GET',
  url: '/api/end-user/site/:id/push/key',
  summary:
    "The VAPID public key a visitor's browser subscribes to a published site's notifications with (Web Push)",
  tags: ['end-user'],
  guard: { public: true, rateLimit: { max: 60, timeWindow: '1 minute' } },
  params: ZIdParams,
  response: ZPushKeyResponse,
  handler: async ({ ctx, params, reply }) => {
    if (!(await findLiveSite(ctx, { key: params.id })))
      throw new AppError(404, 'NOT_FOUND', 'communications.pushUnavailable');
    reply.header('cache-control', 'public, max-age=300');
    return { data: { publicKey: (await vapidKeys(ctx)).publicKey } };
  },
});
