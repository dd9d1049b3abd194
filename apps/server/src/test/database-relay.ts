import net from 'node:net';
import { sql } from 'drizzle-orm';
import { openDatabase, type TDatabaseTimeouts } from '../db/client';
import { openTestDatabase } from '../db/test-database';
import type { TModule } from '../platform/module';
import { startTestApp } from './harness';
import { freePort } from './wait';

/**
 * A TCP relay between the app and PostgreSQL, on loopback, that can be cut and restored (a
 * restart) or stalled and resumed (a network that stops carrying packets: no error, no FIN).
 */
export async function relay(target: { host: string; port: number }) {
  const port = await freePort();
  const sockets = new Set<net.Socket>();
  /** While stalled, what each side sends (bytes, then its end) waits here instead of going on. */
  let held: (() => void)[] | null = null;
  let server: net.Server | null = null;
  /** By the relay's own port towards PostgreSQL (the backend's client_port): did the app close its side? */
  const appClosed = new Map<number, boolean>();
  const relayTo = (from: net.Socket, to: net.Socket) => {
    const pass = (step: () => void) => (held ? held.push(step) : step());
    from.on('data', (chunk) => pass(() => to.write(chunk)));
    from.on('end', () => pass(() => to.end()));
    from.on('close', () => pass(() => to.destroy()));
  };
  const up = () =>
    new Promise<void>((resolve) => {
      if (server) return resolve();
      server = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => {});
        }
        upstream.on('connect', () => {
          const backendPort = upstream.localPort!;
          appClosed.set(backendPort, client.closed);
          client.on('close', () => appClosed.set(backendPort, true));
        });
        relayTo(client, upstream);
        relayTo(upstream, client);
      });
      server.listen(port, '127.0.0.1', () => resolve());
    });
  const down = () =>
    new Promise<void>((resolve) => {
      held = null;
      for (const s of sockets) s.destroy();
      if (!server) return resolve();
      server.close(() => resolve());
      server = null;
    });
  const stall = () => {
    held ??= [];
  };
  const resume = () => {
    const steps = held ?? [];
    held = null;
    for (const step of steps) step();
  };
  await up();
  /** Whether the app closed the connection PostgreSQL sees coming from `clientPort` (pg_stat_activity). */
  const closedByApp = (clientPort: number) => appClosed.get(clientPort) ?? false;
  return { port, up, down, stall, resume, closedByApp };
}

/**
 * The test app on a database of its own that it reaches through a relay (the relay's methods cut
 * or stall it); `url` reaches that database through the relay too, `directUrl` without it.
 */
export async function startRelayedApp(
  timeouts: TDatabaseTimeouts,
  opts: { modules?: readonly TModule[] } = {},
) {
  const own = await openTestDatabase();
  const { rows } = await own.db.execute<{ d: string }>(sql`select current_database() as d`);
  const base = new URL(process.env.DATABASE_URL!);
  const cut = await relay({ host: base.hostname, port: Number(base.port || 5432) });
  const viaRelay = new URL(base);
  viaRelay.host = `127.0.0.1:${cut.port}`;
  viaRelay.pathname = `/${rows[0]!.d}`;
  const url = viaRelay.toString();
  const direct = new URL(base);
  direct.pathname = viaRelay.pathname;
  const relayed = await openDatabase({ databaseUrl: url, timeouts });
  const t = await startTestApp(
    {},
    {
      ...opts,
      database: {
        ...relayed,
        close: async () => {
          await relayed.close().catch(() => {});
          await own.close();
        },
      },
    },
  );
  return { t, url, directUrl: direct.toString(), relay: cut };
}

export type TRelay = Awaited<ReturnType<typeof relay>>;
