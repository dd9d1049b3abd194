import { ZIdParams } from '@swipe/contracts/accounts';
import { translate } from '@swipe/contracts/messages';
import { ZRevokeRequest, ZShareStateResponse } from '@swipe/contracts/preview-share';
import { defineRoute } from '../../../platform/route';
import { SITE_EDIT_ROLES } from '../../site-core/site-access';
import { revokePreview } from '../preview-share.service';

export default defineRoute({
  method: 'PUT',
  url: '/api/preview/site/:id/share/revoke',
  summary: 'Remove invited emails (their preview sign-ins end at once); optionally mail the others again',
  tags: ['preview'],
  guard: { roles: SITE_EDIT_ROLES, authority: 'EDIT' },
  params: ZIdParams,
  body: ZRevokeRequest,
  response: ZShareStateResponse,
  handler: async ({ ctx, params, body, caller, req }) => ({
    data: await revokePreview(ctx, {
      caller,
      siteId: params.id,
      emails: body.emails,
      resendAll: body.resendAll,
    }),
    message: translate(
      body.emails.length === 0 && body.resendAll ? 'preview.resent' : 'preview.revoked',
      req.lang,
    ),
  }),
});
