import { translate } from '@swipe/contracts/messages';
import {
  ZCommentParams,
  ZPreviewCommentResponse,
  ZPreviewReplyInput,
} from '@swipe/contracts/preview-comments';
import { defineRoute } from '../../../platform/route';
import { SITE_EDIT_ROLES } from '../../site-core/site-access';
import { replyAsCreator } from '../preview-comments.service';

export default defineRoute({
  method: 'POST',
  url: '/api/site/:id/comments/:commentId/replies',
  summary: "A creator's reply to a review comment (the thread's invitees are mailed)",
  tags: ['preview'],
  guard: { roles: SITE_EDIT_ROLES, authority: 'EDIT' },
  params: ZCommentParams,
  body: ZPreviewReplyInput,
  response: ZPreviewCommentResponse,
  status: 201,
  handler: async ({ ctx, params, body, caller, req }) => ({
    data: await replyAsCreator(ctx, {
      caller,
      siteId: params.id,
      commentId: params.commentId,
      body: body.body,
    }),
    message: translate('comments.replied', req.lang),
  }),
});
