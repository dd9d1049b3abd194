import { ZHealthResponse } from '@swipe/contracts/health';
import { defineRoute } from '../../../platform/route';

export default defineRoute({
  method: 'GET',
  url: '/api/health',
  summary: 'Liveness, database reachability and whether files can be written',
  tags: ['platform'],
  guard: { public: true },
  response: ZHealthResponse,
  handler: async ({ ctx, reply }) => {
    const [ok, storage] = await Promise.all([ctx.ping(), ctx.storageHealth.state()]);
    // Without the database nothing works (503); without room for files, the rest still does.
    if (!ok) reply.status(503);
    return {
      status: ok && storage === 'ok' ? ('ok' as const) : ('degraded' as const),
      database: ok ? ('ok' as const) : ('down' as const),
      storage,
    };
  },
});
