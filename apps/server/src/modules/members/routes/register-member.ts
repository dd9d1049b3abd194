import { ZEndUserSiteParams } from '@swipe/contracts/end-user';
import { translate } from '@swipe/contracts/messages';
import { ZRegisterRequest, ZVisitorMessageResponse } from '@swipe/contracts/visitor-forms';
import { defineRoute } from '../../../platform/route';
import { registerMember } from '../members.service';

export default defineRoute({
  method: 'POST',
  url: '/api/end-user/site/:id/register',
  summary:
    'Register as a member of a published site (email, password, confirm_password and the other fields in data); a confirmation mail completes it',
  tags: ['end-user'],
  // Each registration mails someone: few per address.
  guard: { public: true, rateLimit: { max: 20, timeWindow: '1 minute' } },
  params: ZEndUserSiteParams,
  body: ZRegisterRequest,
  response: ZVisitorMessageResponse,
  handler: async ({ ctx, params, body, req, reply }) => {
    reply.header('cache-control', 'private, no-store');
    await registerMember(ctx, {
      siteId: params.id,
      data: body.data,
      lang: body.lang,
      agree: body.agree,
      ip: req.ip,
    });
    return { data: null, message: translate('visitors.registered', req.lang) };
  },
});
