import { ZFirstTimeChangePasswordRequest, ZFirstTimeChangePasswordResponse } from '@swipe/contracts/auth';
import { translate } from '@swipe/contracts/messages';
import { defineRoute } from '../../../platform/route';
import { changePassword } from '../auth.service';
import { answerSession } from '../refresh-cookie';

export default defineRoute({
  method: 'POST',
  url: '/api/auth/first-time-change-password',
  summary: 'Replace the first password given by an operator',
  tags: ['auth'],
  guard: {
    roles: 'any',
    authority: 'VIEW',
    allowPendingPasswordChange: true,
    rateLimit: { max: 10, timeWindow: '1 minute' },
  },
  body: ZFirstTimeChangePasswordRequest,
  response: ZFirstTimeChangePasswordResponse,
  handler: async ({ ctx, body, req, reply, caller }) => ({
    data: answerSession(
      ctx,
      req,
      reply,
      await changePassword(ctx, { userId: caller.userId, ...body, userAgent: req.headers['user-agent'] }),
    ),
    message: translate('auth.passwordChanged', req.lang),
  }),
});
