import { ZHealthResponse } from '@swipe/contracts/health';
import { defineRoute } from '../../../platform/route';

export default defineRoute({
  method: 'GET',
  url: '/api/health',
  summary: 'Liveness and database reachability',
  tags: ['platform'],
  guard: { public: true },
  response: ZHealthResponse,
  handler: async ({ ctx, reply }) => {
    const ok = await ctx.ping();
    if (!ok) reply.status(503);
    return {
      status: ok ? ('ok' as const) : ('degraded' as const),
      database: ok ? ('ok' as const) : ('down' as const),
    };
  },
});
