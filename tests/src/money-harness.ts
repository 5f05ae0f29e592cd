import { type MatchState, type OddsBook, oddsBookOf, type OutcomeQuote, walletDecider, walletStream } from '@kupon/domain';
import type { MoneyOptions } from '@kupon/api/money';
import { buildDemoApp as buildApp, fastTestHasher, openTestApi, type TestApi } from '@kupon/demo/testing';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { creditOpeningBalance } from '@kupon/commands';
import { moneyReactors, ReactorRunner, StreamCommands } from '@kupon/commands';
import type { TestStorage } from '@kupon/projections/testing';

/** A test's own odds book: the feed's place in the product, filled by the test (prices it asserts on). */
export const KICKOFF = '2099-01-01T18:00:00.000Z';
const matches: Record<string, MatchState> = {};
const quotes: Record<string, OutcomeQuote> = {};
for (let m = 1; m <= 16; m++) {
  matches[`m${m}`] = { phase: 'not_started', startsAt: KICKOFF };
  for (const [outcome, odds] of [['1', 1850], ['X', 3400], ['2', 4100]] as const) quotes[`m${m}|FT_1X2||${outcome}`] = { odds, suspended: false, hidden: false, limits: null };
}
export const TEST_BOOK = oddsBookOf(matches, quotes);

export function tip(matchId: string, outcomeId: '1' | 'X' | '2' = '1') {
  const odds = { '1': 1850, X: 3400, '2': 4100 }[outcomeId];
  return { matchId, marketId: 'FT_1X2', special: '', outcomeId, odds, banker: false, isLive: false };
}

export interface MoneyApi extends TestApi {
  readonly commands: StreamCommands;
  readonly reactors: ReactorRunner;
  /** Reactors then read models, until both have handled everything in the log. */
  settled(): Promise<void>;
  balance(userId: string): Promise<number>;
  fund(siteId: string, userName: string, amount: number): Promise<string>;
  cookie(siteId: string, userName: string): Promise<string>;
  /** One api call on a site (`x-site-id`) as that user (their session cookie) or as a guest (null). */
  callAs(siteId: string, userName: string | null, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object): Promise<LightMyRequestResponse>;
  /** Read models lag behind writes: reads again, after everything is handled, until `done` holds. */
  until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T>;
  /** Another api process on the same storage: its own command runner and wallet cache. */
  otherProcess(): FastifyInstance;
}

export async function openMoneyApi(storage: TestStorage, options: { odds?: OddsBook; liveDelays?: MoneyOptions['liveDelays'] } = {}): Promise<MoneyApi> {
  const commands = new StreamCommands(storage.store);
  const api = await openTestApi(storage, { money: { commands, odds: options.odds ?? TEST_BOOK, paymentSecret: 'test-secret', ...(options.liveDelays ? { liveDelays: options.liveDelays } : {}) } });
  const reactors = new ReactorRunner({ store: storage.store, pool: storage.pool, commands, reactors: moneyReactors(storage.store) });
  await reactors.start();
  const cookies = new Map<string, string>();
  const others: FastifyInstance[] = [];
  const money: MoneyApi = Object.assign(Object.create(api) as TestApi, {
    commands,
    reactors,
    async settled() {
      // A reactor's command can cause another reactor's event: go round until nothing is left.
      for (let i = 0; i < 3; i++) await reactors.waitUntilCaughtUp();
      await api.caughtUp();
    },
    async balance(userId: string) {
      const { state } = await new StreamCommands(storage.store).load(walletStream(userId), walletDecider);
      return state.status === 'open' ? state.balance : 0;
    },
    async fund(siteId: string, userName: string, amount: number) {
      const login = api.login(siteId, userName);
      const user = await api.services.accounts.load(login.userId);
      if (!user) throw new Error(`no user ${userName}`);
      await creditOpeningBalance({ commands, clock: api.clock.now }, user, 'TRY', amount);
      return login.userId;
    },
    async cookie(siteId: string, userName: string) {
      const key = `${siteId}/${userName}`;
      if (!cookies.has(key)) cookies.set(key, await api.logIn(siteId, userName));
      return cookies.get(key)!;
    },
    async callAs(siteId: string, userName: string | null, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) {
      const cookie = userName ? await money.cookie(siteId, userName) : null;
      return api.app.inject({ method, url: `/api/v1${url}`, headers: { 'x-site-id': siteId, ...(cookie ? { cookie: `kupon_sid=${cookie}` } : {}) }, ...(payload ? { payload } : {}) });
    },
    async until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
      for (;;) {
        const value = await read();
        if (done(value)) return value;
        await money.settled();
      }
    },
    otherProcess() {
      const other = buildApp({ store: storage.store, pool: storage.pool, clock: api.clock.now, passwords: fastTestHasher, money: { commands: new StreamCommands(storage.store), odds: TEST_BOOK, paymentSecret: 'test-secret' } });
      others.push(other);
      return other;
    },
    async close() {
      await reactors.stop();
      await Promise.all(others.map((other) => other.close()));
      await api.close();
    },
  });
  return money;
}
