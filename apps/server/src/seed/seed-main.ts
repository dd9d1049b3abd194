import { createStorage } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { seed } from './seed';

// The seed of a first start, in a process of its own (seed-process.ts): opens the database
// (migrating it), seeds it once under the seed's lock, closes it and exits, taking what
// seeding held with it.
const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  timeouts: config.databaseTimeouts,
});
try {
  await seed(database.db, config, createStorage(config));
} finally {
  await database.close();
}
process.exit(0);
