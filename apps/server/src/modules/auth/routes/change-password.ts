import { ZChangePasswordRequest, ZChangePasswordResponse } from '@swipe/contracts/auth';
import { translate } from '@swipe/contracts/messages';
import { defineRoute } from '../../../platform/route';
import { changePassword } from '../auth.service';
import { answerSession } from '../refresh-cookie';

export default defineRoute({
  method: 'POST',
  url: '/api/auth/change-password',
  summary: 'Change the signed-in user password (other sessions are signed out)',
  tags: ['auth'],
  guard: { roles: 'any', authority: 'VIEW', rateLimit: { max: 10, timeWindow: '1 minute' } },
  body: ZChangePasswordRequest,
  response: ZChangePasswordResponse,
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
