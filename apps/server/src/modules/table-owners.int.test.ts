import { getTableName, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDatabase } from '../db/client';
import { openTestDatabase } from '../db/test-database';
import { MODULES } from './modules';
import { ownershipProblems, schemaFileTables } from './table-owners-test-kit';

// The tables as the migrations leave them, not as the schema files say they are: a table a
// migration makes that no schema file declares, or that no module claims, fails here.

let database: TDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database?.close());

/** Every table of the database's schema; a partition (a month of site_events) is its parent's. */
async function databaseTables() {
  const result = await database.db.execute<{ name: string }>(sql`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind in ('r', 'p') and not c.relispartition
    order by 1`);
  return result.rows.map((r) => r.name);
}

describe('table owners', () => {
  it('gives every table of the migrated database to exactly one module, or to the platform', async () => {
    const tables = await databaseTables();
    expect(tables.length).toBeGreaterThan(50);
    expect(ownershipProblems(tables, MODULES)).toEqual([]);
  });

  it('declares every table of the migrated database in a schema file, and nothing more', async () => {
    const declared = (await schemaFileTables()).map(({ table }) => getTableName(table)).sort();
    expect(declared).toEqual(await databaseTables());
  });
});
