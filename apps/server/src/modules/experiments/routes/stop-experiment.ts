import { ZExperimentParams, ZExperimentResponse } from '@swipe/contracts/experiments';
import { translate } from '@swipe/contracts/messages';
import { defineRoute } from '../../../platform/route';
import { EXPERIMENT_EDIT } from '../experiment-guards';
import { stopExperiment } from '../experiment-lifecycle';

export default defineRoute({
  method: 'POST',
  url: '/api/site/:id/experiments/:experimentId/stop',
  summary: 'Ends a running experiment without a winner: every visitor sees the base again; the results stay',
  tags: ['experiments'],
  guard: EXPERIMENT_EDIT,
  params: ZExperimentParams,
  response: ZExperimentResponse,
  handler: async ({ ctx, params, caller, req }) => ({
    data: await stopExperiment(ctx, {
      caller,
      siteId: params.id,
      experimentId: params.experimentId,
      ip: req.ip,
    }),
    message: translate('experiments.stopped', req.lang),
  }),
});
