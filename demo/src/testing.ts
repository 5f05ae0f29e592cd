import { type AppDependencies, buildApp } from '@kupon/api';
import { type CasinoOptions, providerSecret } from '@kupon/api/casino';
import { openSeededTestApi, type TestApi } from '@kupon/api/testing';
import type { EventStore, SqlPool } from '@kupon/eventstore';
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import type { Draw } from './casino/demo-games';
import { hostedDemoCasino } from './casino/hosted';
import { hostedDemoPayments } from './payments/checkout-pages';
import { seedDemo } from './seed';

export { ManualClock, fastTestHasher, sessionCookie, type ApiClient, type TestApi, type TestLogin } from '@kupon/api/testing';

/** The casino options a test gives, plus the demo provider's draws (tests fix them; default crypto's randomInt). */
export interface DemoCasinoOptions extends CasinoOptions {
  readonly draw?: Draw;
}

/** The app's dependencies as tests give them: the demo providers stand behind the ports unless the test names its own. */
export type DemoAppDependencies = Omit<AppDependencies, 'casino'> & { readonly casino?: DemoCasinoOptions };

/**
 * The demo payment and casino providers, each signing with the key the app verifies with (the
 * test's `paymentSecret` / casino `secret`, else one drawn here), as the api had them by default
 * before the demo moved out of it.
 */
export function demoPorts(deps: Partial<DemoAppDependencies>): Pick<AppDependencies, 'money' | 'casino'> {
  const paymentSecret = deps.money?.paymentSecret ?? randomBytes(32).toString('hex');
  const { draw, ...casino } = deps.casino ?? {};
  const casinoSecret = casino.secret ?? randomBytes(32).toString('hex');
  return {
    money: { ...deps.money, paymentSecret, providers: deps.money?.providers ?? [hostedDemoPayments(paymentSecret)] },
    casino: { ...casino, secret: casinoSecret, providers: casino.providers ?? [hostedDemoCasino(providerSecret(casinoSecret, 'demo'), draw)] },
  };
}

/** `buildApp` with the demo behind the ports (another api process of a test). */
export function buildDemoApp(deps: DemoAppDependencies): FastifyInstance {
  return buildApp({ ...deps, ...demoPorts(deps) });
}

/** A test api on `storage` with the demo brands, logins and providers (`@kupon/api/testing`'s harness with the demo seed). */
export function openTestApi(storage: { store: EventStore; pool: SqlPool }, options: Partial<DemoAppDependencies> = {}): Promise<TestApi> {
  return openSeededTestApi(storage, (services) => seedDemo(services), { ...options, ...demoPorts(options) });
}
