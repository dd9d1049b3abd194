import { translate } from '@swipe/contracts/messages';
import {
  ZCommentParams,
  ZPreviewCommentResponse,
  ZPreviewReplyInput,
} from '@swipe/contracts/preview-comments';
import { notFound } from '../../../platform/errors';
import { defineRoute } from '../../../platform/route';
import { previewCookieOf } from '../../preview-share/preview-share.service';
import { fromPreviewHost, INVITEE_GUARD } from '../invitee-comments';
import { inviteeOf, replyAsInvitee } from '../preview-comments.service';

export default defineRoute({
  method: 'POST',
  url: '/site/:id/preview/comments/:commentId/replies',
  summary:
    "An invitee signed in on a site's preview replies to a review comment (the site's creator is mailed)",
  tags: ['preview'],
  guard: INVITEE_GUARD,
  params: ZCommentParams,
  body: ZPreviewReplyInput,
  response: ZPreviewCommentResponse,
  status: 201,
  handler: async ({ ctx, params, body, req, reply }) => {
    if (!fromPreviewHost(req)) throw notFound();
    const invitee = await inviteeOf(ctx, { siteId: params.id, token: previewCookieOf(req.headers) });
    const comment = await replyAsInvitee(ctx, {
      siteId: params.id,
      commentId: params.commentId,
      invitee,
      body: body.body,
    });
    reply.header('cache-control', 'no-store');
    return { data: comment, message: translate('comments.replied', req.lang) };
  },
});
