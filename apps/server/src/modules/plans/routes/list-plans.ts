import { ZListPlansQuery, ZListPlansResponse } from '@swipe/contracts/plans';
import { defineRoute } from '../../../platform/route';
import { listPlans } from '../plans.service';

export default defineRoute({
  method: 'GET',
  url: '/api/plans',
  summary:
    'The plan catalogue: the current version of every plan by tier, multilingual variants after their base; retired plans with include_retired (MASTER only)',
  tags: ['plans'],
  guard: { roles: 'any', authority: 'VIEW' },
  querystring: ZListPlansQuery,
  response: ZListPlansResponse,
  handler: async ({ ctx, caller, query }) => ({
    data: await listPlans(ctx, { caller, includeRetired: query.includeRetired }),
  }),
});
