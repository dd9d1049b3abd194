import {
  accountPageViews,
  analyticsClickDays,
  analyticsConversionDays,
  analyticsDwellDays,
  analyticsPageDays,
  analyticsSwipeDays,
  analyticsTapDays,
  analyticsVisitDays,
  analyticsVisitorDays,
  siteVisits,
} from '../../db/schema/analytics';
import { defineModule } from '../../platform/module';
import { databaseNow, nextJstMidnight } from '../../platform/schedule';
import { maintainEventPartitions, pageViewsThisMonth } from './analytics.service';
import { analysisRouteList } from './analytics-routes';

// Effect measurement: the analysis calls over the rollups, the monthly page views of accounts
// (Check Plan, billing), and the nightly job that makes the raw events' next partitions and drops
// those past the retention.

export const analyticsModule = defineModule({
  name: 'analytics',
  routes: analysisRouteList,
  tables: [
    siteVisits,
    analyticsPageDays,
    analyticsDwellDays,
    analyticsSwipeDays,
    analyticsClickDays,
    analyticsTapDays,
    analyticsVisitDays,
    analyticsConversionDays,
    analyticsVisitorDays,
    accountPageViews,
  ],
  usageCounters: { pageViews: (db, accountIds) => pageViewsThisMonth(db, accountIds) },
  recurring: (ctx) => [
    {
      kind: 'analytics.event-partitions',
      next: nextJstMidnight,
      run: async () => {
        await maintainEventPartitions(ctx.db, {
          retentionMonths: ctx.config.analyticsRetentionMonths,
          now: await databaseNow(ctx.db),
        });
      },
    },
  ],
});
