import { ZIdParams } from '@swipe/contracts/accounts';
import { ZPreviewCommentsResponse } from '@swipe/contracts/preview-comments';
import { defineRoute } from '../../../platform/route';
import { SITE_VIEW_ROLES } from '../../site-core/site-access';
import { listForCreator } from '../preview-comments.service';

export default defineRoute({
  method: 'GET',
  url: '/api/site/:id/comments',
  summary:
    "The review comments invitees pinned on a site's preview, with their replies (open first, newest first)",
  tags: ['preview'],
  guard: { roles: SITE_VIEW_ROLES, authority: 'VIEW' },
  params: ZIdParams,
  response: ZPreviewCommentsResponse,
  handler: async ({ ctx, params, caller }) => ({
    data: await listForCreator(ctx, { caller, siteId: params.id }),
  }),
});
