import { DemoPaymentProvider, DEMO_PATHS, DEMO_SIGNATURE_HEADER } from '@kupon/demo';
import { creditOpeningBalance } from '@kupon/commands';
import { openTestApi } from '@kupon/demo/testing';
import { couponDecider, type CouponContext, type CouponEvent, type PlacedCoupon, transferDecider, type TransferEvent, walletDecider, type WalletEvent } from '@kupon/domain';
import { allCommittedVisible, type RecordedEvent } from '@kupon/eventstore';
import { derivedId, moneyReactors, ReactorRunner, StreamCommands } from '@kupon/commands';
import { BALANCE_SIGN } from '@kupon/projections';
import { type TestStorage, testBackends } from '@kupon/projections/testing';
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tip } from './money-harness';
import { skippedWithoutPostgres } from './api-process';

const root = resolve(import.meta.dirname, '../..');
const postgres = testBackends.find((backend) => backend.name === 'PostgreSQL');
const KILLS = 20;
const PLAYERS = ['kplayer1', 'kplayer2', 'bplayer1'];

if (!postgres) {
  skippedWithoutPostgres('money survives SIGKILL of the api process', 'several processes share one PostgreSQL (PGlite is single-process)');
} else {
  describe('money survives SIGKILL of the api process (PostgreSQL)', () => {
    let storage: TestStorage;
    let schema: string;
    beforeAll(async () => {
      storage = await postgres.open();
      schema = String((await storage.pool.query('select current_schema() as s')).rows[0]!.s);
    });
    afterAll(async () => {
      await storage?.close();
    });

    it(`kills the api ${KILLS} times amid stakes, payouts and transfers; every balance is its fold, nothing staked or paid twice, the books balance`, { timeout: 600_000 }, async () => {
      // Seeds the demo brands and accounts (its in-process app is not used: the api under test is the child).
      const seeded = await openTestApi(storage);
      const { services, demo } = seeded;
      await seeded.close();
      const commands = new StreamCommands(storage.store);
      const users = new Map<string, { userId: string; siteId: string; password: string }>();
      for (const name of [...PLAYERS, 'kadmin', 'badmin']) {
        const login = demo.logins.find((l) => l.userName === name)!;
        users.set(name, { userId: login.userId, siteId: login.siteId, password: login.password });
        if (PLAYERS.includes(name)) await creditOpeningBalance({ commands, clock: () => new Date() }, (await services.accounts.load(login.userId))!, login.siteId === 'bahis' ? 'EUR' : 'TRY', 100_000);
      }

      const demoProvider = new DemoPaymentProvider('crash-secret');
      let seed = 7;
      const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
      const cookies = new Map<string, string>();
      /** Each player's client: a queue of requests with fixed request ids, retried after a crash until answered. */
      const queues = new Map<string, ((base: string) => Promise<void>)[]>();
      const placed: { userId: string; couponId: string }[] = [];

      const send = async (base: string, name: string, method: string, path: string, body?: object): Promise<{ status: number; json: any }> => {
        const user = users.get(name)!;
        if (!cookies.has(name)) {
          const login = await fetch(`${base}/api/v1/sessions${name.endsWith('admin') ? '/operator' : ''}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-site-id': user.siteId }, body: JSON.stringify({ userName: name, password: user.password }) });
          if (login.status !== 200) throw new Error(`login ${name}: ${login.status}`);
          cookies.set(name, /kupon_sid=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')![1]!);
        }
        const response = await fetch(`${base}/api/v1${path}`, {
          method,
          headers: { 'x-site-id': user.siteId, cookie: `kupon_sid=${cookies.get(name)}`, ...(body ? { 'content-type': 'application/json' } : {}) },
          ...(body ? { body: JSON.stringify(body) } : {}),
        });
        if (response.status >= 500) throw new Error(`${path}: ${response.status}`);
        return { status: response.status, json: await response.json() };
      };

      for (const name of PLAYERS) {
        const { userId, siteId } = users.get(name)!;
        const admin = siteId === 'bahis' ? 'badmin' : 'kadmin';
        const ops: ((base: string) => Promise<void>)[] = [];
        for (let k = 0; k < 12; k++) {
          const couponRequest = `crash-${name}-coupon-${k}`;
          ops.push(async (base) => {
            const answer = await send(base, name, 'POST', '/coupons', { requestId: couponRequest, tips: k % 2 ? [tip(`m${k % 12 + 1}`)] : [tip('m1', 'X'), tip(`m${(k % 11) + 2}`, '2')], totalStake: 500 + k * 10 });
            if (answer.status === 200) placed.push({ userId, couponId: answer.json.coupon.ticketId });
          });
          if (k % 3 === 0) {
            const depositRequest = `crash-${name}-deposit-${k}`;
            ops.push(async (base) => {
              const answer = await send(base, name, 'POST', '/payments/requests', { requestId: depositRequest, payId: 101, payCatId: 1, values: [{ name: 'amount', value: String(20 + k) }] });
              if (answer.status !== 200) return;
              const callback = demoProvider.callback(answer.json.transferId, k % 6 === 0 ? 'confirmed' : 'failed', (20 + k) * 100, derivedId('crash-psp', answer.json.transferId));
              const delivered = await fetch(`${base}${DEMO_PATHS.callback}`, { method: 'POST', headers: { 'content-type': 'application/json', [DEMO_SIGNATURE_HEADER]: callback.signature }, body: callback.body });
              if (delivered.status >= 500) throw new Error('callback');
            });
          }
          if (k % 4 === 1) {
            const withdrawRequest = `crash-${name}-withdraw-${k}`;
            ops.push(async (base) => {
              const values = [{ name: 'amount', value: '60' }, { name: 'iban', value: 'TR120006400000011234567890' }, { name: 'holder', value: 'Crash Test' }];
              const request = () => send(base, name, 'POST', '/payments/requests', { requestId: withdrawRequest, payId: 201, payCatId: 20, transferType: '2', values });
              let answer = await request();
              // The deposit before it may still be on its way to the wallet (its reactor lags under load):
              // a player retries later, as the refusal tells them to.
              for (let tries = 0; answer.status !== 200 && String(answer.json?.error).startsWith('alreadyHaveTransaction') && tries < 100; tries++) {
                await new Promise((r) => setTimeout(r, 100));
                answer = await request();
              }
              if (answer.status !== 200) return;
              await send(base, admin, 'POST', `/transfers/${answer.json.transferId}/${k % 8 === 1 ? 'approve' : 'reject'}`, k % 8 === 1 ? undefined : { reason: 'crash test' });
            });
          }
        }
        queues.set(name, ops);
      }

      /** The settlement side (the catalog's reactor in the product): decides coupons placed so far, while the api works. */
      const settleSome = async () => {
        for (const { couponId } of placed.splice(0, Math.ceil(placed.length / 2))) {
          const { state } = await commands.load(`coupon-${couponId}`, couponDecider);
          if (state.status !== 'waiting') continue;
          for (const selection of state.coupon.selections) {
            await commands.run(`coupon-${couponId}`, couponDecider, { type: 'SettleSelection', couponId, selectionId: selection.id, result: random() < 0.45 ? 'won' : 'lost', now: new Date().toISOString() }, meta(), undefined as unknown as CouponContext);
          }
        }
      };

      const runClients = async (base: string) => {
        await Promise.all(
          [...queues.entries()].map(async ([, ops]) => {
            while (ops.length > 0) {
              await ops[0]!(base);
              ops.shift();
            }
          }),
        );
      };

      let kills = 0;
      while (kills < KILLS) {
        const child = await startChild(schema);
        const clients = runClients(child.base).catch(() => undefined);
        const settling = settleSome();
        await new Promise((r) => setTimeout(r, 150 + Math.floor(random() * 600)));
        child.process.kill('SIGKILL');
        await child.exited;
        kills++;
        await Promise.all([clients, settling]);
      }
      // One last run to the end of every client's queue, then the reactors finish what the kills cut short.
      const last = await startChild(schema);
      await runClients(last.base);
      await settleSome();
      await settleSome();
      last.process.kill('SIGKILL');
      await last.exited;
      const reactors = new ReactorRunner({ store: storage.store, pool: storage.pool, commands, reactors: moneyReactors(storage.store) });
      await reactors.start();
      for (let i = 0; i < 3; i++) await reactors.waitUntilCaughtUp();
      await reactors.stop();

      const log = await readWholeLog(storage);
      const byStream = new Map<string, RecordedEvent[]>();
      for (const event of log) byStream.set(event.streamName, [...(byStream.get(event.streamName) ?? []), event]);

      // Every balance is the fold of its wallet's events; a player's never went below zero.
      let walletsTotal = 0;
      let held = 0;
      let openingBalances = 0;
      const staked = new Map<string, number>();
      const paid = new Map<string, number>();
      let walletStakes = 0;
      let walletCouponReturns = 0;
      for (const [stream, events] of byStream) {
        if (!stream.startsWith('wallet-')) continue;
        let balance = 0;
        for (const recorded of events) {
          const event = { type: recorded.type, data: recorded.data } as unknown as WalletEvent;
          if (!('amount' in event.data) || !('balance' in event.data)) continue;
          balance += BALANCE_SIGN[event.type] * event.data.amount;
          expect(event.data.balance).toBe(balance);
          expect(balance).toBeGreaterThanOrEqual(0);
          if (event.type === 'CouponStaked') {
            staked.set(event.data.coupon.couponId, (staked.get(event.data.coupon.couponId) ?? 0) + 1);
            walletStakes += event.data.amount;
          }
          if (event.type === 'PayoutCredited') paid.set(event.data.couponId, (paid.get(event.data.couponId) ?? 0) + 1);
          if (event.type === 'PayoutCredited' || event.type === 'StakeRefunded' || event.type === 'CouponSoldCredited' || event.type === 'PayoutCorrected') walletCouponReturns += event.data.amount;
          if (event.type === 'BalanceAdjusted') openingBalances += event.data.amount;
        }
        const folded = events.reduce((state, e) => walletDecider.evolve(state, { type: e.type, data: e.data } as unknown as WalletEvent), walletDecider.initialState);
        expect(folded.status === 'open' && folded.balance).toBe(balance);
        if (folded.status === 'open') held += folded.holds.reduce((sum, amount) => sum + amount, 0);
        walletsTotal += balance;
      }

      // No coupon staked twice; each stake opened its coupon; no coupon paid twice; house P&L from the coupon side.
      expect([...staked.values()].every((n) => n === 1)).toBe(true);
      expect([...paid.values()].every((n) => n === 1)).toBe(true);
      let couponStakes = 0;
      let couponReturns = 0;
      for (const couponId of staked.keys()) {
        const events = byStream.get(`coupon-${couponId}`) ?? [];
        expect(events.filter((e) => e.type === 'CouponPlaced')).toHaveLength(1);
        for (const recorded of events) {
          const event = { type: recorded.type, data: recorded.data } as unknown as CouponEvent;
          if (event.type === 'CouponPlaced') couponStakes += (event.data as PlacedCoupon).totalStake;
          if (event.type === 'CouponSettled') couponReturns += event.data.payout;
          if (event.type === 'CouponResettled') couponReturns += event.data.difference;
          if (event.type === 'CouponCancelled') couponReturns += event.data.refund;
          if (event.type === 'CouponSold') couponReturns += event.data.amount;
        }
      }
      expect(walletStakes).toBe(couponStakes);
      expect(walletCouponReturns).toBe(couponReturns);
      const houseProfit = couponStakes - couponReturns;

      // Deposits and withdrawals as the transfer streams record them; every decided transfer reached its end.
      let deposits = 0;
      let withdrawals = 0;
      let pendingWithdrawals = 0;
      for (const [stream, events] of byStream) {
        if (!stream.startsWith('transfer-')) continue;
        const state = events.reduce((s, e) => transferDecider.evolve(s, { type: e.type, data: e.data } as unknown as TransferEvent), transferDecider.initialState);
        if (state.status === 'none') continue;
        expect(state.status).not.toBe('approved');
        if (state.status === 'credited') deposits += state.request.amount;
        if (state.status === 'paid') withdrawals += state.request.amount;
        if (state.status === 'requested' && state.request.direction === 'withdrawal') pendingWithdrawals += state.request.amount;
      }
      expect(held).toBe(pendingWithdrawals);
      expect(walletsTotal + held + houseProfit).toBe(openingBalances + deposits - withdrawals);
      expect(staked.size).toBeGreaterThan(20);
      expect(deposits).toBeGreaterThan(0);
      expect(withdrawals).toBeGreaterThan(0);
    });
  });
}

function meta() {
  const id = randomUUID();
  return { actor: { userId: 'settlement', role: 'system' }, correlationId: id, causationId: id, at: new Date().toISOString(), eventId: () => randomUUID() };
}

async function readWholeLog(storage: TestStorage): Promise<RecordedEvent[]> {
  await allCommittedVisible(storage.store);
  const events: RecordedEvent[] = [];
  for (;;) {
    const page = await storage.store.readAll({ ...(events.length ? { fromPosition: events.at(-1)!.position } : {}), maxCount: 5000 });
    events.push(...page);
    if (page.length < 5000) return events;
  }
}

function startChild(schema: string): Promise<{ process: ChildProcess; base: string; exited: Promise<unknown> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/src/money-crash-server.ts'], {
    cwd: root,
    env: { ...process.env, DATABASE_SCHEMA: schema, LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((r) => child.once('exit', r));
  let output = '';
  return new Promise((resolvePromise, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /LISTENING (\d+)/.exec(output);
      if (match) resolvePromise({ process: child, base: `http://127.0.0.1:${match[1]}`, exited });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`crash server exited with ${code} before listening:\n${output}`)));
  });
}
