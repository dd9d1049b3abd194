import { ZLoginRequest, ZLoginResponse } from '@swipe/contracts/auth';
import { defineRoute } from '../../../platform/route';
import { login } from '../auth.service';
import { answerSession } from '../refresh-cookie';

export default defineRoute({
  method: 'POST',
  url: '/api/auth/login',
  summary: 'Sign in with login ID (email) and password',
  tags: ['auth'],
  guard: {
    public: true,
    rateLimit: { max: (config) => config.loginRateLimitPerMinute, timeWindow: '1 minute' },
  },
  body: ZLoginRequest,
  response: ZLoginResponse,
  handler: async ({ ctx, body, req, reply }) => ({
    data: answerSession(
      ctx,
      req,
      reply,
      await login(ctx, { ...body, userAgent: req.headers['user-agent'], ip: req.ip }),
    ),
  }),
});
