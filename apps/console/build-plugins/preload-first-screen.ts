import type { OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/**
 * Adds <link rel="modulepreload"> to index.html for lazily imported chunks that the first screen
 * waits for (named chunks, with every chunk they import), so the browser fetches them together
 * with the entry instead of once the entry has run.
 */
export function preloadFirstScreen(opts: { chunks: string[] }): Plugin {
  let base = '/';
  return {
    name: 'swipe:preload-first-screen',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        const chunks = Object.values(ctx.bundle).filter((c): c is OutputChunk => c.type === 'chunk');
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const wanted = new Set<string>();
        const add = (chunk: OutputChunk) => {
          if (wanted.has(chunk.fileName)) return;
          wanted.add(chunk.fileName);
          for (const file of chunk.imports) {
            const imported = byFile.get(file);
            if (imported) add(imported);
          }
        };
        for (const name of opts.chunks) {
          const chunk = chunks.find((c) => c.name === name);
          if (!chunk) throw new Error(`preloadFirstScreen: the build has no chunk named ${name}`);
          add(chunk);
        }
        const links = [...wanted]
          .filter((file) => !html.includes(`"${base}${file}"`))
          .map((file) => `<link rel="modulepreload" crossorigin href="${base}${file}">`);
        if (links.length === 0) return html;
        // Beside the entry's own preloads, before the stylesheets.
        const at = html.indexOf('<link rel="stylesheet"');
        const where = at >= 0 ? at : html.indexOf('</head>');
        return `${html.slice(0, where)}${links.join('\n    ')}\n    ${html.slice(where)}`;
      },
    },
  };
}
