import { ZIdParams } from '@swipe/contracts/accounts';
import { ZShareStateResponse } from '@swipe/contracts/preview-share';
import { defineRoute } from '../../../platform/route';
import { SITE_VIEW_ROLES } from '../../site-core/site-access';
import { getShareState } from '../preview-share.service';

export default defineRoute({
  method: 'GET',
  url: '/api/preview/site/:id/share',
  summary: "Who is invited to a site's preview, whether it is private and has a password",
  tags: ['preview'],
  guard: { roles: SITE_VIEW_ROLES, authority: 'VIEW' },
  params: ZIdParams,
  response: ZShareStateResponse,
  handler: async ({ ctx, params, caller }) => ({
    data: await getShareState(ctx, { caller, siteId: params.id }),
  }),
});
