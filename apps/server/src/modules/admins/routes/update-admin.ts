import { ZIdParams } from '@swipe/contracts/accounts';
import { ZUpdateAdminRequest, ZUpdateAdminResponse } from '@swipe/contracts/admins';
import { translate } from '@swipe/contracts/messages';
import { defineRoute } from '../../../platform/route';
import { updateAdmin } from '../admins.service';

export default defineRoute({
  method: 'PUT',
  url: '/api/admins/:id',
  summary: 'Change a sub-admin (name, email, admin role, authority); nobody changes their own authority',
  tags: ['admins'],
  guard: { roles: 'any', authority: 'EDIT' },
  params: ZIdParams,
  body: ZUpdateAdminRequest,
  response: ZUpdateAdminResponse,
  handler: async ({ ctx, body, params, caller, req }) => ({
    data: await updateAdmin(ctx, { caller, id: params.id, input: body, ip: req.ip }),
    message: translate('admins.updated', req.lang),
  }),
});
