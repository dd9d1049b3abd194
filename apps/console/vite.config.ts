import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build-plugins/precompress';
import { preloadFirstScreen } from './build-plugins/preload-first-screen';

// The server serves dist/ on the same origin as the API (port 3000); in development Vite
// proxies the API and the dev mailbox there so the browser still sees one origin.
const apiTarget = 'http://localhost:3000';

export default defineConfig({
  plugins: [
    react(),
    // The texts of the default UI language (contracts' i18n.ts) download beside the entry rather
    // than after it runs; another language costs one round trip more.
    preloadFirstScreen({ chunks: ['i18n-ja'] }),
    precompress(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Pages are lazy chunks; Mantine alone is larger than Vite's default warning threshold.
    chunkSizeWarningLimit: 900,
    rollupOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Two chunks per UI language (i18n.ts): the shell's texts, which the first screen
            // waits for, and every feature's, which the lazy pages wait for.
            {
              name: (id) => {
                const file = /([\\/]features[\\/][^\\/]+)?[\\/]i18n[\\/](en|ja|cn|kr)\.json$/.exec(id);
                if (!file) return null;
                return file[1] ? `i18n-${file[2]}-features` : `i18n-${file[2]}`;
              },
            },
            // Libraries change far less often than the app: separate chunks stay cached across
            // deploys. Mantine only for what the first screen needs; the components of lazy pages
            // travel with those pages.
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            {
              name: 'mantine',
              test: /[\\/]node_modules[\\/](@mantine|@floating-ui)[\\/].*\.m?js$/,
              tags: ['$initial'],
            },
            // Everything else the first screen runs goes into one chunk: over HTTP/1.1 each small
            // file costs a round trip on one of six connections.
            { name: 'app', tags: ['$initial'] },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/dev': { target: apiTarget, changeOrigin: false },
    },
  },
});
