import { buildApp, createStorage } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { gracefulClose } from './platform/graceful-shutdown';
import { seed } from './seed/seed';

// The only file that starts things: database, seed, HTTP server, job worker, and a graceful
// shutdown that lets in-flight requests finish and resets no kept-alive connection
// (platform/graceful-shutdown.ts).
const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  timeouts: config.databaseTimeouts,
});
await seed(database.db, config, createStorage(config));
const { app } = await buildApp({ config, database, startJobs: true });
const graceful = gracefulClose(app);

let closing = false;
const shutdown = async (signal: string) => {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 25_000);
  force.unref();
  try {
    await graceful.close();
    await database.close();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
};
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
app.log.info(
  `Swipe LP on ${config.publicUrl}, published sites on ${config.sitesUrl} (${database.kind}${config.demo ? ', demo data; mailbox at /dev/mail' : ''})`,
);
