import { ZIdParams } from '@swipe/contracts/accounts';
import { ZSiteRevisionsResponse } from '@swipe/contracts/site-api';
import { defineRoute } from '../../../platform/route';
import { SITE_VIEW_ROLES } from '../../site-core/site-access';
import { listRevisions } from '../site-revisions';

export default defineRoute({
  method: 'GET',
  url: '/api/site/:id/revisions',
  summary: "The draft's saved revisions, newest first, with time, author and kind",
  tags: ['sites'],
  guard: { roles: SITE_VIEW_ROLES, authority: 'VIEW' },
  params: ZIdParams,
  response: ZSiteRevisionsResponse,
  handler: async ({ ctx, params, caller }) => ({
    data: await listRevisions(ctx, { caller, siteId: params.id }),
  }),
});
