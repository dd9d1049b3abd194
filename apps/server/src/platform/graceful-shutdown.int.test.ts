import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../test/harness';
import { gracefulClose, type TGracefulClose } from './graceful-shutdown';
import type { TModule } from './module';

// The shutdown main.ts runs on SIGTERM, under keep-alive load on loopback: no request a client
// sent is reset. Requests sent after closing began are answered with `Connection: close`, from
// Fastify and from the page cache alike; requests in flight finish.

/** A route that takes a while, so some requests are in flight when closing begins. */
const slow: TModule = {
  name: 'slow',
  http: (app) => {
    app.get('/test/slow', async () => {
      await sleep(150);
      return { slow: true };
    });
    return undefined;
  },
};

const CACHED = '/sites/graceful-shutdown-test/';
const PATHS = [CACHED, '/api/health', '/test/slow'];
const AGENTS = 4;
const LOOPS_PER_AGENT = 3;
/** Requests answered before closing begins. */
const BEFORE_CLOSE = 150;
/** Bounds on the whole load, whatever happens: requests, and time once closing has begun. */
const AT_MOST = 900;
const CLOSING_AT_MOST_MS = 5_000;

type TOutcome = {
  path: string;
  sentAt: number;
  status?: number;
  connection?: string;
  body?: string;
  error?: string;
};

function get(agent: http.Agent, base: string, path: string): Promise<TOutcome> {
  const sentAt = performance.now();
  return new Promise((resolve) => {
    const req = http.get(`${base}${path}`, { agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () =>
        resolve({ path, sentAt, status: res.statusCode, connection: res.headers.connection, body }),
      );
      res.on('error', (err: NodeJS.ErrnoException) =>
        resolve({ path, sentAt, error: err.code ?? err.message }),
      );
    });
    req.on('error', (err: NodeJS.ErrnoException) =>
      resolve({ path, sentAt, error: err.code ?? err.message }),
    );
  });
}

describe('graceful shutdown', () => {
  let t: TTestApp;
  let graceful: TGracefulClose;
  beforeAll(async () => {
    t = await startTestApp({}, { modules: [slow] });
    graceful = gracefulClose(t.app);
  });
  afterAll(async () => {
    // The app itself was closed by the test.
    await t?.database.close();
  });

  it('resets no request of keep-alive clients and ends the last answer of each connection with Connection: close', async () => {
    const base = await t.listen();
    // A page only the cache can answer (Fastify knows no such site).
    await t.ctx.pageCache.store(CACHED, {
      siteId: '',
      stamp: '',
      html: '<p>cached page</p>',
      headers: { 'content-type': 'text/html; charset=utf-8' },
      permanent: true,
    });

    const outcomes: TOutcome[] = [];
    let closeStartedAt = Number.POSITIVE_INFINITY;
    const agents = Array.from(
      { length: AGENTS },
      () => new http.Agent({ keepAlive: true, maxSockets: LOOPS_PER_AGENT }),
    );
    const loop = async (agent: http.Agent, offset: number) => {
      for (
        let i = offset;
        outcomes.length < AT_MOST && performance.now() - closeStartedAt < CLOSING_AT_MOST_MS;
        i++
      ) {
        // A client thinks a little between requests: at any moment some connections are idle.
        await sleep(Math.random() * 20);
        const outcome = await get(agent, base, PATHS[i % PATHS.length]!);
        outcomes.push(outcome);
        // Refused: the server no longer listens, and the request was never sent (a client may
        // send it again, to another process). Every other error is a request the server dropped.
        if (outcome.error === 'ECONNREFUSED') return;
      }
    };
    const started = performance.now();
    const load = Promise.all(
      agents.flatMap((agent, a) =>
        Array.from({ length: LOOPS_PER_AGENT }, (_, l) => loop(agent, a * LOOPS_PER_AGENT + l)),
      ),
    );
    // One client per path holds a kept-alive connection that has just answered when closing
    // begins, and sends its next request on it a moment later, as a client between two requests.
    const idle = [CACHED, '/api/health'].map((path) => ({
      path,
      agent: new http.Agent({ keepAlive: true, maxSockets: 1 }),
    }));
    while (outcomes.length < BEFORE_CLOSE) await sleep(10);
    await Promise.all(idle.map((c) => get(c.agent, base, c.path)));
    closeStartedAt = performance.now();
    const closed = graceful.close().then(() => performance.now() - closeStartedAt);
    await sleep(50);
    const next = await Promise.all(idle.map((c) => get(c.agent, base, c.path)));
    await load;
    const shutdownMs = await closed;
    for (const agent of [...agents, ...idle.map((c) => c.agent)]) agent.destroy();

    const refused = outcomes.filter((o) => o.error === 'ECONNREFUSED');
    const dropped = outcomes.filter((o) => o.error && o.error !== 'ECONNREFUSED');
    const answered = outcomes.filter((o) => o.status !== undefined);
    const afterClose = answered.filter((o) => o.sentAt > closeStartedAt);
    console.info(
      `graceful shutdown: ${outcomes.length} requests in ${Math.round(performance.now() - started)} ms, ` +
        `${answered.length} answered (${afterClose.length} sent after closing began), ` +
        `${refused.length} refused, ${dropped.length} dropped; closing took ${Math.round(shutdownMs)} ms`,
    );
    expect(dropped).toEqual([]);
    expect(answered.filter((o) => o.status !== 200)).toEqual([]);
    expect(answered.filter((o) => o.path === CACHED && o.body !== '<p>cached page</p>')).toEqual([]);
    // Every request the server read after closing began was answered with Connection: close, so
    // no client reused a connection about to close; the page cache's answers as well as Fastify's.
    expect(afterClose.filter((o) => o.connection !== 'close')).toEqual([]);
    expect(next.map((o) => [o.path, o.status, o.connection])).toEqual([
      [CACHED, 200, 'close'],
      ['/api/health', 200, 'close'],
    ]);
    // Every loop ended on a refusal: no connection was left open.
    expect(refused.length).toBe(AGENTS * LOOPS_PER_AGENT);
  }, 20_000);
});
