import { ZSetLanguageRequest, ZSetLanguageResponse } from '@swipe/contracts/auth';
import { defineRoute } from '../../../platform/route';
import { setLanguage } from '../auth.service';

export default defineRoute({
  method: 'PUT',
  url: '/api/auth/language',
  summary: 'Remember the UI language of the signed-in user (also used for their mails)',
  tags: ['auth'],
  guard: { roles: 'any', authority: 'VIEW', allowPendingPasswordChange: true },
  body: ZSetLanguageRequest,
  response: ZSetLanguageResponse,
  handler: async ({ ctx, body, caller }) => ({
    data: await setLanguage(ctx, { userId: caller.userId, language: body.language }),
  }),
});
