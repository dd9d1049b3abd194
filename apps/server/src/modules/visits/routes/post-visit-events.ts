import { ZSiteEventBatch } from '@swipe/contracts/site-events';
import { z } from 'zod';
import { AppError } from '../../../platform/errors';
import { readLimitedBody } from '../../../platform/raw-body';
import { defineRoute } from '../../../platform/route';
import { countApplicant, ingestEvents } from '../visits.service';

// The published page's beacons (navigator.sendBeacon): anonymous, batched, answered at once.
// sendBeacon may send the JSON as text/plain, so both types are read as JSON.
const BEACON_MAX_BYTES = 64 * 1024;
const readBeacon = readLimitedBody(
  BEACON_MAX_BYTES,
  () => new AppError(413, 'PAYLOAD_TOO_LARGE', 'common.payloadTooLarge'),
);

export default defineRoute({
  method: 'POST',
  url: '/api/end-user/events',
  summary:
    'Visit events of a published page (views, swipes, dwell, clicks, language), in a batch; a click on the applicant-limited popup CTA counts its visitor once (cookie swipe_vid)',
  tags: ['end-user'],
  guard: {
    public: true,
    rateLimit: { max: (config) => config.eventsRateLimitPerMinute, timeWindow: '1 minute' },
  },
  bodyParsers: [
    {
      contentTypes: ['application/json', 'text/plain'],
      parse: async (req, payload, ctx) => {
        const bytes = (await readBeacon(req, payload, ctx)) as Buffer;
        try {
          return JSON.parse(bytes.toString('utf8'));
        } catch {
          throw new AppError(400, 'VALIDATION_FAILED', 'common.invalid');
        }
      },
    },
  ],
  body: ZSiteEventBatch,
  status: 202,
  response: z.object({ data: z.object({ accepted: z.number().int() }) }),
  handler: async ({ ctx, body, req, reply }) => {
    reply.header('cache-control', 'no-store');
    const data = await ingestEvents({ ...ctx.visits, batch: body });
    const applies = body.events.some((e) => e.target === 'CTA' && e.targetId === 'applicantLimit');
    if (data.accepted > 0 && applies) {
      const { setCookie } = await countApplicant(ctx, {
        siteId: body.siteId,
        visitId: body.visitId,
        cookieHeader: req.headers.cookie,
        ip: req.ip,
      });
      if (setCookie) reply.header('set-cookie', setCookie);
    }
    return { data };
  },
});
