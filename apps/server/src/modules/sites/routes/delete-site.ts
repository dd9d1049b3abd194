import { ZIdParams } from '@swipe/contracts/accounts';
import { ZMessageOnly } from '@swipe/contracts/envelope';
import { translate } from '@swipe/contracts/messages';
import { defineRoute } from '../../../platform/route';
import { SITE_EDIT_ROLES } from '../../site-core/site-access';
import { deleteSite } from '../sites.service';

export default defineRoute({
  method: 'DELETE',
  url: '/api/site/:id',
  summary: 'Delete a site: it is gone for visitors at once',
  tags: ['sites'],
  guard: { roles: SITE_EDIT_ROLES, authority: 'EDIT' },
  params: ZIdParams,
  response: ZMessageOnly,
  handler: async ({ ctx, params, caller, req }) => {
    await deleteSite(ctx, { caller, siteId: params.id, ip: req.ip });
    return { data: null, message: translate('sites.deleted', req.lang) };
  },
});
