import autocannon from 'autocannon';
import type { TLoadSpec, TRawLoad } from './load';

// The fallback load generator when wrk is not installed: autocannon in a Node process of its
// own (started by load.ts for each load), so it never shares an event loop or a core's time
// slice with the bench or the servers. Reads one spec from argv, prints one LOADJSON line.

const { spec, counterBase } = JSON.parse(process.argv[2] ?? '{}') as { spec: TLoadSpec; counterBase: number };

const statusCounts: Record<string, number> = {};
const hist = new Map<number, number>();
let bytes = 0;
let n = 0;
const paths = spec.paths ?? [];
const dynamic = spec.bodyTemplate !== undefined || paths.length > 0;

const instance = autocannon(
  {
    url: spec.url,
    method: spec.method ?? 'GET',
    headers: spec.headers ?? {},
    ...(spec.body === undefined ? {} : { body: spec.body }),
    ...(dynamic
      ? {
          requests: [
            {
              setupRequest: (req: { body?: string; path?: string }) => {
                n += 1;
                if (paths.length) req.path = paths[(n - 1) % paths.length];
                if (spec.bodyTemplate !== undefined)
                  req.body = spec.bodyTemplate.replaceAll('{{n}}', String(counterBase + n).padStart(12, '0'));
                return req;
              },
            },
          ],
        }
      : {}),
    connections: spec.connections,
    pipelining: 1,
    // wrk waits delayMs before each request; autocannon paces each connection instead.
    ...(spec.delayMs ? { connectionRate: Math.max(1, Math.round(1000 / spec.delayMs)) } : {}),
    duration: spec.durationSeconds,
    timeout: 10,
  },
  (err, result) => {
    if (err) {
      console.error(err);
      process.exit(1);
    }
    const raw: TRawLoad = {
      tool: 'autocannon',
      durationSeconds: result.duration,
      statusCounts,
      latencyUs: [...hist.entries()].sort((a, b) => a[0] - b[0]),
      errors: result.errors,
      timeouts: result.timeouts,
      bytes,
    };
    process.stdout.write(`LOADJSON ${JSON.stringify(raw)}\n`);
  },
);
instance.on('response', (_client, statusCode, resBytes, responseTimeMs) => {
  const key = spec.lean ? (statusCode < 400 ? '2xx/3xx' : '4xx/5xx') : String(statusCode);
  statusCounts[key] = (statusCounts[key] ?? 0) + 1;
  const us = Math.round(responseTimeMs * 1000);
  hist.set(us, (hist.get(us) ?? 0) + 1);
  bytes += resBytes;
});
// Stopped early (a background load): end now and still print what was measured.
process.on('SIGINT', () => instance.stop());
