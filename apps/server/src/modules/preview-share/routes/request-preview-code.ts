import { ZIdParams } from '@swipe/contracts/accounts';
import { translate } from '@swipe/contracts/messages';
import { PREVIEW_CODE, ZPreviewCodeRequest, ZPreviewCodeResponse } from '@swipe/contracts/preview-share';
import { defineRoute } from '../../../platform/route';
import { requestPreviewCode } from '../preview-share.service';

export default defineRoute({
  method: 'POST',
  url: '/api/preview/site/:id/login/code',
  summary:
    'Private sharing: mail a one-time 6-digit code and sign-in link to an invited email (15 minutes, 5 tries; a new request replaces the last); the same answer for any email',
  tags: ['preview'],
  // A coarse limit per address; the service allows RATE_LIMIT_LOGIN_PER_MINUTE per address and
  // site, and a few codes per email and site.
  guard: { public: true, rateLimit: { max: 60, timeWindow: '1 minute' } },
  params: ZIdParams,
  body: ZPreviewCodeRequest,
  response: ZPreviewCodeResponse,
  handler: async ({ ctx, params, body, req }) => {
    await requestPreviewCode(ctx, { siteId: params.id, email: body.email, ip: req.ip });
    const sent = { codeDigits: PREVIEW_CODE.digits, expiresInMinutes: PREVIEW_CODE.minutes };
    return {
      data: sent,
      message: translate('preview.codeSent', req.lang, {
        digits: sent.codeDigits,
        minutes: sent.expiresInMinutes,
      }),
    };
  },
});
