import { ANALYSES, analysisRoute } from '../analytics-routes';

export default analysisRoute('/api/analysis/sites/:id/sources/export-csv', ANALYSES.sources);
