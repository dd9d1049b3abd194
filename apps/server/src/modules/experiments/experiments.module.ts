import { siteExperiments, siteVariations } from '../../db/schema/experiments';
import { defineModule } from '../../platform/module';
import { seedDemoExperiment } from './demo-experiment';
import { refreshShares } from './experiment-serving';
import createExperiment from './routes/create-experiment';
import createVariation from './routes/create-variation';
import declareWinner from './routes/declare-winner';
import deleteExperiment from './routes/delete-experiment';
import deleteVariation from './routes/delete-variation';
import getExperimentBase from './routes/get-experiment-base';
import listExperiments from './routes/list-experiments';
import startExperiment from './routes/start-experiment';
import stopExperiment from './routes/stop-experiment';
import updateExperiment from './routes/update-experiment';
import updateVariation from './routes/update-variation';

// Variations of a published site: experiments, their variations and results, the
// declared winner, and the minute job that moves automatic shares (Thompson sampling). The
// viewer serves the variations (viewer-http.ts, with the page cache's split by variation).

const MINUTE_MS = 60_000;

export const experimentsModule = defineModule({
  name: 'experiments',
  routes: [
    listExperiments,
    getExperimentBase,
    createExperiment,
    updateExperiment,
    deleteExperiment,
    createVariation,
    updateVariation,
    deleteVariation,
    startExperiment,
    stopExperiment,
    declareWinner,
  ],
  tables: [siteExperiments, siteVariations],
  recurring: (ctx) => [
    {
      kind: 'experiments.shares',
      next: (after) => new Date(Math.floor(after.getTime() / MINUTE_MS) * MINUTE_MS + MINUTE_MS),
      run: async () => {
        await refreshShares(ctx);
      },
    },
  ],
  demoSeed: seedDemoExperiment,
});
