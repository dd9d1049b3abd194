import { ZEndUserSiteParams } from '@swipe/contracts/end-user';
import { translate } from '@swipe/contracts/messages';
import { ZResendRegisterRequest, ZVisitorMessageResponse } from '@swipe/contracts/visitor-forms';
import { defineRoute } from '../../../platform/route';
import { resendConfirmation } from '../members.service';

export default defineRoute({
  method: 'POST',
  url: '/api/end-user/site/:id/resend-register-email',
  summary:
    'Mail the confirmation link again to an address waiting for confirmation (the same answer for any address)',
  tags: ['end-user'],
  guard: { public: true, rateLimit: { max: 20, timeWindow: '1 minute' } },
  params: ZEndUserSiteParams,
  body: ZResendRegisterRequest,
  response: ZVisitorMessageResponse,
  handler: async ({ ctx, params, body, req, reply }) => {
    reply.header('cache-control', 'private, no-store');
    await resendConfirmation(ctx, { siteId: params.id, email: body.email, lang: body.lang, ip: req.ip });
    return { data: null, message: translate('visitors.resent', req.lang) };
  },
});
