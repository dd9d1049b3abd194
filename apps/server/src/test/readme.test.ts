import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENV_VARIABLES } from '../config';
import { MODULES } from '../modules/modules';

// The README stays a page a newcomer reads: short, every variable the server reads in its one
// table, every module in its map, and no link to a file that is not there.

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../..');
const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');

describe('the README', () => {
  it('is under 300 lines', () => {
    expect(readme.split('\n').length).toBeLessThan(300);
  });

  it('names every environment variable the server reads', () => {
    const missing = ENV_VARIABLES.filter((name) => !readme.includes(`\`${name}\``));
    expect(missing).toEqual([]);
  });

  it('has a row in the module map for every server module', () => {
    const missing = MODULES.map((m) => m.name).filter((name) => !readme.includes(`| \`${name}\` |`));
    expect(missing).toEqual([]);
  });

  it('links only to files that exist', () => {
    const links = [...readme.matchAll(/\]\(([^)#:]+)\)/g)].map((m) => m[1]!);
    expect(links.length).toBeGreaterThan(0);
    expect(links.filter((link) => !fs.existsSync(path.join(root, link)))).toEqual([]);
  });
});
