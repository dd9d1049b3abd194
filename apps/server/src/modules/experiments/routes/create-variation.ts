import {
  ZCreateVariationRequest,
  ZExperimentParams,
  ZExperimentResponse,
} from '@swipe/contracts/experiments';
import { translate } from '@swipe/contracts/messages';
import { defineRoute } from '../../../platform/route';
import { EXPERIMENT_EDIT } from '../experiment-guards';
import { addVariation } from '../experiments.service';

export default defineRoute({
  method: 'POST',
  url: '/api/site/:id/experiments/:experimentId/variations',
  summary:
    'Adds a challenger to a draft experiment (a copy of the base until its overrides are saved; at most 4)',
  tags: ['experiments'],
  guard: EXPERIMENT_EDIT,
  params: ZExperimentParams,
  body: ZCreateVariationRequest,
  response: ZExperimentResponse,
  status: 201,
  handler: async ({ ctx, params, body, caller, req }) => ({
    data: await addVariation(ctx, {
      caller,
      siteId: params.id,
      experimentId: params.experimentId,
      name: body.name,
    }),
    message: translate('experiments.variationAdded', req.lang),
  }),
});
