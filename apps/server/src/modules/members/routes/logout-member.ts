import { ZEndUserSiteParams } from '@swipe/contracts/end-user';
import { ZMessageOnly } from '@swipe/contracts/envelope';
import { translate } from '@swipe/contracts/messages';
import { defineRoute } from '../../../platform/route';
import { logoutMember, memberTokenOf } from '../members.service';

export default defineRoute({
  method: 'POST',
  url: '/api/end-user/site/:id/logout',
  summary: "End a member's session of a site at once (the token it carries stops working)",
  tags: ['end-user'],
  guard: { public: true, rateLimit: { max: 60, timeWindow: '1 minute' } },
  params: ZEndUserSiteParams,
  response: ZMessageOnly,
  handler: async ({ ctx, params, req, reply }) => {
    reply.header('cache-control', 'private, no-store');
    await logoutMember(ctx, { siteId: params.id, token: memberTokenOf(req, params.id) });
    return { data: null, message: translate('visitors.signedOut', req.lang) };
  },
});
