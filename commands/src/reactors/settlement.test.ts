import {
  type CouponEvent,
  couponOpeningDecider,
  couponStream,
  type Fixture,
  type MatchCommand,
  matchDecider,
  type MatchResult,
  matchStream,
  type PlacedCoupon,
  type PlacedSelection,
} from '@kupon/domain';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type TestStorage, testBackends } from '@kupon/eventstore/testing';
import { ReactorRunner } from './reactor-runner';
import { settlementReactor } from './settlement';
import type { CommandMeta } from '../runner/meta';
import { StreamCommands } from '../runner/stream-commands';

const KICKOFF = '2026-11-22T18:00:00.000Z';
const PLACED = '2026-11-22T17:00:00.000Z';
const AT = '2026-11-22T20:00:00.000Z';

function meta(at = AT): CommandMeta {
  const id = randomUUID();
  return { actor: { userId: 'test', role: 'admin' }, correlationId: id, causationId: id, at, eventId: () => randomUUID() };
}

function fixture(matchId: string): Fixture {
  return {
    matchId,
    sportId: 1,
    category: { id: 'tr', name: { tr: 'Türkiye', en: 'Turkey' } },
    tournament: { id: 'sl', name: { tr: 'Süper Lig', en: 'Super League' } },
    home: { id: `${matchId}-h`, name: { tr: 'Ev', en: 'Home' } },
    away: { id: `${matchId}-a`, name: { tr: 'Dep', en: 'Away' } },
    startsAt: KICKOFF,
    liveCoverage: true,
  };
}

const score = (ht: [number, number], ft: [number, number]): MatchResult => ({
  sportId: 1,
  status: 'completed',
  periods: [
    { home: ht[0], away: ht[1] },
    { home: ft[0] - ht[0], away: ft[1] - ht[1] },
  ],
});

function leg(matchId: string, outcome: string, odds: number): PlacedSelection {
  return { id: `${matchId}:${outcome}`, matchId, marketId: 'FT_1X2', special: '', outcomeId: outcome, odds, seenOdds: odds, banker: false, isLive: false };
}

function coupon(couponId: string, selections: PlacedSelection[], stake: number, placedAt = PLACED): PlacedCoupon {
  const odds = selections.reduce((product, s) => (product * s.odds) / 1000, 1);
  return {
    couponId,
    userId: 'p1',
    placedAt,
    couponType: selections.length === 1 ? 'TK' : 'KK',
    isLive: false,
    selections,
    systemSizes: [],
    combinations: 1,
    stakePerCombination: stake,
    totalStake: stake,
    potentialPayout: Math.floor(stake * odds),
    bonusPercent: 0,
    bonusRule: null,
    maxPay: 0,
    oddsChanged: false,
  };
}

for (const backend of testBackends) {
  describe(`settlement reactor on ${backend.name}`, () => {
    let storage: TestStorage;
    let commands: StreamCommands;
    let runner: ReactorRunner;

    const match = async (matchId: string, command: Omit<MatchCommand, 'matchId' | 'now'> & { type: MatchCommand['type'] }) => {
      const full = { ...command, matchId, now: AT } as MatchCommand;
      const outcome = await commands.run(matchStream(matchId), matchDecider, full, meta());
      if (!outcome.ok) throw new Error(`${command.type}: ${outcome.error.code}`);
    };
    const place = async (placed: PlacedCoupon) => {
      const outcome = await commands.run(couponStream(placed.couponId), couponOpeningDecider, { type: 'OpenStakedCoupon', coupon: placed }, meta(placed.placedAt));
      if (!outcome.ok) throw new Error(outcome.error.code);
    };
    const events = async (couponId: string) => {
      const stored = await storage.store.readStream(couponStream(couponId));
      return stored.map((e) => ({ type: e.type, data: e.data }) as unknown as CouponEvent);
    };
    const decided = async (couponId: string) =>
      (await events(couponId)).flatMap((e): { status: number; payout: number; difference?: number }[] =>
        e.type === 'CouponSettled' ? [{ status: e.data.status, payout: e.data.payout }] : e.type === 'CouponResettled' ? [{ status: e.data.status, payout: e.data.payout, difference: e.data.difference }] : [],
      );

    beforeEach(async () => {
      storage = await backend.open();
      commands = new StreamCommands(storage.store);
      runner = new ReactorRunner({ store: storage.store, pool: storage.pool, commands, reactors: [settlementReactor(storage.pool)] });
      await runner.start();
      for (const id of ['m1', 'm2']) await match(id, { type: 'CreateFixture', fixture: fixture(id) } as never);
    });

    afterEach(async () => {
      await runner.stop();
      await storage.close();
    });

    it('a result settles singles at once and a combination when its last match is in', async () => {
      await place(coupon('single-won', [leg('m1', '1', 2_000)], 1_000));
      await place(coupon('single-lost', [leg('m1', '2', 3_500)], 1_000));
      await place(coupon('combo', [leg('m1', '1', 2_000), leg('m2', 'X', 3_000)], 1_000));
      await match('m1', { type: 'RecordResult', result: score([1, 0], [2, 1]) } as never);
      await runner.waitUntilCaughtUp();

      expect(await decided('single-won')).toEqual([{ status: 1, payout: 2_000 }]);
      expect(await decided('single-lost')).toEqual([{ status: -1, payout: 0 }]);
      expect((await events('combo')).map((e) => e.type)).toEqual(['CouponPlaced', 'SelectionSettled']);

      await match('m2', { type: 'RecordResult', result: score([0, 0], [1, 1]) } as never);
      await runner.waitUntilCaughtUp();
      expect(await decided('combo')).toEqual([{ status: 1, payout: 6_000 }]);
    });

    it('a corrected result resettles by the difference, and a redelivered result changes nothing', async () => {
      await place(coupon('home', [leg('m1', '1', 2_000)], 1_000));
      await place(coupon('away', [leg('m1', '2', 4_000)], 1_000));
      await match('m1', { type: 'RecordResult', result: score([1, 0], [2, 1]) } as never);
      await runner.waitUntilCaughtUp();
      await match('m1', { type: 'CorrectResult', result: score([1, 0], [1, 2]) } as never);
      await runner.waitUntilCaughtUp();

      expect(await decided('home')).toEqual([
        { status: 1, payout: 2_000 },
        { status: -1, payout: 0, difference: -2_000 },
      ]);
      expect(await decided('away')).toEqual([
        { status: -1, payout: 0 },
        { status: 1, payout: 4_000, difference: 4_000 },
      ]);

      // Crash before the checkpoint: the whole log is delivered again.
      await runner.stop();
      await storage.pool.query(`delete from reactor_checkpoints`);
      const before = (await events('home')).length + (await events('away')).length;
      runner = new ReactorRunner({ store: storage.store, pool: storage.pool, commands: new StreamCommands(storage.store), reactors: [settlementReactor(storage.pool)] });
      await runner.start();
      await runner.waitUntilCaughtUp();
      expect((await events('home')).length + (await events('away')).length).toBe(before);
    });

    it('a rollback takes the payout back until the next result, which settles afresh', async () => {
      await place(coupon('home', [leg('m1', '1', 2_000)], 1_000));
      await place(coupon('combo', [leg('m1', '1', 2_000), leg('m2', 'X', 3_000)], 1_000));
      await match('m1', { type: 'RecordResult', result: score([1, 0], [2, 1]) } as never);
      await match('m1', { type: 'RollBackSettlement' } as never);
      await runner.waitUntilCaughtUp();
      expect(await decided('home')).toEqual([
        { status: 1, payout: 2_000 },
        { status: 0, payout: 0, difference: -2_000 },
      ]);
      expect((await events('combo')).map((e) => e.type)).toEqual(['CouponPlaced', 'SelectionSettled', 'SelectionUnsettled']);

      await match('m1', { type: 'RecordResult', result: score([0, 0], [0, 0]) } as never);
      await runner.waitUntilCaughtUp();
      expect(await decided('home')).toEqual([
        { status: 1, payout: 2_000 },
        { status: 0, payout: 0, difference: -2_000 },
        { status: -1, payout: 0 },
      ]);
    });

    it('a bet cancel after the result resettles a decided coupon: void, the stake back', async () => {
      await place(coupon('won', [leg('m1', '1', 2_000)], 1_000, '2026-11-22T17:30:00.000Z'));
      await place(coupon('lost', [leg('m1', '2', 3_000)], 1_000, '2026-11-22T17:30:00.000Z'));
      await match('m1', { type: 'RecordResult', result: score([1, 0], [2, 1]) } as never);
      await runner.waitUntilCaughtUp();
      await match('m1', { type: 'CancelBets', cancellationId: 'late-goal', from: '2026-11-22T17:15:00.000Z', to: null, markets: null, reason: 'goal before bet stop' } as never);
      await runner.waitUntilCaughtUp();
      expect(await decided('won')).toEqual([
        { status: 1, payout: 2_000 },
        { status: 1, payout: 1_000, difference: -1_000 },
      ]);
      expect(await decided('lost')).toEqual([
        { status: -1, payout: 0 },
        { status: 1, payout: 1_000, difference: 1_000 },
      ]);
    });

    it('a bet cancel voids the selections placed in its window: the stake comes back', async () => {
      await place(coupon('early', [leg('m1', '1', 2_000)], 1_000, '2026-11-22T16:00:00.000Z'));
      await place(coupon('in-window', [leg('m1', '1', 2_000)], 1_000, '2026-11-22T17:30:00.000Z'));
      await match('m1', {
        type: 'CancelBets',
        cancellationId: 'odds-error-1',
        from: '2026-11-22T17:15:00.000Z',
        to: '2026-11-22T17:45:00.000Z',
        markets: ['FT_1X2'],
        reason: 'odds offered in error',
      } as never);
      await match('m1', { type: 'RecordResult', result: score([1, 0], [2, 1]) } as never);
      await runner.waitUntilCaughtUp();
      expect(await decided('in-window')).toEqual([{ status: 1, payout: 1_000 }]);
      expect(await decided('early')).toEqual([{ status: 1, payout: 2_000 }]);
    });

    it('a coupon placed after its match result is in settles at once', async () => {
      await match('m1', { type: 'RecordResult', result: score([1, 0], [2, 1]) } as never);
      await runner.waitUntilCaughtUp();
      await place(coupon('late', [leg('m1', '1', 2_000)], 1_000));
      await runner.waitUntilCaughtUp();
      expect(await decided('late')).toEqual([{ status: 1, payout: 2_000 }]);
    });
  });
}
