import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import { drainServer } from './graceful-shutdown';
import { createPageCache, DRAWN_VARIATION, type TCachedPage, type TDrawnRequest } from './page-cache';
import {
  answerHeaders,
  forwardedRequestHeaders,
  type TEdgeSettings,
  type TFromEdge,
  type TToEdge,
} from './page-edge-http';

// The page edge's thread (started by page-edge.ts): it owns the port visitors connect to and runs
// nothing but node:http, its copy of the page cache and a pass-through to the main thread. A
// published page it holds is answered here, however busy the main thread is with reports; any
// other request goes to the main thread's server on loopback, and its answer comes back as it is.

const settings = workerData as TEdgeSettings;
const port = parentPort!;
const post = (message: TFromEdge) => port.postMessage(message);

let listening = false;
let nextStamp = 1;
const stamps = new Map<number, { resolve(stamp: string | null): void; reject(error: Error): void }>();
const cache = createPageCache({
  listening: () => listening,
  consoleHost: settings.consoleHost,
  // A hit's periodic recheck asks the main thread, which asks the database.
  currentStamp: (siteId) =>
    new Promise((resolve, reject) => {
      const id = nextStamp++;
      stamps.set(id, { resolve, reject });
      post({ op: 'stamp', id, siteId });
    }),
});

/** A body that crossed threads arrives as a Uint8Array: a Buffer over the same memory. */
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
function received(entry: TCachedPage): TCachedPage {
  for (const body of [entry.identity, entry.gzip, entry.br]) body.bytes = asBuffer(body.bytes);
  return entry;
}

const upstream = new http.Agent({ keepAlive: true, maxSockets: 512, maxFreeSockets: 64 });

/** Hands the request to the main thread and its answer back to the client. */
function passOn(req: http.IncomingMessage, res: http.ServerResponse) {
  const forward = http.request(
    {
      host: '127.0.0.1',
      port: settings.upstreamPort,
      method: req.method,
      path: req.url,
      headers: forwardedRequestHeaders(req, {
        trustProxyHops: settings.trustProxyHops,
        secret: settings.secret,
        drawnVariation: (req as TDrawnRequest)[DRAWN_VARIATION],
      }),
      agent: upstream,
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, answerHeaders(answer.rawHeaders));
      answer.pipe(res);
      answer.on('error', () => res.destroy());
    },
  );
  forward.on('error', () => {
    if (res.headersSent) return void res.destroy();
    res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
    res.end('Bad gateway');
  });
  // A client that leaves takes its request to the main thread with it.
  res.on('close', () => {
    if (!res.writableFinished) forward.destroy();
  });
  req.pipe(forward);
}

const server = http.createServer((req, res) => {
  if (!cache.serveCached(req, res)) passOn(req, res);
});
server.keepAliveTimeout = settings.keepAliveTimeout;
server.headersTimeout = settings.headersTimeout;
server.requestTimeout = settings.requestTimeout;
const drain = drainServer(server, { drainTimeoutMs: settings.drainTimeoutMs });

port.on('message', (message: TToEdge) => {
  switch (message.op) {
    case 'put':
      cache.put(message.key, received(message.entry));
      break;
    case 'split':
      cache.split(message.key, message.split);
      break;
    case 'invalidate':
      cache.invalidate(message.siteId);
      break;
    case 'invalidateAll':
      cache.invalidateAll();
      break;
    case 'listening':
      listening = message.value;
      break;
    case 'stamp': {
      const call = stamps.get(message.id);
      stamps.delete(message.id);
      if (message.failed) call?.reject(new Error('the database did not answer'));
      else call?.resolve(message.stamp);
      break;
    }
    case 'drain':
      void drain.close().then(() => {
        upstream.destroy();
        post({ op: 'drained' });
      });
      break;
  }
});

server.once('error', (err: NodeJS.ErrnoException) =>
  post({ op: 'failed', message: err.message, code: err.code }),
);
server.listen(settings.port, settings.host, () => {
  const address = server.address();
  post({ op: 'ready', port: typeof address === 'object' && address ? address.port : settings.port });
});
