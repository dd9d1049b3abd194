import { ZForgotPasswordRequest, ZForgotPasswordResponse } from '@swipe/contracts/auth';
import { translate } from '@swipe/contracts/messages';
import { defineRoute } from '../../../platform/route';
import { requestPasswordReset } from '../auth.service';

export default defineRoute({
  method: 'POST',
  url: '/api/auth/forgot-password',
  summary: 'Mail a one-time reset link; answers the same for any email',
  tags: ['auth'],
  guard: { public: true, rateLimit: { max: 5, timeWindow: '1 minute' } },
  body: ZForgotPasswordRequest,
  response: ZForgotPasswordResponse,
  handler: async ({ ctx, body, req }) => {
    await requestPasswordReset(ctx, { email: body.email });
    return { data: null, message: translate('auth.forgotPasswordSent', req.lang) };
  },
});
