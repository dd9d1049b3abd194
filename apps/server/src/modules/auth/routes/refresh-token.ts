import { ZRefreshRequest, ZRefreshResponse } from '@swipe/contracts/auth';
import { AppError } from '../../../platform/errors';
import { defineRoute } from '../../../platform/route';
import { refresh } from '../auth.service';
import { answerSession, cookieCallAllowed, refreshCookieOf } from '../refresh-cookie';

export default defineRoute({
  method: 'POST',
  url: '/api/auth/refresh-token',
  summary:
    'Rotate a refresh token (in the body, or the console cookie); reusing a rotated one revokes its family',
  tags: ['auth'],
  guard: { public: true, rateLimit: { max: 60, timeWindow: '1 minute' } },
  body: ZRefreshRequest,
  response: ZRefreshResponse,
  handler: async ({ ctx, body, req, reply }) => {
    const cookie = body.refreshToken ? undefined : refreshCookieOf(ctx, req);
    if (cookie !== undefined && !cookieCallAllowed(ctx, req))
      throw new AppError(403, 'CROSS_ORIGIN', 'auth.crossOrigin');
    const refreshToken = body.refreshToken ?? cookie;
    if (!refreshToken) throw new AppError(401, 'TOKEN_MISSING', 'auth.tokenMissing');
    const pair = await refresh(ctx, { refreshToken, userAgent: req.headers['user-agent'] });
    return { data: answerSession(ctx, req, reply, pair, { fromCookie: cookie !== undefined }) };
  },
});
