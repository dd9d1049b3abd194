import fs from 'node:fs';
import path from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { schema } from '../db/client';
import { MODULES } from './modules';
import { ownershipProblems, schemaFileTables } from './table-owners-test-kit';

const here = path.dirname(new URL(import.meta.url).pathname);
/** Folders that are libraries for other modules and contribute nothing themselves. */
const LIBRARIES = ['site-core', 'visitor-pages'];

describe('module list', () => {
  it('lists every module folder once, by its folder name', () => {
    const folders = fs
      .readdirSync(here, { withFileTypes: true })
      .filter((d) => d.isDirectory() && !LIBRARIES.includes(d.name))
      .map((d) => d.name)
      .sort();
    expect(MODULES.map((m) => m.name).sort()).toEqual(folders);
  });

  it('declares every file under a module routes/ folder in that module, once', async () => {
    for (const module of MODULES) {
      const dir = path.join(here, module.name, 'routes');
      const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => /^[^.]+\.ts$/.test(f)) : [];
      const defs = await Promise.all(files.map(async (f) => (await import(path.join(dir, f))).default));
      expect(new Set(module.routes ?? []), module.name).toEqual(new Set(defs));
      expect(module.routes?.length ?? 0, module.name).toBe(files.length);
    }
  });

  it('builds the database schema from every table of every schema file', async () => {
    const inSchema = (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable));
    const inFiles = await schemaFileTables();
    expect(inFiles.length).toBeGreaterThan(0);
    expect(
      inFiles
        .filter(({ table }) => !inSchema.includes(table))
        .map((f) => `${f.file}: ${getTableName(f.table)}`),
    ).toEqual([]);
    expect(inSchema.length).toBe(inFiles.length);
  });

  it('gives every table of every schema file to exactly one module, or to the platform', async () => {
    const names = (await schemaFileTables()).map(({ table }) => getTableName(table));
    expect(ownershipProblems(names, MODULES)).toEqual([]);
  });
});
