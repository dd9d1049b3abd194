import { ZIdParams } from '@swipe/contracts/accounts';
import { translate } from '@swipe/contracts/messages';
import { ZSiteDetailResponse, ZUpdateSiteRequest } from '@swipe/contracts/site-api';
import { defineRoute } from '../../../platform/route';
import { SITE_EDIT_ROLES } from '../../site-core/site-access';
import { updateSite } from '../sites.service';

export default defineRoute({
  method: 'PUT',
  url: '/api/site/:id',
  summary: 'Save the draft; mode PUBLISH also publishes it, PRIVATE takes the site off the public',
  tags: ['sites'],
  guard: { roles: SITE_EDIT_ROLES, authority: 'EDIT' },
  bodyLimit: 8 * 1024 * 1024,
  params: ZIdParams,
  body: ZUpdateSiteRequest,
  response: ZSiteDetailResponse,
  handler: async ({ ctx, params, body, caller, req }) => {
    const { detail, messageKey } = await updateSite(ctx, {
      caller,
      siteId: params.id,
      document: body.document,
      mode: body.mode,
      revision: body.revision,
      confirmContactReset: body.confirmContactReset,
      pageRenames: body.pageRenames,
      lang: req.lang,
      ip: req.ip,
    });
    return { data: await detail(), message: translate(messageKey, req.lang) };
  },
});
