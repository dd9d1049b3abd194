import { ZApiSettingsResponse, ZUpdateApiSettingsRequest } from '@swipe/contracts/api-access';
import { translate } from '@swipe/contracts/messages';
import { defineRoute } from '../../../platform/route';
import { updateApiSettings } from '../api-access.service';

export default defineRoute({
  method: 'PUT',
  url: '/api/api-settings',
  summary: "Save the API settings of the caller's account: enable flag, method and its credentials",
  tags: ['api-access'],
  guard: { roles: 'any', authority: 'EDIT', rateLimit: { max: 30, timeWindow: '1 minute' } },
  body: ZUpdateApiSettingsRequest,
  response: ZApiSettingsResponse,
  handler: async ({ ctx, caller, body, req }) => ({
    data: await updateApiSettings(ctx, { caller, body, ip: req.ip }),
    message: translate('apiAccess.saved', req.lang),
  }),
});
