import { ZIdParams } from '@swipe/contracts/accounts';
import { ZSiteDetailResponse } from '@swipe/contracts/site-api';
import { defineRoute } from '../../../platform/route';
import { SITE_VIEW_ROLES } from '../../site-core/site-access';
import { getSite } from '../sites.service';

export default defineRoute({
  method: 'GET',
  url: '/api/site/:id',
  summary: 'One site with its draft document',
  tags: ['sites'],
  guard: { roles: SITE_VIEW_ROLES, authority: 'VIEW' },
  params: ZIdParams,
  response: ZSiteDetailResponse,
  handler: async ({ ctx, params, caller }) => ({ data: await getSite(ctx, { caller, siteId: params.id }) }),
});
