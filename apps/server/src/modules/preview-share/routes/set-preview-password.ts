import { ZIdParams } from '@swipe/contracts/accounts';
import { translate } from '@swipe/contracts/messages';
import { ZSetPreviewPasswordRequest, ZShareStateResponse } from '@swipe/contracts/preview-share';
import { defineRoute } from '../../../platform/route';
import { SITE_EDIT_ROLES } from '../../site-core/site-access';
import { setPreviewPassword } from '../preview-share.service';

export default defineRoute({
  method: 'POST',
  url: '/api/preview/site/:id/share/set-password',
  summary: "Set or clear the preview's password (signed-in previewers sign in again)",
  tags: ['preview'],
  guard: { roles: SITE_EDIT_ROLES, authority: 'EDIT' },
  params: ZIdParams,
  body: ZSetPreviewPasswordRequest,
  response: ZShareStateResponse,
  handler: async ({ ctx, params, body, caller, req }) => ({
    data: await setPreviewPassword(ctx, {
      caller,
      siteId: params.id,
      enabled: body.enabled,
      password: body.password,
    }),
    message: translate(body.enabled ? 'preview.passwordSet' : 'preview.passwordCleared', req.lang),
  }),
});
