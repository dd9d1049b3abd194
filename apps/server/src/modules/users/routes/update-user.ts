import { ZIdParams } from '@swipe/contracts/accounts';
import { translate } from '@swipe/contracts/messages';
import { ZUpdateUserBody, ZUpdateUserResponse } from '@swipe/contracts/users';
import { defineRoute } from '../../../platform/route';
import { updateUser } from '../user-update';

export default defineRoute({
  method: 'PUT',
  url: '/api/users/:id',
  summary: 'Update a user the caller manages (not its plan or contract status)',
  tags: ['users'],
  guard: { roles: ['MASTER', 'OEM_MASTER', 'OEM_ADMIN'], authority: 'EDIT' },
  params: ZIdParams,
  body: ZUpdateUserBody,
  response: ZUpdateUserResponse,
  handler: async ({ ctx, params, body, caller, req }) => ({
    data: await updateUser(ctx, { caller, userId: params.id, body, ip: req.ip }),
    message: translate('users.updated', req.lang),
  }),
});
