// @ts-check
/**
 * The rules that keep the house (ARCHITECTURE.md, issue 21), run by `npm run lint:arch`:
 * no import circles, the workspace arrows of ARCHITECTURE.md's table, no route file importing another
 * route file or the app, a domain without I/O, and every import resolved (one that is not is an edge
 * no rule sees). Type-only imports count: a circle of types is still a circle a reader has to walk.
 * Test files (`*.test.ts(x)`) are left out of the graph. tests/src/architecture.test.ts proves each rule bites.
 */

/**
 * ARCHITECTURE.md's table: which of our workspaces each one may import (its own folder always).
 * `null`: anything (tests and benchmarks).
 * @type {Record<string, readonly string[] | null>}
 */
const MAY_IMPORT = {
  domain: [],
  eventstore: ['domain'],
  migrations: [],
  commands: ['domain', 'eventstore'],
  projections: ['domain', 'eventstore', 'migrations'],
  contract: ['domain'],
  api: ['domain', 'eventstore', 'commands', 'projections', 'contract'],
  // The table says api, domain, contract; its start script composes the whole server (the store, the
  // command runner, the projections), so eventstore, commands and projections are allowed too.
  demo: ['api', 'domain', 'contract', 'eventstore', 'commands', 'projections'],
  'client-kit': ['domain', 'contract'],
  web: ['client-kit', 'contract', 'domain'],
  backoffice: ['client-kit', 'contract', 'domain'],
  tests: null,
  bench: null,
};

const WORKSPACES = Object.keys(MAY_IMPORT);

/**
 * Until `contract` is a workspace the clients take the wire types from `@kupon/api/contract` (and the
 * back office's `@contract/*` alias points into api/src/contract): allowed, and only that folder of
 * the api. Issue 22 moves the contract out and removes this exception.
 */
const CLIENT_CONTRACT_EXCEPTION = '^api/src/contract/';

/**
 * Test support (a `testing/` folder or `testing.ts`, what other packages' tests import) may also use
 * migrations to create the schema, as the eslint rules and the devDependencies allow.
 */
const TEST_SUPPORT = '(testing|.*/testing)(/|\\.ts$)';

/** @type {import('dependency-cruiser').IForbiddenRuleType[]} */
const workspaceArrows = WORKSPACES.flatMap((workspace) => {
  const allowed = MAY_IMPORT[workspace];
  if (allowed === null) return [];
  const isClient = workspace === 'web' || workspace === 'backoffice';
  /** @param {readonly string[]} may @param {{ path: string, pathNot?: string }} from @returns {import('dependency-cruiser').IForbiddenRuleType} */
  const arrow = (may, from) => ({
    name: 'workspace-arrows',
    comment: `${workspace} may import ${may.length > 0 ? may.join(', ') : 'none of our workspaces'} (ARCHITECTURE.md)`,
    severity: 'error',
    from,
    to: {
      path: `^(${WORKSPACES.filter((other) => other !== workspace && !may.includes(other)).join('|')})/`,
      ...(isClient ? { pathNot: CLIENT_CONTRACT_EXCEPTION } : {}),
    },
  });
  return [
    arrow(allowed, { path: `^${workspace}/src/`, pathNot: `^${workspace}/src/${TEST_SUPPORT}` }),
    arrow([...allowed, 'migrations'], { path: `^${workspace}/src/${TEST_SUPPORT}` }),
  ];
});

/** Route files: the files under api/src/ whose name ends in `routes.ts` (`<context>/routes.ts`, `<part>-routes.ts`). */
const ROUTE_FILE = '^api/src/.*routes\\.ts$';

/** What the domain may not touch: node's core modules and the packages that do I/O. */
const IO_PACKAGES = ['pg', 'pg-[^/]+', 'kysely', 'fastify', '@fastify/[^/]+', 'fastify-[^/]+', 'react', 'react-dom', '@electric-sql/[^/]+', '@eventstore/[^/]+', '@kurrent/[^/]+'];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import circles anywhere (ARCHITECTURE.md): move what both sides need into one side or a third module.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    ...workspaceArrows,
    {
      name: 'no-route-to-route',
      comment: 'A route file never imports another route file: what both need goes to the use case, a query or api/src/http/.',
      severity: 'error',
      from: { path: ROUTE_FILE },
      to: { path: ROUTE_FILE },
    },
    {
      name: 'no-route-to-app',
      comment: 'A route file never imports the app that registers it: services reach routes as fastify decorators.',
      severity: 'error',
      from: { path: ROUTE_FILE },
      to: { path: '^api/src/app\\.ts$' },
    },
    {
      name: 'no-routes-folder',
      comment: 'api/src/routes/ is going away (issue 21): routes live in their context folder.',
      severity: 'error',
      from: {},
      to: { path: '^api/src/routes/' },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'Every import resolves: one that does not is an edge the rules above cannot see.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'domain-no-io',
      comment: 'The domain is pure: no node core module (ARCHITECTURE.md).',
      severity: 'error',
      from: { path: '^domain/src/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'domain-no-io',
      comment: 'The domain is pure: no database, HTTP or UI package (ARCHITECTURE.md).',
      severity: 'error',
      from: { path: '^domain/src/' },
      to: { path: `node_modules/(${IO_PACKAGES.join('|')})/` },
    },
  ],
  options: {
    // `import type` and type-only re-exports count.
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '\\.test\\.tsx?$'] },
    // Our packages' `exports` point at their src: follow them (through the node_modules symlinks).
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    // The clients' path aliases, per workspace (see that file).
    webpackConfig: { fileName: '.dependency-cruiser.resolve.cjs' },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
