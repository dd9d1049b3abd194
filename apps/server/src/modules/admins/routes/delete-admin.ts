import { ZIdParams } from '@swipe/contracts/accounts';
import { ZDeleteAdminResponse } from '@swipe/contracts/admins';
import { translate } from '@swipe/contracts/messages';
import { defineRoute } from '../../../platform/route';
import { deleteAdmin } from '../admins.service';

export default defineRoute({
  method: 'DELETE',
  url: '/api/admins/:id',
  summary: 'Delete a sub-admin: signed out at once, its email freed for reuse',
  tags: ['admins'],
  guard: { roles: 'any', authority: 'EDIT' },
  params: ZIdParams,
  response: ZDeleteAdminResponse,
  handler: async ({ ctx, params, caller, req }) => {
    await deleteAdmin(ctx, { caller, id: params.id, ip: req.ip });
    return { data: null, message: translate('admins.deleted', req.lang) };
  },
});
