import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * `@` is this app's `src`. `@contract` is the api's contract folder: zod schemas only (eslint keeps it
 * free of server code), so every back-office form validates with the very schema the route uses.
 */
const alias = { '@contract': `${import.meta.dirname}/../api/src/contract`, '@': `${import.meta.dirname}/src` };

/** Where the dev and preview servers send `/api` and `/docs` (the api of `npm start`). */
const apiTarget = process.env.KUPON_API_URL ?? 'http://127.0.0.1:3000';

const proxy = {
  '/api': { target: apiTarget, changeOrigin: false },
  '/docs': { target: apiTarget, changeOrigin: false },
};

export default defineConfig({
  plugins: [react()],
  resolve: { alias },
  server: { host: '127.0.0.1', port: 5174, strictPort: true, proxy },
  preview: { host: '127.0.0.1', port: 4174, proxy },
  // Every page is a lazy chunk; the charts (recharts) load with the reports page only.
  build: { target: 'es2022', sourcemap: true },
});
