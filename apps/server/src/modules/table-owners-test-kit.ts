import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { TModule } from '../platform/module';

// Who owns each table: one module (its manifest's `tables`), or the platform itself. Shared by
// the check over the schema files (modules.test.ts) and the one over the migrated database
// (table-owners.int.test.ts).

/** Tables of the platform itself (audit, jobs, outgoing mail), owned by no module. */
export const PLATFORM_TABLES: readonly string[] = ['audit_log', 'jobs', 'mails'];

export const SCHEMA_DIR = fileURLToPath(new URL('../db/schema/', import.meta.url));

/** Every table that a file under db/schema exports, with the file it is in. */
export async function schemaFileTables(): Promise<{ file: string; table: PgTable }[]> {
  const files = fs
    .readdirSync(SCHEMA_DIR)
    .filter((f) => f.endsWith('.ts'))
    .sort();
  const out: { file: string; table: PgTable }[] = [];
  for (const file of files) {
    const exported = (await import(`${SCHEMA_DIR}${file}`)) as Record<string, unknown>;
    for (const value of Object.values(exported)) if (is(value, PgTable)) out.push({ file, table: value });
  }
  return out;
}

/**
 * What is wrong with the owners of the tables named: each must be a platform table declared by no
 * module, or declared by exactly one module; a module may declare only tables that exist. Empty
 * when every table has its one owner.
 */
export function ownershipProblems(tableNames: readonly string[], modules: readonly TModule[]): string[] {
  const owners = new Map<string, string[]>();
  for (const module of modules)
    for (const table of module.tables ?? []) {
      const name = getTableName(table);
      owners.set(name, [...(owners.get(name) ?? []), module.name]);
    }
  const problems: string[] = [];
  for (const name of tableNames) {
    const by = owners.get(name) ?? [];
    if (PLATFORM_TABLES.includes(name)) {
      if (by.length > 0) problems.push(`${name}: a platform table, yet declared by ${by.join(', ')}`);
    } else if (by.length === 0) problems.push(`${name}: owned by no module`);
    else if (by.length > 1) problems.push(`${name}: owned by ${by.join(', ')}`);
  }
  for (const [name, by] of owners)
    if (!tableNames.includes(name)) problems.push(`${name}: declared by ${by.join(', ')}, but no such table`);
  for (const name of PLATFORM_TABLES)
    if (!tableNames.includes(name)) problems.push(`${name}: listed as a platform table, but no such table`);
  return problems;
}
