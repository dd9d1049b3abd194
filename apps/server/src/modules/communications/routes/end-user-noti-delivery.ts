import { ZNotiDeliveryQuery, ZNotiDeliveryResponse } from '@swipe/contracts/communications';
import { and, eq, inArray } from 'drizzle-orm';
import { sites } from '../../../db/schema/sites';
import { storedSiteDocument } from '../../../db/site-document';
import { defineRoute } from '../../../platform/route';
import { LIVE_STATUSES } from '../../site-core/site-access';
import { pageNotices } from '../page-notices';

export default defineRoute({
  method: 'GET',
  url: '/api/end-user/noti_delivery',
  summary:
    "A published site's current latest information and delivered notifications in one language (default: the site's), newest first",
  tags: ['end-user'],
  guard: { public: true, rateLimit: { max: 600, timeWindow: '1 minute' } },
  querystring: ZNotiDeliveryQuery,
  response: ZNotiDeliveryResponse,
  handler: async ({ ctx, query, reply }) => {
    const [site] = await ctx.db
      .select({ id: sites.id, published: sites.published })
      .from(sites)
      .where(and(eq(sites.id, query.siteId), inArray(sites.status, [...LIVE_STATUSES])))
      .limit(1);
    if (!site?.published) return { data: [] };
    const doc = storedSiteDocument(site.published);
    const lang = query.lang && doc.languages.includes(query.lang) ? query.lang : doc.defaultLanguage;
    reply.header('cache-control', 'public, max-age=30');
    return { data: (await pageNotices(ctx, { siteId: site.id, lang })).list };
  },
});
