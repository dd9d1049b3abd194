import { ZSummaryQuery, ZSummaryResponse } from '@swipe/contracts/billing';
import { defineRoute } from '../../../platform/route';
import { summary } from '../dashboard.service';

export default defineRoute({
  method: 'GET',
  url: '/api/dashboard/summary',
  summary:
    "The summary dashboard of the caller's tree per JST month from `from` to `to` (YYYY-MM, the current month and the 12 before it): sites created, customer companies, MRR (the monthly plan fees, tax excluded, of the contracts active at the month's end, its last day in Japan or today for the current month, whether their bills are paid or not), paid plans (those contracts on a plan with a fee), cash received (totals, tax included, of the bills paid in the month); totals of the last month with ARR = MRR x 12; its paid plans by plan name",
  tags: ['dashboard'],
  guard: { roles: ['MASTER', 'OEM_MASTER', 'OEM_ADMIN'], authority: 'VIEW' },
  querystring: ZSummaryQuery,
  response: ZSummaryResponse,
  handler: async ({ ctx, caller, query }) => ({
    data: await summary(ctx, { caller, from: query.from, to: query.to }),
  }),
});
