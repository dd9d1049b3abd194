import { translate } from '@swipe/contracts/messages';
import { ZCreatePlanRequest, ZCreatePlanResponse } from '@swipe/contracts/plans';
import { defineRoute } from '../../../platform/route';
import { createPlan } from '../plans.service';

export default defineRoute({
  method: 'POST',
  url: '/api/plans',
  summary: 'Plan management: add a plan (version 1); its code is unique for good',
  tags: ['plans'],
  guard: { roles: ['MASTER'], authority: 'EDIT' },
  body: ZCreatePlanRequest,
  response: ZCreatePlanResponse,
  status: 201,
  handler: async ({ ctx, caller, body, req }) => {
    const data = await createPlan(ctx, { caller, input: body, ip: req.ip });
    return { data, message: translate('plans.created', req.lang, { name: data.name }) };
  },
});
