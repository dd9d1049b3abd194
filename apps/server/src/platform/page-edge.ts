import type http from 'node:http';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { build } from 'esbuild';
import type { FastifyInstance } from 'fastify';
import { DRAWN_VARIATION, type TDrawnRequest, type TPageCache } from './page-cache';
import {
  DRAWN_VARIATION_HEADER,
  EDGE_SECRET_HEADER,
  type TEdgeSettings,
  type TFromEdge,
  type TToEdge,
} from './page-edge-http';

// The page edge: a thread of its own that owns the port visitors connect to (page-edge-thread.ts).
// A published page in the page cache is answered there, in an isolate that runs nothing but
// node:http, so it costs what a bare node:http server costs and never waits for the main thread;
// every other request is passed to the main thread's server, which listens on loopback only.
// The main thread keeps the edge's copy of the cache equal to its own: every entry it stores, every
// split by variation and every drop by a site's change is posted to the edge as it happens.

export type TPageEdge = {
  /** The port visitors connect to. */
  port: number;
  /** Stops accepting and lets every request begun be answered (the main thread still runs). */
  drain(): Promise<void>;
  /** Stops the thread. */
  close(): Promise<void>;
};

/**
 * The main thread's request handler behind the edge. A request with this start's secret came
 * through the edge: the variation it drew for a new visitor comes as a header. Any other request
 * (another process on the machine connecting to the loopback port) loses what it claims in
 * X-Forwarded-* and the drawn variation, so it is taken for what its connection says.
 */
export function behindEdge(handler: http.RequestListener, secret: string): http.RequestListener {
  return (req, res) => {
    const headers = req.headers;
    if (headers[EDGE_SECRET_HEADER] === secret) {
      const drawn = headers[DRAWN_VARIATION_HEADER];
      if (typeof drawn === 'string') (req as TDrawnRequest)[DRAWN_VARIATION] = drawn;
    } else {
      delete headers['x-forwarded-for'];
      delete headers['x-forwarded-host'];
      delete headers['x-forwarded-proto'];
    }
    delete headers[EDGE_SECRET_HEADER];
    delete headers[DRAWN_VARIATION_HEADER];
    handler(req, res);
  };
}

/**
 * The thread's code, page-edge-thread.ts and what it imports, bundled into one script: a worker
 * thread does not inherit the TypeScript loader the server runs under, and registering one there
 * would start one more thread and isolate (its hooks') for the life of the process.
 */
async function threadSource(): Promise<string> {
  const bundled = await build({
    entryPoints: [fileURLToPath(new URL('./page-edge-thread.ts', import.meta.url))],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    write: false,
    logLevel: 'silent',
  });
  return bundled.outputFiles[0]!.text;
}

/**
 * Starts the edge on `port`/`host` in front of `app`, which must already listen on loopback.
 * `onLost`: the thread stopped on its own (nothing answers visitors any more).
 */
export async function startPageEdge(opts: {
  app: FastifyInstance;
  /** The secret the app was built with (`behindEdge`). */
  secret: string;
  cache: TPageCache;
  port: number;
  host: string;
  consoleHost: string | null;
  trustProxyHops: number;
  onLost: (error: Error) => void;
}): Promise<TPageEdge> {
  const address = opts.app.server.address();
  if (!address || typeof address !== 'object') throw new Error('the page edge needs the app listening first');
  const server = opts.app.server;
  const settings: TEdgeSettings = {
    port: opts.port,
    host: opts.host,
    upstreamPort: address.port,
    secret: opts.secret,
    // The main thread's own drain follows, within the 25 s a shutdown is given.
    drainTimeoutMs: 15_000,
    consoleHost: opts.consoleHost,
    trustProxyHops: opts.trustProxyHops,
    keepAliveTimeout: server.keepAliveTimeout,
    headersTimeout: server.headersTimeout,
    requestTimeout: server.requestTimeout,
  };
  const worker = new Worker(await threadSource(), {
    eval: true,
    execArgv: [],
    workerData: settings,
  });
  const post = (message: TToEdge) => worker.postMessage(message);
  let stopping = false;
  let drained: (() => void) | null = null;

  const ready = new Promise<number>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the page edge stopped while starting (code ${code})`)));
    worker.on('message', (message: TFromEdge) => {
      if (message.op === 'ready') resolve(message.port);
      else if (message.op === 'failed')
        reject(Object.assign(new Error(`page edge: ${message.message}`), { code: message.code }));
    });
  });

  worker.on('message', (message: TFromEdge) => {
    if (message.op === 'stamp')
      opts.cache.currentStamp(message.siteId).then(
        (stamp) => post({ op: 'stamp', id: message.id, stamp }),
        () => post({ op: 'stamp', id: message.id, stamp: null, failed: true }),
      );
    else if (message.op === 'drained') drained?.();
  });

  // Whether notices are heard changes with a drop of every page (change-notices.ts sets it right
  // after): the edge is told once that has happened.
  let toldListening: boolean | null = null;
  const tellListening = () => {
    const value = opts.cache.listening();
    if (value === toldListening) return;
    toldListening = value;
    post({ op: 'listening', value });
  };
  opts.cache.mirrorTo({
    stored: (key, entry) => post({ op: 'put', key, entry }),
    split: (key, split) => post({ op: 'split', key, split }),
    invalidate: (siteId) => post({ op: 'invalidate', siteId }),
    invalidateAll: () => {
      post({ op: 'invalidateAll' });
      queueMicrotask(tellListening);
    },
  });
  tellListening();

  const port = await ready.catch(async (err) => {
    opts.cache.mirrorTo(null);
    await worker.terminate();
    throw err;
  });
  worker.on('error', (err) => {
    if (!stopping) opts.onLost(err);
  });
  worker.on('exit', (code) => {
    if (!stopping) opts.onLost(new Error(`the page edge stopped (code ${code})`));
  });

  return {
    port,
    drain: () =>
      new Promise<void>((resolve) => {
        drained = resolve;
        post({ op: 'drain' });
      }),
    close: async () => {
      stopping = true;
      opts.cache.mirrorTo(null);
      await worker.terminate();
    },
  };
}
