import { ZEndUserSiteParams } from '@swipe/contracts/end-user';
import { translate } from '@swipe/contracts/messages';
import { ZRegisterConfirmRequest, ZVisitorMessageResponse } from '@swipe/contracts/visitor-forms';
import { AppError } from '../../../platform/errors';
import { defineRoute } from '../../../platform/route';
import { confirmMember } from '../members.service';

export default defineRoute({
  method: 'POST',
  url: '/api/end-user/site/:id/register/confirm',
  summary: "Complete a registration with the token of the confirmation mail's link (once, before it expires)",
  tags: ['end-user'],
  guard: { public: true, rateLimit: { max: 30, timeWindow: '1 minute' } },
  params: ZEndUserSiteParams,
  body: ZRegisterConfirmRequest,
  response: ZVisitorMessageResponse,
  handler: async ({ ctx, params, body, req, reply }) => {
    reply.header('cache-control', 'private, no-store');
    if (!(await confirmMember(ctx, { siteId: params.id, token: body.token })))
      throw new AppError(400, 'TOKEN_INVALID', 'visitors.confirmInvalid');
    return { data: null, message: translate('visitors.confirmed', req.lang) };
  },
});
