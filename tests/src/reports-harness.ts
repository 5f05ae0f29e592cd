import { type Fixture, type MatchCommand, matchDecider, type MatchResult, matchStream, type SportId, type WalletEvent } from '@kupon/domain';
import { allCommittedVisible } from '@kupon/eventstore';
import { ReactorRunner, settlementReactor } from '@kupon/commands';
import type { TestStorage } from '@kupon/projections/testing';
import type { LightMyRequestResponse } from 'fastify';
import { randomUUID } from 'node:crypto';
import { KICKOFF, type MoneyApi, openMoneyApi, tip } from './money-harness';

export const SITE = 'kupon';
export const DAY1 = '2026-11-22';
export const DAY2 = '2026-11-23';

/** The money api plus the settlement reactor and a match catalog the reports can name sports from. */
export interface ReportsApi extends MoneyApi {
  readonly settlement: ReactorRunner;
  call(userName: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object): Promise<LightMyRequestResponse>;
  /** Moves the clock; sessions older than that are logged in again on the next call. */
  advance(ms: number): void;
  id(userName: string): string;
  fixture(matchId: string, sportId: SportId): Promise<void>;
  /** The match ends `home`:`away` in one period. */
  result(matchId: string, home: number, away: number): Promise<void>;
  /** The match's result is withdrawn: its settled selections open again. */
  rollBack(matchId: string): Promise<void>;
  /** Reactors (settlement first), then read models, until nothing is left. */
  quiet(): Promise<void>;
  /** Waits until the reports read model shows what `ready` looks for (read models lag behind writes). */
  poll<T>(read: () => Promise<T>, ready: (value: T) => boolean): Promise<T>;
}

export async function openReportsApi(storage: TestStorage): Promise<ReportsApi> {
  const money = await openMoneyApi(storage);
  const settlement = new ReactorRunner({ store: storage.store, pool: storage.pool, commands: money.commands, reactors: [settlementReactor(storage.pool)] });
  await settlement.start();
  const match = async (matchId: string, command: MatchCommand) => {
    const id = randomUUID();
    const outcome = await money.commands.run(matchStream(matchId), matchDecider, command, { actor: { userId: 'feed', role: 'system' }, correlationId: id, causationId: id, at: money.clock.now().toISOString(), eventId: () => randomUUID() });
    if (!outcome.ok) throw new Error(`${command.type}: ${outcome.error.code}`);
  };
  const sessions = new Map<string, string>();
  const api: ReportsApi = Object.assign(Object.create(money) as MoneyApi, {
    settlement,
    advance(ms: number) {
      money.clock.advance(ms);
      sessions.clear();
    },
    async call(userName: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
      if (!sessions.has(userName)) sessions.set(userName, await money.logIn(SITE, userName));
      const cookie = sessions.get(userName)!;
      return money.app.inject({ method, url: `/api/v1${url}`, headers: { 'x-site-id': SITE, cookie: `kupon_sid=${cookie}` }, ...(payload ? { payload } : {}) });
    },
    id: (userName: string) => money.login(SITE, userName).userId,
    async fixture(matchId: string, sportId: SportId) {
      const fixture: Fixture = {
        matchId,
        sportId,
        category: { id: 'tr', name: { tr: 'Türkiye', en: 'Turkey' } },
        tournament: { id: 'sl', name: { tr: 'Süper Lig', en: 'Super League' } },
        home: { id: `${matchId}-h`, name: { tr: 'Ev', en: 'Home' } },
        away: { id: `${matchId}-a`, name: { tr: 'Dep', en: 'Away' } },
        startsAt: KICKOFF,
        liveCoverage: false,
      };
      await match(matchId, { type: 'CreateFixture', fixture, now: money.clock.now().toISOString() });
    },
    async result(matchId: string, home: number, away: number) {
      const result = { sportId: 1, status: 'completed', periods: [{ home, away }, { home: 0, away: 0 }] } as MatchResult;
      await match(matchId, { type: 'RecordResult', matchId, result, now: money.clock.now().toISOString() });
    },
    async rollBack(matchId: string) {
      await match(matchId, { type: 'RollBackSettlement', matchId, now: money.clock.now().toISOString() });
    },
    async quiet() {
      for (let i = 0; i < 3; i++) {
        await settlement.waitUntilCaughtUp();
        await money.settled();
      }
    },
    async poll<T>(read: () => Promise<T>, ready: (value: T) => boolean) {
      for (;;) {
        await money.caughtUp();
        const value = await read();
        if (ready(value)) return value;
        // Like the back office's progress poll: give the work being watched the connections and the event loop in between.
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    async close() {
      await settlement.stop();
      await money.close();
    },
  });
  return api;
}

export { tip };

export interface Folded {
  stakes: number;
  payouts: number;
  refunds: number;
  cashouts: number;
  coupons: number;
  deposits: number;
  withdrawals: number;
  bonuses: number;
  adjustments: number;
  credit: number;
  balance: number;
}

/**
 * The wallet streams folded here, independently of the read model: every wallet event in the log,
 * its money sorted by kind, per account.
 */
export async function foldWallets(storage: TestStorage): Promise<Map<string, Folded>> {
  const folded = new Map<string, Folded>();
  const zero = (): Folded => ({ stakes: 0, payouts: 0, refunds: 0, cashouts: 0, coupons: 0, deposits: 0, withdrawals: 0, bonuses: 0, adjustments: 0, credit: 0, balance: 0 });
  await allCommittedVisible(storage.store);
  let from;
  for (;;) {
    const page = await storage.store.readAll({ ...(from ? { fromPosition: from } : {}), maxCount: 1000, filter: { streamCategories: ['wallet'] } });
    for (const recorded of page) {
      const event = { type: recorded.type, data: recorded.data } as unknown as WalletEvent;
      const account = recorded.streamName.slice('wallet-'.length);
      const f = folded.get(account) ?? zero();
      folded.set(account, f);
      switch (event.type) {
        case 'CouponStaked':
          f.stakes += event.data.amount;
          f.coupons += 1;
          break;
        case 'CasinoBetPlaced':
          f.stakes += event.data.amount;
          break;
        case 'PayoutCredited':
        case 'PayoutCorrected':
        case 'CasinoWinCredited':
          f.payouts += event.data.amount;
          break;
        case 'StakeRefunded':
        case 'CasinoRoundRolledBack':
          f.refunds += event.data.amount;
          break;
        case 'CouponSoldCredited':
          f.cashouts += event.data.amount;
          break;
        case 'DepositCredited':
          f.deposits += event.data.amount;
          break;
        case 'WithdrawalHeld':
          f.withdrawals += event.data.amount;
          break;
        case 'WithdrawalReleased':
          f.withdrawals -= event.data.amount;
          break;
        case 'BonusCredited':
          f.bonuses += event.data.amount;
          break;
        case 'BalanceAdjusted':
          f.adjustments += event.data.amount;
          break;
        case 'CreditReceived':
        case 'CreditReturned':
        case 'CardRefunded':
        case 'CardRedeemedCredited':
          f.credit += event.data.amount;
          break;
        case 'CreditSent':
        case 'CreditCut':
        case 'CardFunded':
          f.credit -= event.data.amount;
          break;
        default:
          break;
      }
      if ('balance' in event.data) f.balance = event.data.balance;
    }
    if (page.length < 1000) return folded;
    from = page.at(-1)!.position;
  }
}
