import { ZApiSettingsResponse } from '@swipe/contracts/api-access';
import { defineRoute } from '../../../platform/route';
import { getApiSettings } from '../api-access.service';

export default defineRoute({
  method: 'GET',
  url: '/api/api-settings',
  summary: "The API settings of the caller's account (never a key or a password)",
  tags: ['api-access'],
  guard: { roles: 'any', authority: 'VIEW' },
  response: ZApiSettingsResponse,
  handler: async ({ ctx, caller }) => ({ data: await getApiSettings(ctx, { caller }) }),
});
