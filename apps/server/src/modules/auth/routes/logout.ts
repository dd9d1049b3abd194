import { ZLogoutRequest, ZLogoutResponse } from '@swipe/contracts/auth';
import { translate } from '@swipe/contracts/messages';
import { defineRoute } from '../../../platform/route';
import { logout } from '../auth.service';

export default defineRoute({
  method: 'POST',
  url: '/api/auth/logout',
  summary: 'Sign out: revokes the refresh token family',
  tags: ['auth'],
  // Public so that a client with an expired access token can still revoke its refresh token.
  guard: { public: true, rateLimit: { max: 60, timeWindow: '1 minute' } },
  body: ZLogoutRequest,
  response: ZLogoutResponse,
  handler: async ({ ctx, body, req, caller }) => {
    await logout(ctx, { refreshToken: body.refreshToken, userId: caller?.userId });
    return { data: null, message: translate('auth.loggedOut', req.lang) };
  },
});
