import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * `@` is this app's `src`. `@contract` is the api's contract folder: zod schemas only (eslint keeps it
 * free of server code), so every back-office form validates with the very schema the route uses.
 */
const alias = { '@contract': `${import.meta.dirname}/../api/src/contract`, '@': `${import.meta.dirname}/src` };

export default defineConfig({
  plugins: [react()],
  resolve: { alias },
  test: {
    name: 'backoffice',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    setupFiles: ['src/testing/setup.ts'],
  },
});
