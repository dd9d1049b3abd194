import { ZEndUserSiteParams } from '@swipe/contracts/end-user';
import { translate } from '@swipe/contracts/messages';
import { ZContactRequest, ZSubmissionResponse } from '@swipe/contracts/visitor-forms';
import { defineRoute } from '../../../platform/route';
import { submitForm } from '../forms.service';

export default defineRoute({
  method: 'POST',
  url: '/api/end-user/site/:id/contact',
  summary:
    "A visitor sends a published site's contact form (stored once per request key; the owner is mailed)",
  tags: ['end-user'],
  guard: { public: true, rateLimit: { max: 20, timeWindow: '1 minute' } },
  params: ZEndUserSiteParams,
  body: ZContactRequest,
  response: ZSubmissionResponse,
  status: 201,
  handler: async ({ ctx, params, body, req }) => {
    const { id } = await submitForm(ctx, { siteId: params.id, kind: 'CONTACT', ...body, ip: req.ip });
    return { data: { id }, message: translate('visitors.sent', req.lang) };
  },
});
