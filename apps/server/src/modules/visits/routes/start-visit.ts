import { ZVisitStart, ZVisitStartResponse } from '@swipe/contracts/site-events';
import { defineRoute } from '../../../platform/route';

// The published page starts its visit here before its first beacon: the visitor id to keep (the
// one it sent if the server issued it, else a new one) and the visit's key, which its beacons
// carry so that an experiment counts the visit (visits.service ingestEvents). Answered without a
// query, for any site alike; the beacons of a site that is not live are dropped anyway.
export default defineRoute({
  method: 'POST',
  url: '/api/end-user/events/visit',
  summary:
    "Starts a published page's visit: the visitor id the page keeps and the visit key its beacons carry (experiments count only visits with one)",
  tags: ['end-user'],
  guard: {
    public: true,
    rateLimit: { max: (config) => config.eventsRateLimitPerMinute, timeWindow: '1 minute' },
  },
  body: ZVisitStart,
  response: ZVisitStartResponse,
  handler: async ({ ctx, body, reply }) => {
    reply.header('cache-control', 'no-store');
    const { keys } = ctx.visits;
    const visitorId = body.visitorId && keys.isVisitor(body.visitorId) ? body.visitorId : keys.newVisitor();
    return { data: { visitorId, visitKey: keys.visitKey(body.siteId, body.visitId, visitorId) } };
  },
});
