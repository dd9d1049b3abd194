import os from 'node:os';
import { loadConfig } from './config';
import { databaseHasNoUsers, embeddedDatabaseIsNew, seedInOwnProcess } from './seed/seed-process';

// The only file that starts things: database, seed, HTTP server, job worker, and a graceful
// shutdown that lets in-flight requests finish and resets no kept-alive connection
// (platform/graceful-shutdown.ts).
const config = loadConfig();
// The demo seed of a first start runs in a process of its own, so what it took is not held by
// the server afterwards (seed/seed-process.ts); the embedded database is asked before it is
// opened (one process at a time), PostgreSQL after its migrations. The server's code loads while
// the embedded database is seeded (seconds each).
const seeding = config.demo && embeddedDatabaseIsNew(config) ? seedInOwnProcess() : null;
seeding?.catch(() => {}); // awaited below, once the code has loaded
const [
  { buildApp, createStorage },
  { openDatabase },
  { gracefulClose },
  { startPageEdge },
  { consoleHostOf },
  { seed },
] = await Promise.all([
  import('./app'),
  import('./db/client'),
  import('./platform/graceful-shutdown'),
  import('./platform/page-edge'),
  import('./platform/site-origin'),
  import('./seed/seed'),
]);
await seeding;
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  timeouts: config.databaseTimeouts,
  // PGlite on a worker thread of its own (the default), below the main thread in CPU priority.
  pgliteNice: config.databaseThreadNice,
  // Without its database thread the server can answer nothing that needs it: exit, to be restarted.
  onLost: (err) => {
    console.error('database: the embedded database thread is lost; exiting', err);
    process.exit(1);
  },
});
if (config.demo && database.kind === 'postgres' && (await databaseHasNoUsers(database)))
  await seedInOwnProcess();
await seed(database.db, config, createStorage(config));
const { app, ctx, edgeSecret } = await buildApp({
  config,
  database,
  startJobs: true,
  behindEdge: config.pageEdge,
});
const graceful = gracefulClose(app);
let edge: Awaited<ReturnType<typeof startPageEdge>> | null = null;

let closing = false;
const shutdown = async (signal: string) => {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 25_000);
  force.unref();
  try {
    // The edge first: it stops accepting and its requests are answered by the app behind it.
    await edge?.drain();
    await graceful.close();
    await edge?.close();
    await database.close();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
};
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

if (config.pageEdge) {
  // The app on a loopback port of its own, the page edge's thread on the port visitors use.
  await app.listen({ port: 0, host: '127.0.0.1' });
  edge = await startPageEdge({
    app,
    secret: edgeSecret!,
    cache: ctx.pageCache,
    port: config.port,
    host: config.host,
    consoleHost: consoleHostOf(config),
    trustProxyHops: config.trustProxyHops,
    onLost: (err) => {
      console.error('page edge: its thread stopped; exiting', err);
      process.exit(1);
    },
  });
  // Below the edge in CPU priority (the edge, started above, keeps the process's): on Linux a
  // thread has a nice value of its own, and the main thread's id is the process's.
  if (process.platform === 'linux' && config.mainThreadNice > 0) {
    try {
      os.setPriority(process.pid, config.mainThreadNice);
    } catch (err) {
      app.log.warn({ err }, 'could not lower the main thread priority');
    }
  }
} else await app.listen({ port: config.port, host: config.host });
app.log.info(
  `Swipe LP on ${config.publicUrl}, published sites on ${config.sitesUrl} (${database.kind}${config.demo ? ', demo data; mailbox at /dev/mail' : ''})`,
);
