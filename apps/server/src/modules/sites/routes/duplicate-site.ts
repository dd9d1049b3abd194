import { ZIdParams } from '@swipe/contracts/accounts';
import { translate } from '@swipe/contracts/messages';
import { ZSiteDetailResponse } from '@swipe/contracts/site-api';
import { defineRoute } from '../../../platform/route';
import { SITE_EDIT_ROLES } from '../../site-core/site-access';
import { duplicateSite } from '../sites.service';

export default defineRoute({
  method: 'POST',
  url: '/api/site/:id/duplicate',
  summary:
    "A draft copy of a site in its account (its draft document, not its domain or visitors' data), within the plan",
  tags: ['sites'],
  guard: { roles: SITE_EDIT_ROLES, authority: 'EDIT' },
  params: ZIdParams,
  response: ZSiteDetailResponse,
  status: 201,
  handler: async ({ ctx, params, caller, req }) => ({
    data: await duplicateSite(ctx, { caller, siteId: params.id, lang: req.lang, ip: req.ip }),
    message: translate('sites.duplicated', req.lang),
  }),
});
