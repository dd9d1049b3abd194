import { ZIdParams } from '@swipe/contracts/accounts';
import { translate } from '@swipe/contracts/messages';
import { ZNewPreviewComment, ZPreviewCommentResponse } from '@swipe/contracts/preview-comments';
import { notFound } from '../../../platform/errors';
import { defineRoute } from '../../../platform/route';
import { previewCookieOf } from '../../preview-share/preview-share.service';
import { fromPreviewHost, INVITEE_GUARD } from '../invitee-comments';
import { createComment, inviteeOf } from '../preview-comments.service';

export default defineRoute({
  method: 'POST',
  url: '/site/:id/preview/comments',
  summary:
    "An invitee signed in on a site's preview pins a new review comment on a page of the draft (the creators are mailed)",
  tags: ['preview'],
  guard: INVITEE_GUARD,
  params: ZIdParams,
  body: ZNewPreviewComment,
  response: ZPreviewCommentResponse,
  status: 201,
  handler: async ({ ctx, params, body, req, reply }) => {
    if (!fromPreviewHost(req)) throw notFound();
    const invitee = await inviteeOf(ctx, { siteId: params.id, token: previewCookieOf(req.headers) });
    const comment = await createComment(ctx, { siteId: params.id, invitee, input: body });
    reply.header('cache-control', 'no-store');
    return { data: comment, message: translate('comments.added', req.lang) };
  },
});
