import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The server serves dist/ on the same origin as the API (port 3000); in development Vite
// proxies the API and the dev mailbox there so the browser still sees one origin.
const apiTarget = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Pages are lazy chunks; Mantine alone is larger than Vite's default warning threshold.
    chunkSizeWarningLimit: 900,
    rollupOptions: {
      output: {
        // Libraries change far less often than the app: separate chunks stay cached across deploys.
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          if (/[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/.test(id)) return 'react';
          if (id.includes('@mantine') || id.includes('@floating-ui')) return 'mantine';
          return undefined;
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
