import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two cores: database-heavy files share one PostgreSQL, each in its own schema.
    pool: 'forks',
    maxWorkers: 2,
    reporters: ['default', './vitest.summary-reporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['*/src/**/*.test.ts'],
          exclude: ['**/node_modules/**', 'web/**', 'backoffice/**'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // The player app's unit tests run in happy-dom with its own config.
      'web/vitest.config.ts',
      // The back office's unit tests, the same way.
      'backoffice/vitest.config.ts',
    ],
  },
});
