import type { EventStore, SqlPool } from '@kupon/eventstore';
import { TemplatedMailer } from '../content/templated-mailer';
import { DEFAULT_RATE_LIMITS, type RateLimits } from '../plugins/security';
import { UserAccounts } from './accounts';
import { CaptchaChallenges, type CaptchaOptions } from './captcha';
import { type Mailer, OutboxMailer } from './mail';
import { argon2idHasher, type PasswordHasher } from './passwords';
import { DEFAULT_SESSION_TIMEOUTS, SessionStore, type SessionTimeouts } from './sessions';
import { SiteDirectory } from './site-directory';
import { AttemptThrottle } from './throttle';

declare module 'fastify' {
  interface FastifyInstance {
    /** The identity context's services (plugins/services.ts decorates the api scope with them). */
    identity: IdentityServices;
  }
}

/** What the identity services are made of: the part of the app's dependencies they read. */
export interface IdentityDependencies {
  readonly store: EventStore;
  readonly pool: SqlPool;
  readonly clock?: () => Date;
  readonly mailer?: Mailer;
  readonly passwords?: PasswordHasher;
  readonly sessionTimeouts?: SessionTimeouts;
  readonly rateLimits?: RateLimits;
  readonly captcha?: CaptchaOptions;
  readonly secureCookies?: boolean;
}

/** What route plugins get: the shared services of the identity context. */
export interface IdentityServices {
  readonly store: EventStore;
  readonly pool: SqlPool;
  readonly clock: () => Date;
  readonly accounts: UserAccounts;
  readonly sessions: SessionStore;
  readonly sites: SiteDirectory;
  readonly captcha: CaptchaChallenges;
  readonly mailer: Mailer;
  readonly outbox: OutboxMailer;
  readonly passwords: PasswordHasher;
  readonly rateLimits: RateLimits;
  readonly secureCookies: boolean;
  /** Per-account (and per-ticket) failure counts with back-off, shared by every api process. */
  readonly throttle: AttemptThrottle;
}

export function identityServices(deps: IdentityDependencies): IdentityServices {
  const clock = deps.clock ?? (() => new Date());
  const passwords = deps.passwords ?? argon2idHasher();
  const accounts = new UserAccounts(deps.store, passwords, clock);
  const outbox = new OutboxMailer(deps.pool, clock);
  const sites = new SiteDirectory(deps.store, deps.pool);
  return {
    store: deps.store,
    pool: deps.pool,
    clock,
    accounts,
    sessions: new SessionStore(deps.pool, accounts, sites, clock, deps.sessionTimeouts ?? DEFAULT_SESSION_TIMEOUTS),
    sites,
    captcha: new CaptchaChallenges(deps.pool, clock, deps.captcha),
    mailer: new TemplatedMailer(deps.mailer ?? outbox, deps.pool),
    outbox,
    passwords,
    rateLimits: deps.rateLimits ?? DEFAULT_RATE_LIMITS,
    secureCookies: deps.secureCookies ?? false,
    throttle: new AttemptThrottle(deps.pool),
  };
}
