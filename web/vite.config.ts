import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import { defineConfig, type Plugin } from 'vite';

/** Where the dev and preview servers send `/api`, `/live` and `/docs` (the api of `npm start`). */
const apiTarget = process.env.KUPON_API_URL ?? 'http://127.0.0.1:3000';

const proxy = {
  '/api': { target: apiTarget, changeOrigin: false },
  '/docs': { target: apiTarget, changeOrigin: false },
  '/live': { target: apiTarget.replace(/^http/, 'ws'), ws: true, changeOrigin: false },
};

/**
 * The service worker the update banner watches (spec §1). It carries a hash of the build's files,
 * so every new build is a new worker that waits until the player clicks the banner.
 */
function serviceWorker(): Plugin {
  return {
    name: 'kupon-service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const version = createHash('sha256').update(Object.keys(bundle).sort().join('\n')).digest('hex').slice(0, 16);
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: [
          `// Kupon player service worker, build ${version}.`,
          "self.addEventListener('install', () => {});",
          "self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));",
          "self.addEventListener('message', (event) => {",
          "  if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting();",
          '});',
          '',
        ].join('\n'),
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), serviceWorker()],
  resolve: { alias: { '@': `${import.meta.dirname}/src` } },
  server: { host: '127.0.0.1', port: 5173, strictPort: true, proxy },
  preview: { host: '127.0.0.1', port: 4173, proxy },
  build: { target: 'es2022', sourcemap: true },
});
