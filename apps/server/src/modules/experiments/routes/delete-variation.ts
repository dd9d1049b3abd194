import { ZExperimentResponse, ZVariationParams } from '@swipe/contracts/experiments';
import { translate } from '@swipe/contracts/messages';
import { defineRoute } from '../../../platform/route';
import { EXPERIMENT_EDIT } from '../experiment-guards';
import { deleteVariation } from '../experiments.service';

export default defineRoute({
  method: 'DELETE',
  url: '/api/site/:id/experiments/:experimentId/variations/:variationId',
  summary: 'Removes a challenger from a draft experiment',
  tags: ['experiments'],
  guard: EXPERIMENT_EDIT,
  params: ZVariationParams,
  response: ZExperimentResponse,
  handler: async ({ ctx, params, caller, req }) => ({
    data: await deleteVariation(ctx, {
      caller,
      siteId: params.id,
      experimentId: params.experimentId,
      variationId: params.variationId,
    }),
    message: translate('experiments.variationDeleted', req.lang),
  }),
});
