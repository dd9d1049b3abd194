import pg from 'pg';

// A query on a connection the network stopped carrying (packets dropped: no error, no FIN) waits
// for ever: PostgreSQL's statement timeout fires on the server, but its answer never arrives.
// Each pooled connection is watched: when it has heard nothing for `silentMs` while a query
// waits, the server is asked on a connection of its own whether that backend is still at work.
// If it is not (the answer was lost) or the server cannot be reached in `probeMs`, the
// connection is destroyed: its queries fail at once (a 503 to the request) and the pool drops
// it rather than handing it out again.

/** What the watchdog needs to know about the backend of a silent connection. */
export type TBackendProbe = (pid: number) => Promise<'working' | 'not-working'>;

/** The fields of a pg client the watchdog reads (not in @types/pg). */
type TWatchedClient = pg.PoolClient & { readyForQuery: boolean; processID: number | null };

export function watchForStalls(
  pooled: pg.PoolClient,
  opts: { silentMs: number; probe: TBackendProbe; onStall?: (pid: number | null) => void },
) {
  const client = pooled as TWatchedClient;
  const stream = client.connection.stream;
  // A checked-out client emits 'error' when its connection dies; its queries get the error
  // anyway, and with no listener the event would end the process.
  client.on('error', () => {});
  let timer: NodeJS.Timeout | undefined;
  let heardAt = Date.now();
  const waiting = () => !client.readyForQuery && !stream.destroyed;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(check, opts.silentMs);
    timer.unref();
  };
  const check = async () => {
    timer = undefined;
    if (!waiting()) return;
    const firedAt = Date.now();
    const pid = client.processID;
    const verdict = pid === null ? 'not-working' : await opts.probe(pid).catch(() => 'not-working' as const);
    // The answer may have come while the server was being asked.
    if (!waiting()) return;
    if (verdict === 'working' || heardAt > firedAt) return arm();
    opts.onStall?.(pid);
    stream.destroy();
  };

  const query = client.query;
  client.query = function (this: TWatchedClient, ...args: unknown[]) {
    const result = (query as (...a: unknown[]) => unknown).apply(this, args);
    if (!timer && waiting()) arm();
    return result;
  } as typeof client.query;
  stream.on('data', () => {
    heardAt = Date.now();
    if (timer) arm();
  });
  // Every query answered: nothing to watch until the next one.
  client.on('drain', () => {
    clearTimeout(timer);
    timer = undefined;
  });
  stream.on('close', () => clearTimeout(timer));
}

/**
 * Asks PostgreSQL on a new connection whether backend `pid` is running a statement (not waiting on
 * its client): a statement with its timeout turned off (the seed's wait for another process's
 * seed) is at work; an idle backend, or none, means its answer was lost. Throws when the server
 * does not answer within `timeoutMs`.
 */
export function backendProbe(connectionString: string, timeoutMs: number): TBackendProbe {
  return async (pid) => {
    const probe = new pg.Client({
      connectionString,
      connectionTimeoutMillis: timeoutMs,
      query_timeout: timeoutMs,
      statement_timeout: timeoutMs,
    });
    probe.on('error', () => {});
    try {
      await probe.connect();
      const { rows } = await probe.query<{ working: boolean }>(
        `select state = 'active' and wait_event_type is distinct from 'Client' as working
           from pg_stat_activity where pid = $1`,
        [pid],
      );
      await probe.end();
      return rows[0]?.working ? 'working' : 'not-working';
    } catch (err) {
      // A probe that got no answer may sit on a stalled connection too: never wait for a goodbye.
      probe.connection.stream.destroy();
      throw err;
    }
  };
}
