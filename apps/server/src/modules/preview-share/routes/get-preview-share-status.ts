import { ZIdParams } from '@swipe/contracts/accounts';
import { ZShareStatusResponse } from '@swipe/contracts/preview-share';
import { defineRoute } from '../../../platform/route';
import { SITE_VIEW_ROLES } from '../../site-core/site-access';
import { shareStatus } from '../preview-share.service';

export default defineRoute({
  method: 'GET',
  url: '/api/preview/site/:id/share/status',
  summary: "A site's preview sharing in short: private, password, how many invited",
  tags: ['preview'],
  guard: { roles: SITE_VIEW_ROLES, authority: 'VIEW' },
  params: ZIdParams,
  response: ZShareStatusResponse,
  handler: async ({ ctx, params, caller }) => ({
    data: await shareStatus(ctx, { caller, siteId: params.id }),
  }),
});
