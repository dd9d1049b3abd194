import { ZIdParams } from '@swipe/contracts/accounts';
import { ZCampaignInput, ZCampaignResponse } from '@swipe/contracts/campaigns';
import { translate } from '@swipe/contracts/messages';
import { defineRoute } from '../../../platform/route';
import { SITE_EDIT_ROLES } from '../../site-core/site-access';
import { updateCampaign } from '../campaigns.service';

export default defineRoute({
  method: 'PUT',
  url: '/api/campaign/:id',
  summary: 'Saves a campaign; the published page shows it without a republish',
  tags: ['campaigns'],
  guard: { roles: SITE_EDIT_ROLES, authority: 'EDIT' },
  params: ZIdParams,
  body: ZCampaignInput,
  response: ZCampaignResponse,
  handler: async ({ ctx, params, body, caller, req }) => ({
    data: await updateCampaign(ctx, { caller, id: params.id, input: body, ip: req.ip }),
    message: translate('campaigns.saved', req.lang),
  }),
});
