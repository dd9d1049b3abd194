import { ZIdParams } from '@swipe/contracts/accounts';
import { ZExperimentsResponse } from '@swipe/contracts/experiments';
import { defineRoute } from '../../../platform/route';
import { EXPERIMENT_VIEW } from '../experiment-guards';
import { listExperiments } from '../experiments.service';

export default defineRoute({
  method: 'GET',
  url: '/api/site/:id/experiments',
  summary: "A site's experiments (A/B variations), newest first, each with its variations and results",
  tags: ['experiments'],
  guard: EXPERIMENT_VIEW,
  params: ZIdParams,
  response: ZExperimentsResponse,
  handler: async ({ ctx, params, caller }) => ({
    data: await listExperiments(ctx, { caller, siteId: params.id }),
  }),
});
