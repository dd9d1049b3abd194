import { ANALYSES, analysisRoute } from '../analytics-routes';

export default analysisRoute(ANALYSES.sources, 'json');
