import { ZIdParams } from '@swipe/contracts/accounts';
import { translate } from '@swipe/contracts/messages';
import { ZShareRequest, ZShareStateResponse } from '@swipe/contracts/preview-share';
import { defineRoute } from '../../../platform/route';
import { SITE_EDIT_ROLES } from '../../site-core/site-access';
import { sharePreview } from '../preview-share.service';

export default defineRoute({
  method: 'POST',
  url: '/api/preview/site/:id/share',
  summary:
    "Invite emails to a site's preview (each new one gets a mail with the link); is_private switches between invited-only and open sharing",
  tags: ['preview'],
  guard: { roles: SITE_EDIT_ROLES, authority: 'EDIT' },
  params: ZIdParams,
  body: ZShareRequest,
  response: ZShareStateResponse,
  handler: async ({ ctx, params, body, caller, req }) => ({
    data: await sharePreview(ctx, {
      caller,
      siteId: params.id,
      emails: body.emails,
      isPrivate: body.isPrivate,
    }),
    message: translate(body.emails.length > 0 ? 'preview.shared' : 'preview.sharingSaved', req.lang),
  }),
});
