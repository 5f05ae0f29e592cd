import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { aliases } from './aliases';

/** Where the dev and preview servers send `/api` and `/docs` (the api of `npm start`). */
const apiTarget = process.env.KUPON_API_URL ?? 'http://127.0.0.1:3000';

const proxy = {
  '/api': { target: apiTarget, changeOrigin: false },
  '/docs': { target: apiTarget, changeOrigin: false },
};

export default defineConfig({
  plugins: [react()],
  resolve: { alias: aliases },
  server: { host: '127.0.0.1', port: 5174, strictPort: true, proxy },
  preview: { host: '127.0.0.1', port: 4174, proxy },
  // Every page is a lazy chunk; the charts (recharts) load with the reports page only.
  build: { target: 'es2022', sourcemap: true },
});
