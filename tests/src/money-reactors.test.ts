import { couponDecider, type CouponContext, type PlacedCoupon, transferDecider, transferStream, type TransferRequest, walletDecider, type WalletCommand, walletStream } from '@kupon/domain';
import { type CommandMeta, moneyReactors, ReactorRunner, StreamCommands } from '@kupon/commands';
import { allCommittedVisible, kyselyOver } from '@kupon/eventstore';
import { coupons, ProjectionRunner, transfers, wallets } from '@kupon/projections';
import { type TestStorage, testBackends } from '@kupon/projections/testing';
import { type Kysely, sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const AT = '2026-11-22T10:00:00.000Z';
/** Settling a selection reads no context. */
const NO_CONTEXT = undefined as unknown as CouponContext;

function meta(): CommandMeta {
  const id = randomUUID();
  return { actor: { userId: 'test', role: 'admin' }, correlationId: id, causationId: id, at: AT, eventId: (i) => (i === 0 ? id : randomUUID()) };
}

function coupon(couponId: string, userId: string, stake: number, odds: number): PlacedCoupon {
  return {
    couponId,
    userId,
    placedAt: AT,
    couponType: 'TK',
    isLive: false,
    selections: [{ id: 's1', matchId: 'm1', marketId: 'FT_1X2', special: '', outcomeId: '1', odds, seenOdds: odds, banker: false, isLive: false }],
    systemSizes: [],
    combinations: 1,
    stakePerCombination: stake,
    totalStake: stake,
    potentialPayout: Math.floor((stake * odds) / 1000),
    bonusPercent: 0,
    bonusRule: null,
    maxPay: 0,
    oddsChanged: false,
  };
}

function request(transferId: string, accountId: string, direction: 'deposit' | 'withdrawal', amount: number): TransferRequest {
  return { transferId, accountId, siteId: 'site-1', direction, amount, currency: 'TRY', payId: 1, payCatId: 1, provider: 'demo', values: [], requestedAt: AT };
}

for (const backend of testBackends) {
  describe(`money reactors on ${backend.name}`, () => {
    let storage: TestStorage;
    let commands: StreamCommands;
    let reactors: ReactorRunner;
    let projections: ProjectionRunner;
    let db: Kysely<any>;

    const wallet = async (accountId: string, command: WalletCommand) => {
      const outcome = await commands.run(walletStream(accountId), walletDecider, command, meta());
      if (!outcome.ok) throw new Error(`${command.type}: ${outcome.error.code}`);
      return outcome;
    };
    const balance = async (accountId: string) => {
      const { state } = await new StreamCommands(storage.store).load(walletStream(accountId), walletDecider);
      return state.status === 'open' ? state.balance : null;
    };
    /** The whole log as a reader sees it once everything committed is visible. */
    const wholeLog = async () => {
      await allCommittedVisible(storage.store);
      return storage.store.readAll({ maxCount: 10_000 });
    };
    const settle = async () => {
      await reactors.waitUntilCaughtUp();
      await reactors.waitUntilCaughtUp();
      await projections.waitUntilCaughtUp();
    };

    beforeEach(async () => {
      storage = await backend.open();
      commands = new StreamCommands(storage.store);
      reactors = new ReactorRunner({ store: storage.store, pool: storage.pool, commands, reactors: moneyReactors(storage.store) });
      projections = new ProjectionRunner({ store: storage.store, pool: storage.pool, projections: [wallets, transfers, coupons] });
      db = kyselyOver(storage.pool);
      await reactors.start();
      await projections.start();
      for (const [id, kind] of [['p1', 'player'], ['d1', 'dealer']] as const) {
        await wallet(id, { type: 'OpenWallet', reference: `open-${id}`, now: AT, accountId: id, ownerKind: kind, currency: 'TRY', siteId: 'site-1' });
      }
    });

    afterEach(async () => {
      await reactors.stop();
      await projections.stop();
      await storage.close();
    });

    it('takes a deposit from request to credited, then stakes, settles and pays a coupon once', async () => {
      await wallet('p1', { type: 'RequestDeposit', reference: 'dep-1', now: AT, request: request('t1', 'p1', 'deposit', 10_000) });
      await settle();
      const approve = await commands.run(transferStream('t1'), transferDecider, { type: 'ApproveTransfer', transferId: 't1', by: 'demo', providerReference: 'x', now: AT }, meta());
      expect(approve.ok).toBe(true);
      await settle();
      expect(await balance('p1')).toBe(10_000);
      const transfer = await commands.load(transferStream('t1'), transferDecider);
      expect(transfer.state.status).toBe('credited');

      await wallet('p1', { type: 'StakeCoupon', reference: 'req-c1', now: AT, coupon: coupon('c1', 'p1', 2_000, 2_500) });
      await settle();
      expect(await balance('p1')).toBe(8_000);
      const placed = await storage.store.readStream('coupon-c1');
      expect(placed.map((e) => e.type)).toEqual(['CouponPlaced']);

      const settled = await commands.run('coupon-c1', couponDecider, { type: 'SettleSelection', couponId: 'c1', selectionId: 's1', result: 'won', now: AT }, meta(), NO_CONTEXT);
      expect(settled.ok && settled.events.map((e) => e.type)).toEqual(['SelectionSettled', 'CouponSettled']);
      await settle();
      expect(await balance('p1')).toBe(13_000);

      const row = await db.selectFrom('wallet_balances').selectAll().where('account_id', '=', 'p1').executeTakeFirstOrThrow();
      expect(Number(row.balance)).toBe(13_000);
      const statement = await db.selectFrom('wallet_transactions').select(['event_type', 'amount']).where('account_id', '=', 'p1').orderBy('stream_revision').execute();
      expect(statement.map((r) => [r.event_type, Number(r.amount)])).toEqual([
        ['DepositRequested', 0],
        ['DepositCredited', 10_000],
        ['CouponStaked', -2_000],
        ['PayoutCredited', 5_000],
      ]);
      const listed = await db.selectFrom('coupons').selectAll().where('user_id', '=', 'p1').execute();
      expect(listed.map((c) => [c.coupon_id, c.status, Number(c.payout)])).toEqual([['c1', 1, 5_000]]);
      expect((await db.selectFrom('transfers').select('status').executeTakeFirstOrThrow()).status).toBe('credited');

      // Every reactor sees the whole log again (a lost checkpoint): nothing moves twice.
      const before = (await wholeLog()).length;
      await reactors.stop();
      await sql`delete from reactor_checkpoints`.execute(db);
      await reactors.start();
      await settle();
      expect((await wholeLog()).length).toBe(before);
      expect(await balance('p1')).toBe(13_000);
    });

    it('hands dealer credit down and back up, and holds, pays or releases withdrawals', async () => {
      await wallet('d1', { type: 'SetCreditLimit', reference: 'lim', now: AT, creditLimit: 50_000, byUserId: 'admin' });
      await wallet('d1', { type: 'SendCredit', reference: 'send-1', now: AT, transferId: 'x1', toAccountId: 'p1', amount: 30_000 });
      await settle();
      expect([await balance('d1'), await balance('p1')]).toEqual([-30_000, 30_000]);
      await wallet('p1', { type: 'CutCredit', reference: 'cut-1', now: AT, transferId: 'x2', toAccountId: 'd1', amount: 10_000, byUserId: 'd1' });
      await settle();
      expect([await balance('d1'), await balance('p1')]).toEqual([-20_000, 20_000]);

      await wallet('p1', { type: 'HoldWithdrawal', reference: 'w-1', now: AT, request: request('w1', 'p1', 'withdrawal', 5_000) });
      await settle();
      expect(await balance('p1')).toBe(15_000);
      await commands.run(transferStream('w1'), transferDecider, { type: 'RejectTransfer', transferId: 'w1', by: 'staff', reason: 'iban', now: AT }, meta());
      await settle();
      expect(await balance('p1')).toBe(20_000);

      await wallet('p1', { type: 'HoldWithdrawal', reference: 'w-2', now: AT, request: request('w2', 'p1', 'withdrawal', 7_000) });
      await settle();
      await commands.run(transferStream('w2'), transferDecider, { type: 'ApproveTransfer', transferId: 'w2', by: 'staff', providerReference: 'bank', now: AT }, meta());
      await settle();
      expect(await balance('p1')).toBe(13_000);
      expect((await commands.load(transferStream('w2'), transferDecider)).state.status).toBe('paid');
      const held = await db.selectFrom('wallet_balances').select(['balance', 'held']).where('account_id', '=', 'p1').executeTakeFirstOrThrow();
      expect([Number(held.balance), Number(held.held)]).toEqual([13_000, 0]);
    });
  });
}
