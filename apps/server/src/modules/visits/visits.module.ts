import { siteCtaApplicants, siteCtaCounters, siteEvents, siteViewCounts } from '../../db/schema/analytics';
import { defineModule } from '../../platform/module';
import getSiteStats from './routes/get-site-stats';
import postVisitEvents from './routes/post-visit-events';
import startVisit from './routes/start-visit';

export const visitsModule = defineModule({
  name: 'visits',
  routes: [getSiteStats, startVisit, postVisitEvents],
  tables: [siteEvents, siteCtaCounters, siteViewCounts, siteCtaApplicants],
});
