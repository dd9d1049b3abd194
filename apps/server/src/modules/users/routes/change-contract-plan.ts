import { ZIdParams } from '@swipe/contracts/accounts';
import { formatDate } from '@swipe/contracts/jst-format';
import { translate } from '@swipe/contracts/messages';
import { ZChangePlanBody, ZChangePlanResponse } from '@swipe/contracts/users';
import { defineRoute } from '../../../platform/route';
import { schedulePlanChange } from '../contracts.service';

export default defineRoute({
  method: 'PUT',
  url: '/api/users/:id/contract/plan',
  summary: 'Schedule a plan change from the first day of next month (JST)',
  tags: ['users'],
  guard: { roles: ['MASTER', 'OEM_MASTER', 'OEM_ADMIN'], authority: 'EDIT' },
  params: ZIdParams,
  body: ZChangePlanBody,
  response: ZChangePlanResponse,
  handler: async ({ ctx, params, body, caller, req }) => {
    const { detail, plan, from } = await schedulePlanChange(ctx, {
      caller,
      userId: params.id,
      planId: body.planId,
      ip: req.ip,
    });
    // The day as the console writes it in the caller's language (Dec 1, 2026 / 2026年12月1日).
    const date = formatDate(from, req.lang);
    return { data: detail, message: translate('users.planChangeScheduled', req.lang, { plan, date }) };
  },
});
