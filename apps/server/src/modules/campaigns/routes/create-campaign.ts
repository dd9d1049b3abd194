import { ZIdParams } from '@swipe/contracts/accounts';
import { ZCampaignInput, ZCampaignResponse } from '@swipe/contracts/campaigns';
import { translate } from '@swipe/contracts/messages';
import { defineRoute } from '../../../platform/route';
import { SITE_EDIT_ROLES } from '../../site-core/site-access';
import { createCampaign } from '../campaigns.service';

export default defineRoute({
  method: 'POST',
  url: '/api/site/:id/campaigns',
  summary: "Creates a campaign of a site (its pages, the account's media; dates are JST days, both included)",
  tags: ['campaigns'],
  guard: { roles: SITE_EDIT_ROLES, authority: 'EDIT' },
  params: ZIdParams,
  body: ZCampaignInput,
  response: ZCampaignResponse,
  status: 201,
  handler: async ({ ctx, params, body, caller, req }) => ({
    data: await createCampaign(ctx, { caller, siteId: params.id, input: body, ip: req.ip }),
    message: translate('campaigns.created', req.lang),
  }),
});
