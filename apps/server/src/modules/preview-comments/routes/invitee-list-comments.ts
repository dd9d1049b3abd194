import { ZIdParams } from '@swipe/contracts/accounts';
import { ZPreviewCommentsResponse } from '@swipe/contracts/preview-comments';
import { defineRoute } from '../../../platform/route';
import { previewCookieOf } from '../../preview-share/preview-share.service';
import { INVITEE_GUARD } from '../invitee-comments';
import { inviteeOf, listThreads } from '../preview-comments.service';

export default defineRoute({
  method: 'GET',
  url: '/site/:id/preview/comments',
  summary:
    "Every review comment thread on a site's preview, for an invitee signed in on it (its preview cookie)",
  tags: ['preview'],
  guard: INVITEE_GUARD,
  params: ZIdParams,
  response: ZPreviewCommentsResponse,
  handler: async ({ ctx, params, req, reply }) => {
    await inviteeOf(ctx, { siteId: params.id, token: previewCookieOf(req.headers) });
    reply.header('cache-control', 'private, no-store');
    return { data: await listThreads(ctx.db, params.id) };
  },
});
