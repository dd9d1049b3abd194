import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

// The runtime is bundled once when the server starts (esbuild takes a few milliseconds), and
// served under a name that changes with its content, so it can be cached for a year.

const ENTRIES = {
  /** The published pages' runtime. */
  runtime: './site-runtime.ts',
  /** The visitor pages' (forms) runtime. */
  forms: './forms-runtime.ts',
  /** Loaded on a visitor's press only: subscribes the browser to the site's notifications. */
  push: './push-runtime.ts',
  /** The sites' service worker (shows pushed notifications), served from each site's path. */
  worker: './push-worker.ts',
  /** An invited email's preview of the draft only: review comments pinned on the pages. */
  comments: './comments-runtime.ts',
} as const;

export async function buildRuntime(
  name: keyof typeof ENTRIES = 'runtime',
): Promise<{ code: string; fileName: string }> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL(ENTRIES[name], import.meta.url))],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    write: false,
    legalComments: 'none',
  });
  const code = result.outputFiles[0]!.text;
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 8);
  return { code, fileName: `${name}.${hash}.js` };
}
