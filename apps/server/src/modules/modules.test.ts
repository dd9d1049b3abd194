import fs from 'node:fs';
import path from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { schema } from '../db/client';
import { MODULES } from './modules';

const here = path.dirname(new URL(import.meta.url).pathname);
/** Folders that are libraries for other modules and contribute nothing themselves. */
const LIBRARIES = ['site-core', 'visitor-pages'];
/** Tables of the platform itself (audit, jobs, outgoing mail), owned by no module. */
const PLATFORM_TABLES = ['audit_log', 'jobs', 'mails'];

const tableName = (t: PgTable) => getTableName(t);

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

  it('gives every table to exactly one module, or to the platform', () => {
    const tables = (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable));
    const owners = new Map<string, string[]>();
    for (const module of MODULES)
      for (const table of module.tables ?? [])
        owners.set(tableName(table), [...(owners.get(tableName(table)) ?? []), module.name]);
    for (const table of tables) {
      const name = tableName(table);
      if (PLATFORM_TABLES.includes(name)) expect(owners.get(name), name).toBeUndefined();
      else
        expect(owners.get(name)?.length, `${name} owned by ${owners.get(name)?.join(', ') ?? 'nobody'}`).toBe(
          1,
        );
    }
  });
});
