import { ZExperimentParams, ZExperimentResponse } from '@swipe/contracts/experiments';
import { translate } from '@swipe/contracts/messages';
import { defineRoute } from '../../../platform/route';
import { EXPERIMENT_EDIT } from '../experiment-guards';
import { startExperiment } from '../experiment-lifecycle';

export default defineRoute({
  method: 'POST',
  url: '/api/site/:id/experiments/:experimentId/start',
  summary:
    "Starts splitting the published site's visitors between the variations (every variation must pass the pre-publish check)",
  tags: ['experiments'],
  guard: EXPERIMENT_EDIT,
  params: ZExperimentParams,
  response: ZExperimentResponse,
  handler: async ({ ctx, params, caller, req }) => ({
    data: await startExperiment(ctx, {
      caller,
      siteId: params.id,
      experimentId: params.experimentId,
      lang: req.lang,
      ip: req.ip,
    }),
    message: translate('experiments.started', req.lang),
  }),
});
