import { ZIdParams } from '@swipe/contracts/accounts';
import { translate } from '@swipe/contracts/messages';
import { ZPreviewLoginRequest, ZPreviewLoginResponse } from '@swipe/contracts/preview-share';
import { defineRoute } from '../../../platform/route';
import { previewLogin } from '../preview-share.service';

export default defineRoute({
  method: 'POST',
  url: '/api/preview/site/:id/login',
  summary: 'An invited email (and the password when set) signs in to the preview: a preview token',
  tags: ['preview'],
  guard: { public: true, rateLimit: { max: 10, timeWindow: '1 minute' } },
  params: ZIdParams,
  body: ZPreviewLoginRequest,
  response: ZPreviewLoginResponse,
  handler: async ({ ctx, params, body, req }) => ({
    data: await previewLogin(ctx, { siteId: params.id, email: body.email, password: body.password }),
    message: translate('preview.loggedIn', req.lang),
  }),
});
