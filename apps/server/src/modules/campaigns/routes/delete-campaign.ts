import { ZIdParams } from '@swipe/contracts/accounts';
import { ZMessageOnly } from '@swipe/contracts/envelope';
import { translate } from '@swipe/contracts/messages';
import { defineRoute } from '../../../platform/route';
import { SITE_EDIT_ROLES } from '../../site-core/site-access';
import { deleteCampaign } from '../campaigns.service';

export default defineRoute({
  method: 'DELETE',
  url: '/api/campaign/:id',
  summary: 'Deletes a campaign and its click counts',
  tags: ['campaigns'],
  guard: { roles: SITE_EDIT_ROLES, authority: 'EDIT' },
  params: ZIdParams,
  response: ZMessageOnly,
  handler: async ({ ctx, params, caller, req }) => {
    await deleteCampaign(ctx, { caller, id: params.id, ip: req.ip });
    return { data: null, message: translate('campaigns.deleted', req.lang) };
  },
});
