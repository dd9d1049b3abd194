import { ZRefreshRequest, ZRefreshResponse } from '@swipe/contracts/auth';
import { defineRoute } from '../../../platform/route';
import { refresh } from '../auth.service';

export default defineRoute({
  method: 'POST',
  url: '/api/auth/refresh-token',
  summary: 'Rotate a refresh token; reusing a rotated one revokes its family',
  tags: ['auth'],
  guard: { public: true, rateLimit: { max: 60, timeWindow: '1 minute' } },
  body: ZRefreshRequest,
  response: ZRefreshResponse,
  handler: async ({ ctx, body, req }) => ({
    data: await refresh(ctx, { refreshToken: body.refreshToken, userAgent: req.headers['user-agent'] }),
  }),
});
