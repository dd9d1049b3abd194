import { ZIdParams } from '@swipe/contracts/accounts';
import { translate } from '@swipe/contracts/messages';
import { ZSaveDraftResponse, ZUpdateSiteRequest } from '@swipe/contracts/site-api';
import { defineRoute } from '../../../platform/route';
import { SITE_EDIT_ROLES } from '../../site-core/site-access';
import { updateSite } from '../sites.service';

export default defineRoute({
  method: 'PUT',
  url: '/api/site/:id/draft',
  summary:
    "The editor's autosave: saves the draft as PUT /api/site/{id} with mode DRAFT does, and answers with the new revision only",
  tags: ['sites'],
  guard: { roles: SITE_EDIT_ROLES, authority: 'EDIT' },
  bodyLimit: 8 * 1024 * 1024,
  params: ZIdParams,
  body: ZUpdateSiteRequest.omit({ mode: true }),
  response: ZSaveDraftResponse,
  handler: async ({ ctx, params, body, caller, req }) => {
    const { saved, messageKey } = await updateSite(ctx, {
      ...body,
      caller,
      siteId: params.id,
      mode: 'DRAFT',
      autosave: true,
      lang: req.lang,
      ip: req.ip,
    });
    return { data: saved, message: translate(messageKey, req.lang) };
  },
});
