import { ZResetPasswordRequest, ZResetPasswordResponse } from '@swipe/contracts/auth';
import { translate } from '@swipe/contracts/messages';
import { defineRoute } from '../../../platform/route';
import { resetPassword } from '../auth.service';

export default defineRoute({
  method: 'POST',
  url: '/api/auth/reset-password',
  summary: 'Set a new password with a reset token',
  tags: ['auth'],
  guard: { public: true, rateLimit: { max: 10, timeWindow: '1 minute' } },
  body: ZResetPasswordRequest,
  response: ZResetPasswordResponse,
  handler: async ({ ctx, body, req }) => {
    await resetPassword(ctx, { token: body.token, password: body.password });
    return { data: null, message: translate('auth.passwordReset', req.lang) };
  },
});
