import { ZApiSettingsResponse } from '@swipe/contracts/api-access';
import { translate } from '@swipe/contracts/messages';
import { defineRoute } from '../../../platform/route';
import { revokeApiKey } from '../api-access.service';

export default defineRoute({
  method: 'DELETE',
  url: '/api/api-settings/key',
  summary: 'Revoke the API key: requests with it are refused from now on',
  tags: ['api-access'],
  guard: { roles: 'any', authority: 'EDIT' },
  response: ZApiSettingsResponse,
  handler: async ({ ctx, caller, req }) => ({
    data: await revokeApiKey(ctx, { caller, ip: req.ip }),
    message: translate('apiAccess.keyRevoked', req.lang),
  }),
});
