import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

// The runtime is bundled once when the server starts (esbuild takes a few milliseconds), and
// served under a name that changes with its content, so it can be cached for a year.

const entry = fileURLToPath(new URL('./site-runtime.ts', import.meta.url));

export async function buildRuntime(): Promise<{ code: string; fileName: string }> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    write: false,
    legalComments: 'none',
  });
  const code = result.outputFiles[0]!.text;
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 8);
  return { code, fileName: `runtime.${hash}.js` };
}
