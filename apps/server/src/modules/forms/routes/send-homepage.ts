import { ZEndUserSiteParams } from '@swipe/contracts/end-user';
import { translate } from '@swipe/contracts/messages';
import { ZHomepageRequest, ZSubmissionResponse } from '@swipe/contracts/visitor-forms';
import { defineRoute } from '../../../platform/route';
import { submitForm } from '../forms.service';

export default defineRoute({
  method: 'POST',
  url: '/api/end-user/site/:id/homepage',
  summary:
    "A visitor sends a published site's homepage form, with an optional mode (stored once per request key)",
  tags: ['end-user'],
  guard: { public: true, rateLimit: { max: 20, timeWindow: '1 minute' } },
  params: ZEndUserSiteParams,
  body: ZHomepageRequest,
  response: ZSubmissionResponse,
  status: 201,
  handler: async ({ ctx, params, body, req }) => {
    const { id } = await submitForm(ctx, { siteId: params.id, kind: 'HOMEPAGE', ...body, ip: req.ip });
    return { data: { id }, message: translate('visitors.sent', req.lang) };
  },
});
