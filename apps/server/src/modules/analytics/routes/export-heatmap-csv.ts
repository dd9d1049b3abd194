import { ANALYSES, analysisRoute } from '../analytics-routes';

export default analysisRoute('/api/analysis/sites/:id/heatmap/export-csv', ANALYSES.heatmap);
