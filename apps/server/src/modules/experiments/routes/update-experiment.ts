import {
  ZExperimentParams,
  ZExperimentResponse,
  ZUpdateExperimentRequest,
} from '@swipe/contracts/experiments';
import { translate } from '@swipe/contracts/messages';
import { defineRoute } from '../../../platform/route';
import { EXPERIMENT_EDIT } from '../experiment-guards';
import { updateExperiment } from '../experiments.service';

export default defineRoute({
  method: 'PATCH',
  url: '/api/site/:id/experiments/:experimentId',
  summary: 'Renames an experiment; its goal and allocation change only before it starts',
  tags: ['experiments'],
  guard: EXPERIMENT_EDIT,
  params: ZExperimentParams,
  body: ZUpdateExperimentRequest,
  response: ZExperimentResponse,
  handler: async ({ ctx, params, body, caller, req }) => ({
    data: await updateExperiment(ctx, {
      caller,
      siteId: params.id,
      experimentId: params.experimentId,
      input: body,
    }),
    message: translate('experiments.updated', req.lang),
  }),
});
