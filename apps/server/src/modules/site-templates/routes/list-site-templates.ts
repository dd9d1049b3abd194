import { ZSiteTemplatesResponse } from '@swipe/contracts/site-templates';
import { defineRoute } from '../../../platform/route';
import { SITE_EDIT_ROLES } from '../../site-core/site-access';
import { listSiteTemplates } from '../site-templates.service';

export default defineRoute({
  method: 'GET',
  url: '/api/site-templates',
  summary:
    "The starter sites a new site can be made from (POST /api/site with template_id), named in the caller's language, with preview images",
  tags: ['sites'],
  // Whoever may create a site; reading the catalogue needs no edit authority.
  guard: { roles: SITE_EDIT_ROLES, authority: 'VIEW' },
  response: ZSiteTemplatesResponse,
  handler: async ({ ctx, req }) => ({ data: await listSiteTemplates(ctx, req.lang) }),
});
