import { parentPort } from 'node:worker_threads';
import autocannon from 'autocannon';
import type { TLoadSpec, TRawLoad, TWorkerReply, TWorkerRequest } from './load';

// The load generator: a worker thread, so autocannon never shares an event loop with the servers
// it measures. It stays up for the whole bench (warm JIT) and runs one load per message.

/** Numbers the requests of every run, so templated bodies never repeat within the worker's life. */
let counter = 0;

function runOne(spec: TLoadSpec): Promise<TRawLoad> {
  const statusCounts: Record<string, number> = {};
  const okLatenciesMs: number[] = [];
  let okBytes = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: spec.url,
        method: spec.method ?? 'GET',
        headers: spec.headers ?? {},
        ...(spec.body === undefined ? {} : { body: spec.body }),
        ...(spec.bodyTemplate === undefined
          ? {}
          : {
              requests: [
                {
                  setupRequest: (req: { body?: string }) => {
                    counter += 1;
                    req.body = spec.bodyTemplate!.replaceAll('{{n}}', String(counter).padStart(12, '0'));
                    return req;
                  },
                },
              ],
            }),
        connections: spec.connections,
        pipelining: 1,
        duration: spec.durationSeconds,
        timeout: 10,
      },
      (err, result) => {
        if (err) return reject(err);
        resolve({
          durationSeconds: result.duration,
          statusCounts,
          okLatenciesMs,
          errors: result.errors,
          timeouts: result.timeouts,
          bytes: okBytes,
        });
      },
    );
    instance.on('response', (_client, statusCode, resBytes, responseTimeMs) => {
      const key = String(statusCode);
      statusCounts[key] = (statusCounts[key] ?? 0) + 1;
      if (statusCode >= 200 && statusCode < 300) {
        okLatenciesMs.push(responseTimeMs);
        okBytes += resBytes;
      }
    });
  });
}

parentPort?.on('message', (msg: TWorkerRequest) => {
  runOne(msg.spec).then(
    (raw) => parentPort?.postMessage({ id: msg.id, raw } satisfies TWorkerReply),
    (err: unknown) => parentPort?.postMessage({ id: msg.id, error: String(err) } satisfies TWorkerReply),
  );
});
