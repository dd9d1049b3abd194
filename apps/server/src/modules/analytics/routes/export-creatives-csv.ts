import { ANALYSES, analysisRoute } from '../analytics-routes';

export default analysisRoute(ANALYSES.creatives, 'csv');
