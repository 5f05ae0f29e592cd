import { createPglitePool, PostgresEventStore } from '@kupon/eventstore';
import { migrateToLatest } from '@kupon/projections';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, identityServices } from './app';
import { ApiError } from './http/api-error';
import { seedDemo } from './seed';
import { fastTestHasher } from './testing/harness';

describe('the api skeleton', () => {
  let app: FastifyInstance;
  const routes: { method: string; url: string; hasBody: boolean }[] = [];
  const setup = (async () => {
    const pool = await createPglitePool();
    await migrateToLatest(pool);
    const store = new PostgresEventStore(pool);
    await seedDemo(identityServices({ store, pool, passwords: fastTestHasher }));
    return { pool, store };
  })();
  let ctx: Awaited<typeof setup>;

  beforeAll(async () => {
    ctx = await setup;
    app = buildApp({ store: ctx.store, pool: ctx.pool, passwords: fastTestHasher });
    app.addHook('onRoute', (route) => {
      // Routes a context hides on purpose (a provider's callback page) are not part of the api.
      if (route.url.startsWith('/api/v1') && !(route.schema as { hide?: boolean } | undefined)?.hide) for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method: method.toLowerCase(), url: route.url, hasBody: Boolean(route.schema?.body) });
    });
    app.get('/test/boom', async () => {
      throw new Error('secret internal detail');
    });
    app.get('/test/refused', async () => {
      throw new ApiError(409, 'usernameAlreadyUseRegister');
    });
    await app.ready();
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await ctx.store.close();
    await ctx.pool.end();
  });

  it('documents every /api/v1 route at /docs with its request and response schemas', async () => {
    const ui = await app.inject({ method: 'GET', url: '/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
    const spec = (await app.inject({ method: 'GET', url: '/docs/json' })).json();
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      // A prefix's '/' route answers with and without the trailing slash; /docs lists it once.
      const operation = (spec.paths[path] ?? spec.paths[`${path}/`] ?? spec.paths[path.replace(/\/$/, '')])?.[route.method];
      expect(operation, `${route.method} ${path} in /docs`).toBeDefined();
      const responses = Object.keys(operation.responses);
      expect(responses.some((status) => status.startsWith('2')), `${route.method} ${path} documents its answer`).toBe(true);
      expect(operation.responses['403'] ?? operation.responses['400'], `${route.method} ${path} documents its refusals`).toBeDefined();
      if (route.hasBody) expect(operation.requestBody, `${route.method} ${path} documents its body`).toBeDefined();
    }
    expect(spec.paths['/api/v1/users'].post.requestBody.content['application/json'].schema.properties.userName).toBeDefined();
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
    const conflict = await app.inject({ method: 'GET', url: '/test/refused' });
    expect([conflict.statusCode, conflict.json()]).toEqual([409, { error: 'usernameAlreadyUseRegister' }]);
  });

  it('never leaks an internal error message', async () => {
    const response = await app.inject({ method: 'GET', url: '/test/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'tecnicalProblemTitle' });
    expect(response.body).not.toContain('secret');
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
