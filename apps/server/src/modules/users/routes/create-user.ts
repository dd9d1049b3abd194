import { translate } from '@swipe/contracts/messages';
import { ZCreateUserBody, ZCreateUserResponse } from '@swipe/contracts/users';
import { defineRoute } from '../../../platform/route';
import { createManagedUsers } from '../users.service';

export default defineRoute({
  method: 'POST',
  url: '/api/users',
  summary: 'Create a user (and its account and contract) under a parent account; mails a first password',
  tags: ['users'],
  guard: { roles: ['MASTER', 'OEM_MASTER', 'OEM_ADMIN'], authority: 'EDIT' },
  body: ZCreateUserBody,
  response: ZCreateUserResponse,
  status: 201,
  handler: async ({ ctx, body, caller, req }) => {
    const [detail] = await createManagedUsers(ctx, {
      caller,
      inputs: [body],
      action: 'USER_CREATED',
      ip: req.ip,
    });
    return { data: detail!, message: translate('users.created', req.lang) };
  },
});
