import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { aliases } from './aliases';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: aliases },
  test: {
    name: 'backoffice',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    setupFiles: ['src/testing/setup.ts'],
  },
});
