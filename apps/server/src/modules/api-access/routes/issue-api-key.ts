import { ZIssueApiKeyResponse } from '@swipe/contracts/api-access';
import { translate } from '@swipe/contracts/messages';
import { defineRoute } from '../../../platform/route';
import { issueApiKey } from '../api-access.service';

export default defineRoute({
  method: 'POST',
  url: '/api/api-settings/key',
  summary: 'Issue a new API key (replaces the previous one); the full key is in this answer only',
  tags: ['api-access'],
  guard: { roles: 'any', authority: 'EDIT', rateLimit: { max: 10, timeWindow: '1 minute' } },
  response: ZIssueApiKeyResponse,
  status: 201,
  handler: async ({ ctx, caller, req, reply }) => {
    // The key must not linger in any cache between here and the browser.
    reply.header('Cache-Control', 'no-store');
    return {
      data: await issueApiKey(ctx, { caller, ip: req.ip }),
      message: translate('apiAccess.keyIssued', req.lang),
    };
  },
});
