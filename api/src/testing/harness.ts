import type { EventStore, SqlPool } from '@kupon/eventstore';
import { ProjectionRunner, projections } from '@kupon/projections';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { type AppDependencies, buildApp } from '../app';
import type { SeededLogin, SeededLogins } from '../identity/seeded-logins';
import { identityServices, type IdentityServices } from '../identity/services';
import { argon2idHasher } from '../identity/passwords';
import { SESSION_COOKIE } from '../plugins/auth';

/**
 * The api's test harness, demo-free: a test api needs brands and logins to call it with, and those
 * come from whoever opens it (`@kupon/demo/testing` opens it with the demo seed and providers).
 */

/** A login a test api's seed opened. */
export type TestLogin = SeededLogin;
export type { SeededLogins };

export type TestSeed = (services: IdentityServices) => Promise<SeededLogins>;

/** A clock tests move by hand. */
export class ManualClock {
  private current: number;
  constructor(start = '2026-11-22T12:00:00.000Z') {
    this.current = Date.parse(start);
  }
  now = (): Date => new Date(this.current);
  advance(ms: number): void {
    this.current += ms;
  }
}

/** argon2id still, with small parameters: tests hash hundreds of passwords. */
export const fastTestHasher = argon2idHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 });

export interface TestApi {
  readonly app: FastifyInstance;
  readonly services: IdentityServices;
  readonly clock: ManualClock;
  readonly runner: ProjectionRunner;
  /** What the seed opened (the demo's brands and logins). */
  readonly demo: SeededLogins;
  /** Every captcha text drawn, latest last (the test reads what a person would read off the image). */
  readonly captchaTexts: string[];
  /** Waits until every read model has applied what is in the log now. */
  caughtUp(): Promise<void>;
  /** The demo login of `userName` on `siteId`. */
  login(siteId: string, userName: string): TestLogin;
  /** Logs in through the door the account uses and returns its session cookie value. */
  logIn(siteId: string, userName: string, password?: string): Promise<string>;
  /** Logs `userName` in and returns a client for `/api/v1` routes with its session and brand. */
  as(userName: string, siteId?: string): Promise<ApiClient>;
  /** Every event ever written, as a count: a refused command must not change it. */
  eventCount(): Promise<number>;
  /** A second api process on the same storage (sessions and streams are shared, caches are not). */
  secondApp(): FastifyInstance;
  close(): Promise<void>;
}

/** A logged-in caller of `/api/v1`: `url` is relative to it. */
export type ApiClient = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) => Promise<LightMyRequestResponse>;

/** A test api on `storage`: the app on a hand-moved clock, seeded by `seed`, with its projection runner started. */
export async function openSeededTestApi(storage: { store: EventStore; pool: SqlPool }, seed: TestSeed, options: Partial<AppDependencies> = {}): Promise<TestApi> {
  const clock = new ManualClock();
  const captchaTexts: string[] = [];
  let n = 0;
  const deps: AppDependencies = {
    store: storage.store,
    pool: storage.pool,
    clock: clock.now,
    passwords: fastTestHasher,
    captcha: {
      text: () => {
        const text = `cap${(n++).toString(36).padStart(2, '0')}`;
        captchaTexts.push(text);
        return text;
      },
    },
    ...options,
  };
  const app = buildApp(deps);
  const services = identityServices(deps);
  const demo = await seed(services);
  const runner = new ProjectionRunner({ store: storage.store, pool: storage.pool, projections });
  await runner.start();
  const others: FastifyInstance[] = [];
  // Each helper login from an address of its own, so the login rate limit never trips a test that is not about it.
  let logins = 0;
  const api: TestApi = {
    app,
    services,
    clock,
    runner,
    demo,
    captchaTexts,
    caughtUp: () => runner.waitUntilCaughtUp(),
    login(siteId, userName) {
      const found = demo.logins.find((login) => login.siteId === siteId && login.userName === userName);
      if (!found) throw new Error(`no demo login ${userName} on ${siteId}`);
      return found;
    },
    async logIn(siteId, userName, password) {
      const login = api.login(siteId, userName);
      const url = { player: '/api/v1/sessions', operator: '/api/v1/sessions/operator', terminal: '/api/v1/sessions/terminal' }[login.door];
      logins++;
      const remoteAddress = `172.16.${Math.floor(logins / 250) % 250}.${logins % 250}`;
      const response = await app.inject({ method: 'POST', url, headers: { 'x-site-id': siteId }, remoteAddress, payload: { userName, password: password ?? login.password } });
      if (response.statusCode !== 200) throw new Error(`login ${userName}: ${response.statusCode} ${response.body}`);
      return sessionCookie(response)!;
    },
    async as(userName, siteId = 'kupon') {
      const sid = await api.logIn(siteId, userName);
      return (method, url, payload) => app.inject({ method, url: `/api/v1${url}`, headers: { 'x-site-id': siteId }, cookies: { kupon_sid: sid }, ...(payload ? { payload } : {}) });
    },
    async eventCount() {
      const { rows } = await storage.pool.query<{ n: string }>('select count(*) as n from es_events');
      return Number(rows[0]!.n);
    },
    secondApp() {
      const other = buildApp(deps);
      others.push(other);
      return other;
    },
    async close() {
      await runner.stop();
      await Promise.all([app.close(), ...others.map((other) => other.close())]);
    },
  };
  return api;
}

/** The session cookie a response set, if any. */
export function sessionCookie(response: LightMyRequestResponse): string | undefined {
  return response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.value;
}
