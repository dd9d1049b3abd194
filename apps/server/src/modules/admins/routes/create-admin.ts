import { ZCreateAdminRequest, ZCreateAdminResponse } from '@swipe/contracts/admins';
import { translate } from '@swipe/contracts/messages';
import { defineRoute } from '../../../platform/route';
import { createAdmin } from '../admins.service';

export default defineRoute({
  method: 'POST',
  url: '/api/admins',
  summary: 'Add a sub-admin; its first password is mailed and must be changed at first sign-in',
  tags: ['admins'],
  guard: { roles: 'any', authority: 'EDIT', rateLimit: { max: 30, timeWindow: '1 minute' } },
  body: ZCreateAdminRequest,
  response: ZCreateAdminResponse,
  status: 201,
  handler: async ({ ctx, body, caller, req }) => {
    const data = await createAdmin(ctx, { caller, input: body, ip: req.ip });
    return { data, message: translate('admins.created', req.lang, { email: data.email }) };
  },
});
