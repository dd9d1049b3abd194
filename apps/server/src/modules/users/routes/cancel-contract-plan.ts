import { ZIdParams } from '@swipe/contracts/accounts';
import { translate } from '@swipe/contracts/messages';
import { ZChangePlanResponse } from '@swipe/contracts/users';
import { defineRoute } from '../../../platform/route';
import { cancelPlanChange } from '../contracts.service';

export default defineRoute({
  method: 'DELETE',
  url: '/api/users/:id/contract/plan',
  summary: 'Cancel a scheduled plan change',
  tags: ['users'],
  guard: { roles: ['MASTER', 'OEM_MASTER', 'OEM_ADMIN'], authority: 'EDIT' },
  params: ZIdParams,
  response: ZChangePlanResponse,
  handler: async ({ ctx, params, caller, req }) => ({
    data: await cancelPlanChange(ctx, { caller, userId: params.id, ip: req.ip }),
    message: translate('users.planChangeCancelled', req.lang),
  }),
});
