import { ZIdParams } from '@swipe/contracts/accounts';
import { ZCreateExperimentRequest, ZExperimentResponse } from '@swipe/contracts/experiments';
import { translate } from '@swipe/contracts/messages';
import { defineRoute } from '../../../platform/route';
import { EXPERIMENT_EDIT } from '../experiment-guards';
import { createExperiment } from '../experiments.service';

export default defineRoute({
  method: 'POST',
  url: '/api/site/:id/experiments',
  summary:
    'Creates a draft experiment on the site with its base and one challenger (one draft or running experiment per site)',
  tags: ['experiments'],
  guard: EXPERIMENT_EDIT,
  params: ZIdParams,
  body: ZCreateExperimentRequest,
  response: ZExperimentResponse,
  status: 201,
  handler: async ({ ctx, params, body, caller, req }) => ({
    data: await createExperiment(ctx, { caller, siteId: params.id, input: body, ip: req.ip }),
    message: translate('experiments.created', req.lang),
  }),
});
