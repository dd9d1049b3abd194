import { translate } from '@swipe/contracts/messages';
import { ZCommentParams, ZPreviewCommentResponse, ZResolveComment } from '@swipe/contracts/preview-comments';
import { defineRoute } from '../../../platform/route';
import { SITE_EDIT_ROLES } from '../../site-core/site-access';
import { resolveComment } from '../preview-comments.service';

export default defineRoute({
  method: 'PUT',
  url: '/api/site/:id/comments/:commentId/resolve',
  summary: 'Marks a review comment resolved, or open again',
  tags: ['preview'],
  guard: { roles: SITE_EDIT_ROLES, authority: 'EDIT' },
  params: ZCommentParams,
  body: ZResolveComment,
  response: ZPreviewCommentResponse,
  handler: async ({ ctx, params, body, caller, req }) => ({
    data: await resolveComment(ctx, {
      caller,
      siteId: params.id,
      commentId: params.commentId,
      resolved: body.resolved,
    }),
    message: translate(body.resolved ? 'comments.resolved' : 'comments.reopened', req.lang),
  }),
});
