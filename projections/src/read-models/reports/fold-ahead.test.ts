import { walletStream } from '@kupon/domain';
import type { EventStore, NewEvent } from '@kupon/eventstore';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Projection } from '../../runner/projection';
import { rebuildProjection } from '../../runner/rebuild';
import { tableRows, type TestStorage, testBackends } from '../../testing/storage';
import { reports } from './reports';
import { REPORT_TABLES } from './tables';

const SITE = 'kupon';
const AT = '2026-11-20T10:00:00.000Z';

function event(type: string, data: object, at = AT): NewEvent {
  const id = randomUUID();
  return { id, type, data: data as NewEvent['data'], metadata: { correlationId: id, causationId: id, actor: { userId: 'admin', role: 'admin' }, at, schemaVersion: 1 } };
}

/**
 * A log of a dealer tree, fixtures, wallets and coupons over three days, with players who join
 * half-way (their batches name accounts the fold has not met, so they are applied whole) and coupons
 * settled or paid many batches after they were staked.
 */
async function writeLog(store: EventStore): Promise<void> {
  const append = (stream: string, events: NewEvent[]) => store.append(stream, events, { expectedRevision: 'any' });
  const top = 'top';
  const dealers = ['d1', 'd2'];
  const balances = new Map<string, number>();
  const money = (player: string, type: string, amount: number, sign: number, extra: object, at: string) => {
    const balance = (balances.get(player) ?? 0) + sign * amount;
    balances.set(player, balance);
    return append(walletStream(player), [event(type, { reference: randomUUID(), amount, balance, at, ...extra }, at)]);
  };
  const join = async (player: string, dealer: string) => {
    await append(`user-${player}`, [event('UserRegistered', { userId: player, siteId: SITE, role: 'player', userName: player, parentId: dealer, ancestors: ['admin', top, dealer], status: 'active', at: AT })]);
    await append(walletStream(player), [event('WalletOpened', { accountId: player, ownerKind: 'player', currency: 'TRY', siteId: SITE, at: AT })]);
    await money(player, 'BalanceAdjusted', 100_000, 1, { reason: 'opening balance', byUserId: 'admin' }, AT);
  };
  await append('user-admin', [event('UserRegistered', { userId: 'admin', siteId: SITE, role: 'admin', userName: 'admin', parentId: null, ancestors: [], status: 'active', at: AT })]);
  await append(`user-${top}`, [event('UserRegistered', { userId: top, siteId: SITE, role: 'topDealer', userName: top, parentId: 'admin', ancestors: ['admin'], status: 'active', at: AT })]);
  for (const dealer of dealers) {
    await append(`user-${dealer}`, [event('UserRegistered', { userId: dealer, siteId: SITE, role: 'dealer', userName: dealer, parentId: top, ancestors: ['admin', top], status: 'active', at: AT })]);
  }
  for (let m = 0; m < 6; m++) await append(`match-m${m}`, [event('FixtureCreated', { matchId: `m${m}`, sportId: [1, 2, 5][m % 3], startsAt: AT })]);
  const players = Array.from({ length: 12 }, (_, i) => `p${i}`);
  for (const player of players.slice(0, 8)) await join(player, dealers[Number(player.slice(1)) % 2]!);
  const open: { couponId: string; player: string; stake: number }[] = [];
  for (let c = 0; c < 420; c++) {
    if (c === 200) for (const player of players.slice(8)) await join(player, dealers[Number(player.slice(1)) % 2]!);
    const active = c < 200 ? players.slice(0, 8) : players;
    const player = active[c % active.length]!;
    const at = new Date(Date.parse(AT) + Math.floor((c / 420) * 3 * 86_400_000)).toISOString();
    const couponId = `c${c}`;
    const stake = 100 + (c % 7) * 10;
    await money(player, 'CouponStaked', stake, -1, { coupon: { couponId, userId: player, placedAt: at, isLive: c % 4 === 0, totalStake: stake, selections: [{ id: 's1', matchId: `m${c % 6}` }] } }, at);
    open.push({ couponId, player, stake });
    // Coupons are decided a while after they are staked: every fifth round settles the oldest open ones.
    if (c % 5 === 4) {
      for (const { couponId: id, player: owner, stake: staked } of open.splice(0, 4)) {
        const won = Number(id.slice(1)) % 3 === 0;
        await append(`coupon-${id}`, [event('CouponSettled', { couponId: id, status: won ? 1 : -1, winnings: won ? staked * 2 : 0, bonus: 0, payout: won ? staked * 2 : 0, at }, at)]);
        if (won) await money(owner, 'PayoutCredited', staked * 2, 1, { couponId: id }, at);
      }
    }
  }
}

for (const backend of testBackends) {
  describe(`reports folded ahead on ${backend.name}`, () => {
    let storage: TestStorage;

    beforeEach(async () => {
      storage = await backend.open();
    });

    afterEach(async () => {
      await storage.close();
    });

    it('builds the same report tables whether each batch is folded while the one before it is written or applied whole', { timeout: 120_000 }, async () => {
      await writeLog(storage.store);
      let foldedAhead = 0;
      let appliedWhole = 0;
      const counted: Projection = {
        ...reports,
        applyBatch: (tx, events, carry) => {
          appliedWhole++;
          return reports.applyBatch!(tx, events, carry);
        },
        prepareBatch: (events, carry, checkpointMoved) => {
          const prepared = reports.prepareBatch!(events, carry, checkpointMoved);
          if (prepared) foldedAhead++;
          return prepared;
        },
      };
      await rebuildProjection({ store: storage.store, pool: storage.pool, projection: counted, batchSize: 25 });
      // Both paths were taken: batches naming accounts not met yet are applied whole.
      expect(foldedAhead).toBeGreaterThan(10);
      expect(appliedWhole).toBeGreaterThan(1);
      const ahead = await tableRows(storage, REPORT_TABLES);
      expect(ahead.report_ledger!.length).toBeGreaterThan(500);

      const { prepareBatch: _prepare, ...whole } = reports;
      await rebuildProjection({ store: storage.store, pool: storage.pool, projection: whole, batchSize: 25 });
      expect(await tableRows(storage, REPORT_TABLES)).toEqual(ahead);
    });
  });
}
