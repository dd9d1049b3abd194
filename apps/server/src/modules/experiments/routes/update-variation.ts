import { ZExperimentResponse, ZUpdateVariationRequest, ZVariationParams } from '@swipe/contracts/experiments';
import { translate } from '@swipe/contracts/messages';
import { defineRoute } from '../../../platform/route';
import { EXPERIMENT_EDIT } from '../experiment-guards';
import { updateVariation } from '../experiments.service';

export default defineRoute({
  method: 'PUT',
  url: '/api/site/:id/experiments/:experimentId/variations/:variationId',
  summary:
    "A variation's name and weight (until the experiment ends) and what it overrides (pages, popup CTAs, forms; drafts only, never the base)",
  tags: ['experiments'],
  guard: EXPERIMENT_EDIT,
  params: ZVariationParams,
  body: ZUpdateVariationRequest,
  response: ZExperimentResponse,
  handler: async ({ ctx, params, body, caller, req }) => ({
    data: await updateVariation(ctx, {
      caller,
      siteId: params.id,
      experimentId: params.experimentId,
      variationId: params.variationId,
      input: body,
    }),
    message: translate('experiments.variationSaved', req.lang),
  }),
});
