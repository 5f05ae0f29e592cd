// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** Server-side workspaces: the clients may import none of them (api: contract types only). */
const SERVER_PACKAGES = ['@kupon/eventstore', '@kupon/eventstore/*', '@kupon/migrations', '@kupon/projections', '@kupon/projections/*'];
const IO_MODULES = ['node:*', 'fs', 'path', 'crypto', 'http', 'https', 'net', 'child_process', 'pg', 'kysely', 'fastify', '@fastify/*', '@electric-sql/*', '@eventstore/*', 'react', 'react-dom'];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-constant-condition': ['error', { checkLoops: false }],
    },
  },
  {
    // Root tool configs in CommonJS (dependency-cruiser loads `.dependency-cruiser*.cjs` with require).
    files: ['*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly', __dirname: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // ARCHITECTURE.md: the domain is pure. No I/O, no clock, no randomness, no other workspace.
    files: ['domain/src/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: IO_MODULES, message: 'domain imports no I/O (ARCHITECTURE.md).' },
            { group: ['@kupon/*'], message: 'domain imports no other workspace (ARCHITECTURE.md).' },
          ],
        },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'The domain never reads the clock: pass `now` in the command.' },
        { object: 'Math', property: 'random', message: 'The domain never draws randomness: pass ids in.' },
        { object: 'crypto', property: 'randomUUID', message: 'The domain never draws randomness: pass ids in.' },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'The domain never reads the clock: pass `now` in the command.' },
      ],
      'no-restricted-globals': ['error', { name: 'process', message: 'domain imports no I/O.' }, { name: 'fetch', message: 'domain imports no I/O.' }],
    },
  },
  {
    files: ['domain/src/**/*.test.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{ group: ['@kupon/*', 'node:*', 'pg', 'fastify'], message: 'domain tests stay pure too.' }] }] },
  },
  {
    // eventstore: domain types only (its tests and the test storage every workspace's tests open,
    // `@kupon/eventstore/testing`, may also use migrations to create the schema).
    files: ['eventstore/src/**/*.ts'],
    ignores: ['eventstore/src/**/*.test.ts', 'eventstore/src/testing/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@kupon/*', '!@kupon/domain'], message: 'eventstore imports domain types only (ARCHITECTURE.md).' }] },
      ],
    },
  },
  {
    files: ['migrations/src/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{ group: ['@kupon/*'], message: 'migrations import kysely only: they are frozen SQL.' }] }],
    },
  },
  {
    // The write side: the command runner, use cases and reactors read no read model and know no HTTP.
    files: ['commands/src/**/*.ts'],
    ignores: ['commands/src/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@kupon/*', '!@kupon/domain', '!@kupon/eventstore'], message: 'commands import domain and eventstore only (ARCHITECTURE.md).' }] },
      ],
    },
  },
  {
    // commands' tests may also use migrations to create the schema (never the read side).
    files: ['commands/src/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@kupon/*', '!@kupon/domain', '!@kupon/eventstore', '!@kupon/migrations'], message: 'commands tests import domain, eventstore and migrations only.' }] },
      ],
    },
  },
  {
    files: ['projections/src/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@kupon/api', '@kupon/api/*', '@kupon/web', '@kupon/backoffice', '@kupon/commands', '@kupon/commands/*'], message: 'projections import domain, eventstore and migrations only: the read side appends nothing.' }] },
      ],
    },
  },
  {
    // Read-model tests may run deciders through the command runner to write the events they fold.
    files: ['projections/src/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@kupon/api', '@kupon/api/*', '@kupon/web', '@kupon/backoffice'], message: 'projections tests import domain, eventstore, migrations and commands only.' }] },
      ],
    },
  },
  {
    // The api depends on its ports only, its tests too: the demo (simulator, demo providers, seed) is
    // composed in by `@kupon/demo`; a test that needs the demo's brands lives in tests/.
    files: ['api/src/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@kupon/web', '@kupon/backoffice', '@kupon/tests', '@kupon/bench', '@kupon/migrations', '@kupon/demo', '@kupon/demo/*'], message: 'api imports domain, eventstore, commands and projections only; never the demo.' }] },
      ],
    },
  },
  {
    // The demo: the built-in adapters behind the api's ports and the `npm start` composition; no client or test code.
    files: ['demo/src/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@kupon/web', '@kupon/backoffice', '@kupon/tests', '@kupon/bench', '@kupon/migrations'], message: 'demo imports the api (its ports and app factory), domain, eventstore, commands and projections only.' }] },
      ],
    },
  },
  {
    // The api's contract folder holds wire schemas only: the back office runs them in the browser
    // (its `@contract` alias), so they import zod and the domain, nothing with I/O.
    files: ['api/src/contract/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: [...IO_MODULES, ...SERVER_PACKAGES, '@kupon/web', '@kupon/backoffice', '@kupon/tests', '@kupon/bench', '../*'], message: 'api/src/contract imports zod, @kupon/domain and its own files only (the back office runs it in the browser).' }] },
      ],
    },
  },
  {
    // The clients: domain rules and types, and the api's contract types; never server code.
    files: ['web/src/**/*.{ts,tsx}', 'backoffice/src/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: SERVER_PACKAGES, message: 'web/backoffice never import server code (ARCHITECTURE.md).' },
            { group: ['@kupon/api', '@kupon/api/*'], allowTypeImports: true, message: 'web/backoffice take only contract types from the api: use `import type`.' },
            { group: ['node:*', 'pg', 'fastify', 'kysely'], message: 'web/backoffice run in the browser.' },
          ],
        },
      ],
    },
  },
);
