import { ZVerifyTokenRequest, ZVerifyTokenResponse } from '@swipe/contracts/auth';
import { translate } from '@swipe/contracts/messages';
import { defineRoute } from '../../../platform/route';
import { verifyResetToken } from '../auth.service';

export default defineRoute({
  method: 'POST',
  url: '/api/auth/verify-token',
  summary: 'Check that a password reset token is still usable',
  tags: ['auth'],
  guard: { public: true, rateLimit: { max: 30, timeWindow: '1 minute' } },
  body: ZVerifyTokenRequest,
  response: ZVerifyTokenResponse,
  handler: async ({ ctx, body, req }) => ({
    data: await verifyResetToken(ctx, { token: body.token }),
    message: translate('auth.tokenValid', req.lang),
  }),
});
