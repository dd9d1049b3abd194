import { ZIdParams } from '@swipe/contracts/accounts';
import { ZExperimentBaseResponse } from '@swipe/contracts/experiments';
import { defineRoute } from '../../../platform/route';
import { EXPERIMENT_VIEW } from '../experiment-guards';
import { experimentBase } from '../experiments.service';

export default defineRoute({
  method: 'GET',
  url: '/api/site/:id/experiments/base',
  summary:
    'The published document variations are made of, with the URLs of its media and of the variations’ media (409 before the first publish)',
  tags: ['experiments'],
  guard: EXPERIMENT_VIEW,
  params: ZIdParams,
  response: ZExperimentBaseResponse,
  handler: async ({ ctx, params, caller }) => ({
    data: await experimentBase(ctx, { caller, siteId: params.id }),
  }),
});
