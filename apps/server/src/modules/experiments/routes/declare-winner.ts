import { ZDeclareWinnerRequest, ZExperimentParams, ZExperimentResponse } from '@swipe/contracts/experiments';
import { translate } from '@swipe/contracts/messages';
import { defineRoute } from '../../../platform/route';
import { EXPERIMENT_EDIT } from '../experiment-guards';
import { declareWinner } from '../experiment-lifecycle';

export default defineRoute({
  method: 'POST',
  url: '/api/site/:id/experiments/:experimentId/winner',
  summary:
    "Publishes a variation as the site (its pages, popup CTAs and forms replace the base's in the published site and the draft) and ends the experiment",
  tags: ['experiments'],
  guard: EXPERIMENT_EDIT,
  params: ZExperimentParams,
  body: ZDeclareWinnerRequest,
  response: ZExperimentResponse,
  handler: async ({ ctx, params, body, caller, req }) => {
    const { experiment, winnerName } = await declareWinner(ctx, {
      caller,
      siteId: params.id,
      experimentId: params.experimentId,
      variationId: body.variationId,
      lang: req.lang,
      ip: req.ip,
    });
    return {
      data: experiment,
      message: translate('experiments.winnerDeclared', req.lang, { name: winnerName }),
    };
  },
});
