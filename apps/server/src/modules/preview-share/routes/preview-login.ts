import { ZIdParams } from '@swipe/contracts/accounts';
import { translate } from '@swipe/contracts/messages';
import { ZPreviewLoginRequest, ZPreviewLoginResponse } from '@swipe/contracts/preview-share';
import { defineRoute } from '../../../platform/route';
import { previewLogin } from '../preview-share.service';

export default defineRoute({
  method: 'POST',
  url: '/api/preview/site/:id/login',
  summary:
    'Sign in to a shared preview: private sharing, the invited email with the code mailed by login/code; open sharing, nothing more; either way the password when one is set. A preview token for X-Preview-Token',
  tags: ['preview'],
  // A coarse limit per address; the service allows RATE_LIMIT_LOGIN_PER_MINUTE per address and
  // site, counted together with the preview page's sign-in form.
  guard: { public: true, rateLimit: { max: 60, timeWindow: '1 minute' } },
  params: ZIdParams,
  body: ZPreviewLoginRequest,
  response: ZPreviewLoginResponse,
  handler: async ({ ctx, params, body, req }) => ({
    data: await previewLogin(ctx, {
      siteId: params.id,
      email: body.email,
      code: body.code,
      password: body.password,
      ip: req.ip,
    }),
    message: translate('preview.loggedIn', req.lang),
  }),
});
