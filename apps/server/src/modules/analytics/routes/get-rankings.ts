import { ANALYSES, analysisRoute } from '../analytics-routes';

export default analysisRoute('/api/analysis/sites/:id/rankings', ANALYSES.rankings);
