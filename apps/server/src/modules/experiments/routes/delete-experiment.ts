import { ZMessageOnly } from '@swipe/contracts/envelope';
import { ZExperimentParams } from '@swipe/contracts/experiments';
import { translate } from '@swipe/contracts/messages';
import { defineRoute } from '../../../platform/route';
import { EXPERIMENT_EDIT } from '../experiment-guards';
import { deleteExperiment } from '../experiments.service';

export default defineRoute({
  method: 'DELETE',
  url: '/api/site/:id/experiments/:experimentId',
  summary: 'Deletes a draft or ended experiment (a running one must end first)',
  tags: ['experiments'],
  guard: EXPERIMENT_EDIT,
  params: ZExperimentParams,
  response: ZMessageOnly,
  handler: async ({ ctx, params, caller, req }) => {
    await deleteExperiment(ctx, { caller, siteId: params.id, experimentId: params.experimentId, ip: req.ip });
    return { data: null, message: translate('experiments.deleted', req.lang) };
  },
});
