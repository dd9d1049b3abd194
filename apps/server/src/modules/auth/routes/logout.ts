import { ZLogoutRequest, ZLogoutResponse } from '@swipe/contracts/auth';
import { translate } from '@swipe/contracts/messages';
import { AppError } from '../../../platform/errors';
import { defineRoute } from '../../../platform/route';
import { logout } from '../auth.service';
import { clearRefreshCookie, cookieCallAllowed, refreshCookieOf } from '../refresh-cookie';

export default defineRoute({
  method: 'POST',
  url: '/api/auth/logout',
  summary: 'Sign out: revokes the refresh token family (the body token or the console cookie)',
  tags: ['auth'],
  // Public so that a client with an expired access token can still revoke its refresh token.
  guard: { public: true, rateLimit: { max: 60, timeWindow: '1 minute' } },
  body: ZLogoutRequest,
  response: ZLogoutResponse,
  handler: async ({ ctx, body, req, reply, caller }) => {
    const cookie = refreshCookieOf(ctx, req);
    if (cookie !== undefined && !body.refreshToken && !cookieCallAllowed(ctx, req))
      throw new AppError(403, 'CROSS_ORIGIN', 'auth.crossOrigin');
    await logout(ctx, { refreshToken: body.refreshToken ?? cookie, userId: caller?.userId });
    if (cookie !== undefined) clearRefreshCookie(ctx, reply);
    return { data: null, message: translate('auth.loggedOut', req.lang) };
  },
});
