import { ZEndUserSiteParams } from '@swipe/contracts/end-user';
import { translate } from '@swipe/contracts/messages';
import { ZEndUserLoginRequest, ZEndUserLoginResponse } from '@swipe/contracts/visitor-forms';
import { defineRoute } from '../../../platform/route';
import { loginMember } from '../members.service';

export default defineRoute({
  method: 'POST',
  url: '/api/end-user/site/:id/login',
  summary:
    "Sign in as a member of a published site: a member token (Authorization: Bearer or X-End-User-Token) for the site's private reads",
  tags: ['end-user'],
  // A coarse limit per address; the service allows RATE_LIMIT_LOGIN_PER_MINUTE per address and
  // site, counted together with the login page's form.
  guard: { public: true, rateLimit: { max: 60, timeWindow: '1 minute' } },
  params: ZEndUserSiteParams,
  body: ZEndUserLoginRequest,
  response: ZEndUserLoginResponse,
  handler: async ({ ctx, params, body, req, reply }) => {
    reply.header('cache-control', 'private, no-store');
    return {
      data: await loginMember(ctx, {
        siteId: params.id,
        email: body.email,
        password: body.password,
        ip: req.ip,
      }),
      message: translate('visitors.signedIn', req.lang),
    };
  },
});
