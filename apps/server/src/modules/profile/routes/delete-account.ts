import { translate } from '@swipe/contracts/messages';
import { ZDeleteAccountRequest, ZDeleteAccountResponse } from '@swipe/contracts/profile';
import { defineRoute } from '../../../platform/route';
import { deleteAccount } from '../account-deletion.service';

export default defineRoute({
  method: 'DELETE',
  url: '/api/account',
  summary:
    'Delete the own account and every account below it (users erased, contract terminated; fees stay due until the contract end date)',
  tags: ['profile'],
  guard: {
    roles: ['MASTER_USER', 'OEM_MASTER', 'USER'],
    authority: 'EDIT',
    holderOnly: true,
    // A password is checked here: limit guessing.
    rateLimit: { max: 10, timeWindow: '1 minute' },
  },
  body: ZDeleteAccountRequest,
  response: ZDeleteAccountResponse,
  handler: async ({ ctx, body, caller, req }) => {
    await deleteAccount(ctx, { caller, ...body, ip: req.ip });
    return { data: null, message: translate('profile.accountDeleted', req.lang) };
  },
});
