import { translate } from '@swipe/contracts/messages';
import { ZCreateSiteRequest, ZSiteDetailResponse } from '@swipe/contracts/site-api';
import { defineRoute } from '../../../platform/route';
import { SITE_EDIT_ROLES } from '../../site-core/site-access';
import { createSite } from '../sites.service';

export default defineRoute({
  method: 'POST',
  url: '/api/site',
  summary: 'Create a site (a draft) from a whole site document, within the plan',
  tags: ['sites'],
  guard: { roles: SITE_EDIT_ROLES, authority: 'EDIT' },
  bodyLimit: 8 * 1024 * 1024,
  body: ZCreateSiteRequest,
  response: ZSiteDetailResponse,
  status: 201,
  handler: async ({ ctx, body, caller, req }) => ({
    data: await createSite(ctx, { caller, ...body, lang: req.lang, ip: req.ip }),
    message: translate('sites.created', req.lang),
  }),
});
