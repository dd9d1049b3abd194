import { addDays, jstDay } from '@swipe/contracts/jst-format';
import { coordinateOf } from '@swipe/contracts/site-grid-rules';
import type { TDb } from '../../db/client';
import { accountPageViews, SITE_ROLLUP_TABLES, siteVisits } from '../../db/schema/analytics';
import { storedSiteDocument } from '../../db/site-document';
import { defineModule } from '../../platform/module';
import { databaseNow, nextJstMidnight } from '../../platform/schedule';
import { maintainEventPartitions, pageViewsOfMonth } from './analytics.service';
import { generateVisits } from './demo-visits';
import { ensureEventPartitions, writeEvents } from './event-writer';
import exportCreativesCsv from './routes/export-creatives-csv';
import exportHeatmapCsv from './routes/export-heatmap-csv';
import exportOverviewCsv from './routes/export-overview-csv';
import exportPagesCsv from './routes/export-pages-csv';
import exportRankingsCsv from './routes/export-rankings-csv';
import exportSourcesCsv from './routes/export-sources-csv';
import getCreatives from './routes/get-creatives';
import getHeatmap from './routes/get-heatmap';
import getOverview from './routes/get-overview';
import getPages from './routes/get-pages';
import getRankings from './routes/get-rankings';
import getSources from './routes/get-sources';

// Effect measurement: the analysis calls over the rollups, the monthly page views of accounts
// (Check Plan, billing), and the nightly job that makes the raw events' next partitions and drops
// those past the retention.

export const analyticsModule = defineModule({
  name: 'analytics',
  routes: [
    getOverview,
    exportOverviewCsv,
    getPages,
    exportPagesCsv,
    getCreatives,
    exportCreativesCsv,
    getRankings,
    exportRankingsCsv,
    getHeatmap,
    exportHeatmapCsv,
    getSources,
    exportSourcesCsv,
  ],
  tables: [siteVisits, ...SITE_ROLLUP_TABLES, accountPageViews],
  usageCounters: { pageViews: (db, accountIds, opts) => pageViewsOfMonth(db, accountIds, opts) },
  demoSeed: async ({ db, site }) => {
    if (!site) return;
    const doc = storedSiteDocument(site.published ?? site.draft);
    const pages: string[] = [];
    for (let r = 0; r < doc.numberVertical; r++)
      for (let c = 0; c < doc.numberHorizontal; c++) pages.push(coordinateOf(r, c));
    // 30 days of visitors up to now, about 120 a day, so the analysis screens show something.
    // Every one arrives by an ad or the site's address, both of which open on A1 (no link to
    // another page is shared): A1's reach is 100 %. Their conversions become the members,
    // contacts, forms and survey answers of the lists (the submissions and surveys seeds).
    // They start at 00:00 JST 29 days before today: a "last 30 days" period holds all of them and
    // the 30 days before it none, whatever the hour of the seed (from the instant 30 days ago, a
    // seed just after midnight left a whole day's visits in the period before).
    const now = Date.now();
    const from = Date.parse(`${addDays(jstDay(now), -29)}T00:00:00+09:00`);
    const rows = generateVisits({
      siteId: site.id,
      pages,
      columns: doc.numberHorizontal,
      languages: doc.languages,
      count: 3_600,
      from,
      to: now - 60_000,
      seed: 2026,
      deepLinks: 0,
    });
    await ensureEventPartitions(db as TDb, [new Date(from), new Date(now)]);
    for (let i = 0; i < rows.length; i += 4_000) await writeEvents(db as TDb, rows.slice(i, i + 4_000));
  },
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
