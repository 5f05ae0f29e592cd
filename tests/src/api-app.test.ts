import { createPglitePool, PostgresEventStore } from '@kupon/eventstore';
import { migrateToLatest } from '@kupon/projections';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, buildApp, identityServices } from '@kupon/api';
import { LiveHub, LiveOddsBook } from '@kupon/api/live';
import { seedDemo } from '@kupon/demo';
import { fastTestHasher } from '@kupon/api/testing';

/**
 * Routes /docs leaves out on purpose, each with why. Every other route must be in the OpenAPI document.
 * (Compared by prefix: the docs' own pages and the demo provider's pages each have several.)
 */
const UNDOCUMENTED: readonly [prefix: string, why: string][] = [
  ['/docs', 'the documentation itself (swagger-ui and the JSON/YAML document)'],
  ['/live', 'a WebSocket with msgpack frames, which OpenAPI cannot describe: api/LIVE.md documents it'],
  ['/api/v1/payments/demo/checkout/', "the demo payment provider's own checkout page, a stand-in for an external provider's site"],
  ['/api/v1/casino/demo/', "the demo casino provider's own game pages and logos, a stand-in for an external game studio's site"],
];

interface RegisteredRoute {
  readonly method: string;
  readonly url: string;
  readonly schema: Record<string, unknown>;
}

describe('the api skeleton', () => {
  let app: FastifyInstance;
  const routes: RegisteredRoute[] = [];
  const setup = (async () => {
    const pool = await createPglitePool();
    await migrateToLatest(pool);
    const store = new PostgresEventStore(pool);
    await seedDemo(identityServices({ store, pool, passwords: fastTestHasher }));
    return { pool, store };
  })();
  let ctx: Awaited<typeof setup>;
  const logLines: string[] = [];

  beforeAll(async () => {
    ctx = await setup;
    // A live book and hub, so the /live route is registered as in `npm start`.
    const book = new LiveOddsBook(ctx.store);
    app = buildApp({ store: ctx.store, pool: ctx.pool, passwords: fastTestHasher, logger: 'info', logDestination: { write: (line) => void logLines.push(line) }, live: { book, hub: new LiveHub(book) } });
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method: method.toLowerCase(), url: route.url, schema: (route.schema ?? {}) as Record<string, unknown> });
    });
    app.get('/test/boom', { schema: { hide: true } }, async () => {
      throw new Error('secret internal detail');
    });
    app.get('/test/stale-read', { schema: { hide: true } }, async () => {
      // What new code reading a column of a read model whose new version is still building meets.
      await ctx.pool.query('select column_of_the_next_version from projection_checkpoints');
    });
    app.get('/test/refused', { schema: { hide: true } }, async () => {
      throw new ApiError(409, 'usernameAlreadyUseRegister');
    });
    await app.ready();
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await ctx.store.close();
    await ctx.pool.end();
  });

  it('documents every route at /docs with its parameters, body, answer and refusals (a few named exceptions)', async () => {
    const ui = await app.inject({ method: 'GET', url: '/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
    const spec = (await app.inject({ method: 'GET', url: '/docs/json' })).json();
    const documented = routes.filter((route) => !route.url.startsWith('/test/') && !UNDOCUMENTED.some(([prefix]) => route.url.startsWith(prefix)));
    expect(routes.some((route) => route.url === '/live')).toBe(true);
    expect(documented.length).toBeGreaterThan(100);
    expect(documented.some((route) => route.url === '/health')).toBe(true);
    for (const route of documented) {
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      const name = `${route.method} ${path}`;
      expect(route.schema.hide, `${name} is not hidden`).toBeUndefined();
      // A prefix's '/' route answers with and without the trailing slash; /docs lists it once.
      const operation = (spec.paths[path] ?? spec.paths[`${path}/`] ?? spec.paths[path.replace(/\/$/, '')])?.[route.method];
      expect(operation, `${name} in /docs`).toBeDefined();
      // The answer: a declared schema for a 2xx status, with its content (not swagger's "Default Response").
      expect(route.schema.response, `${name} declares its responses`).toBeDefined();
      const answers = Object.entries(operation.responses as Record<string, { content?: Record<string, { schema?: unknown }> }>).filter(([status]) => status.startsWith('2'));
      expect(answers.length, `${name} documents its answer`).toBeGreaterThan(0);
      for (const [status, answer] of answers) expect(Object.values(answer.content ?? {})[0]?.schema, `${name} ${status} has a schema`).toBeDefined();
      if (path.startsWith('/api/v1')) expect(operation.responses['403'] ?? operation.responses['400'], `${name} documents its refusals`).toBeDefined();
      const parameters = (operation.parameters ?? []) as { in: string; name: string; schema?: unknown }[];
      for (const [, param] of route.url.matchAll(/:(\w+)/g)) {
        expect(route.schema.params, `${name} declares a schema for its path`).toBeDefined();
        expect(parameters.find((p) => p.in === 'path' && p.name === param)?.schema, `${name} documents :${param}`).toBeDefined();
      }
      if (route.schema.querystring) expect(parameters.some((p) => p.in === 'query' && p.schema), `${name} documents its query`).toBe(true);
      if (route.schema.body) expect(operation.requestBody?.content?.['application/json']?.schema, `${name} documents its body`).toBeDefined();
      else if (['post', 'put', 'patch'].includes(route.method)) expect.soft(operation.requestBody, `${name} takes no body`).toBeUndefined();
    }
    expect(spec.paths['/api/v1/users'].post.requestBody.content['application/json'].schema.properties.userName).toBeDefined();
  });

  it('writes structured JSON logs: each request’s lines carry its request id, and no cookie', async () => {
    logLines.length = 0;
    await app.inject({ method: 'GET', url: '/api/v1/me', headers: { 'x-site-id': 'kupon', 'x-request-id': 'log-probe-1', cookie: 'kupon_sid=secret-session-value-123456' } });
    const entries = logLines.map((line) => JSON.parse(line) as { reqId?: string; msg: string; level: number; req?: { url: string }; res?: { statusCode: number } });
    const mine = entries.filter((entry) => entry.reqId === 'log-probe-1');
    expect(mine.map((entry) => entry.msg)).toEqual(['incoming request', 'request completed']);
    expect(mine[0]!.req!.url).toBe('/api/v1/me');
    expect(mine[1]!.res!.statusCode).toBe(401);
    expect(logLines.join('\n')).not.toContain('secret-session-value');
  });

  it('answers every refusal as { error: "key|param" } with a fitting status', async () => {
    const site = { 'x-site-id': 'kupon' };
    const notFound = await app.inject({ method: 'GET', url: '/api/v1/nope?x=1' });
    expect([notFound.statusCode, notFound.json()]).toEqual([404, { error: 'notFound|GET /api/v1/nope' }]);
    const unknownSite = await app.inject({ method: 'GET', url: '/api/v1/sites/current', headers: { 'x-site-id': 'nosuchsite' } });
    expect([unknownSite.statusCode, unknownSite.json()]).toEqual([404, { error: 'siteNotFound|nosuchsite' }]);
    const noSite = await app.inject({ method: 'GET', url: '/api/v1/sites/current', headers: { host: 'unknown.example' } });
    expect([noSite.statusCode, noSite.json()]).toEqual([400, { error: 'siteRequired' }]);
    const badJson = await app.inject({ method: 'POST', url: '/api/v1/sessions', headers: { ...site, 'content-type': 'application/json' }, payload: '{"userName":' });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().error).toMatch(/^badRequest\|FST_ERR/);
    const missing = await app.inject({ method: 'POST', url: '/api/v1/sessions', headers: site, payload: { userName: 'kplayer1' } });
    expect([missing.statusCode, missing.json()]).toEqual([400, { error: 'isRequiredArea|password' }]);
    const loginRequired = await app.inject({ method: 'GET', url: '/api/v1/me', headers: site });
    expect([loginRequired.statusCode, loginRequired.json()]).toEqual([401, { error: 'loginRequired' }]);
    // Found by route-fuzz.test.ts: fastify's router refusal of a long path parameter was its own `{ error: 'Bad Request', message: <url> }`;
    // a guard answered only after the body was parsed (a guest's malformed JSON was a 400).
    const longParam = await app.inject({ method: 'GET', url: `/api/v1/catalog/matches/${'m'.repeat(101)}`, headers: site });
    expect([longParam.statusCode, longParam.json()]).toEqual([414, { error: 'badRequest|FST_ERR_MAX_PARAM_LENGTH' }]);
    const guestBadJson = await app.inject({ method: 'POST', url: '/api/v1/staff/users', headers: { ...site, 'content-type': 'application/json' }, payload: '{"__proto__":{"x":1}}' });
    expect([guestBadJson.statusCode, guestBadJson.json()]).toEqual([401, { error: 'loginRequired' }]);
    const conflict = await app.inject({ method: 'GET', url: '/test/refused' });
    expect([conflict.statusCode, conflict.json()]).toEqual([409, { error: 'usernameAlreadyUseRegister' }]);
  });

  it('never leaks an internal error message', async () => {
    const response = await app.inject({ method: 'GET', url: '/test/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'tecnicalProblemTitle' });
    expect(response.body).not.toContain('secret');
  });

  it('asks to come back shortly, not 500, when a read model this code reads is still building its new version', async () => {
    const response = await app.inject({ method: 'GET', url: '/test/stale-read' });
    expect([response.statusCode, response.headers['retry-after'], response.json()]).toEqual([503, '5', { error: 'readModelBuilding' }]);
    expect(response.body).not.toContain('column_of_the_next_version');
  });

  it('gives every answer a request id (the caller’s own when sent) and helmet’s security headers', async () => {
    const mine = await app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': 'req-from-client-1' } });
    expect(mine.headers['x-request-id']).toBe('req-from-client-1');
    const generated = await app.inject({ method: 'GET', url: '/health' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(generated.headers['x-content-type-options']).toBe('nosniff');
    expect(generated.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('resolves the site from the header, the site_id query parameter, or the Host (mobile m. host too)', async () => {
    const byHeader = await app.inject({ method: 'GET', url: '/api/v1/sites/current', headers: { 'x-site-id': 'bahis' } });
    expect(byHeader.json().siteId).toBe('bahis');
    const byQuery = await app.inject({ method: 'GET', url: '/api/v1/sites/current?site_id=bahis' });
    expect(byQuery.json().siteId).toBe('bahis');
    // The host lookup reads the sites read model: follow the log once.
    const { ProjectionRunner, projections } = await import('@kupon/projections');
    const runner = new ProjectionRunner({ store: ctx.store, pool: ctx.pool, projections });
    await runner.start();
    await runner.waitUntilCaughtUp();
    await runner.stop();
    const byHost = await app.inject({ method: 'GET', url: '/api/v1/sites/current', headers: { host: 'bahis.localhost' } });
    expect(byHost.json().siteId).toBe('bahis');
    const mobile = await app.inject({ method: 'GET', url: '/api/v1/sites/current', headers: { host: 'm.bahis.localhost' } });
    expect(mobile.json().siteId).toBe('bahis');
  });
});
