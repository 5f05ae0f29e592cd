import type { WalletEvent } from '@kupon/domain';
import { type TestStorage, testBackends } from '@kupon/projections/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openReportsApi, type ReportsApi, tip } from './reports-harness';

interface Totals {
  stakes: number;
  payouts: number;
  refunds: number;
  cashouts: number;
  coupons: number;
}
interface Bill {
  number: number;
  from: string | null;
  to: string;
  openingBalance: number;
  closingBalance: number;
  totals: Totals & Record<string, number>;
  net: number;
  cutBy: { userId: string; userName: string; role: string };
  walletFromRevision: number;
  walletToRevision: number;
}

for (const backend of testBackends) {
  describe(`bills and cut-off over HTTP (${backend.name})`, () => {
    let storage: TestStorage;
    let api: ReportsApi;
    let shop: string;

    /** The shop's wallet stream folded here, revision by revision, independently of the api's fold. */
    const foldShop = async (fromRevision: number, toRevision = Number.MAX_SAFE_INTEGER) => {
      const sums: Totals & { balance: number | null } = { stakes: 0, payouts: 0, refunds: 0, cashouts: 0, coupons: 0, balance: null };
      for (const recorded of await storage.store.readStream(`wallet-${shop}`)) {
        const revision = Number(recorded.streamRevision);
        if (revision < fromRevision || revision > toRevision) continue;
        const event = { type: recorded.type, data: recorded.data } as unknown as WalletEvent;
        if (event.type === 'CouponStaked') {
          sums.stakes += event.data.amount;
          sums.coupons += 1;
        }
        if (event.type === 'PayoutCredited' || event.type === 'PayoutCorrected') sums.payouts += event.data.amount;
        if (event.type === 'StakeRefunded') sums.refunds += event.data.amount;
        if (event.type === 'CouponSoldCredited') sums.cashouts += event.data.amount;
        if ('balance' in event.data) sums.balance = event.data.balance;
      }
      return sums;
    };

    const open = async (userName = 'kdealer1') => {
      const response = await api.call(userName, 'GET', `/bills/${shop}/open`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as Totals & { number: number; totals: Totals; net: number; balance: number; walletFromRevision: number; walletToRevision: number; mayCutOff: boolean; from: string | null };
    };
    const bills = async (query = '') => {
      const response = await api.call('kdealer1', 'GET', `/bills/${shop}${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { total: number; bills: Bill[]; account: { userName: string } };
    };
    const place = async (requestId: string, matchId: string, outcome: '1' | '2', stake: number) => {
      const response = await api.call('kterminal1', 'POST', '/coupons', { requestId, tips: [tip(matchId, outcome)], totalStake: stake });
      expect(response.statusCode, response.body).toBe(200);
      return String(response.json().coupon.ticketId);
    };

    beforeAll(async () => {
      storage = await backend.open();
      api = await openReportsApi(storage);
      shop = api.id('kterminal1');
      for (const m of ['m1', 'm2', 'm3']) await api.fixture(m, 1);
      await api.fund('kupon', 'kterminal1', 40_000);
      const won = await place('bill-shop-a', 'm1', '1', 1_000);
      await place('bill-shop-b', 'm2', '1', 2_000);
      await api.result('m1', 2, 1);
      await api.result('m2', 0, 1);
      await api.quiet();
      // A shop ticket's payout reaches the terminal's wallet when it is paid at the counter.
      const paid = await api.call('kterminal1', 'POST', `/coupons/${won}/pay`);
      expect(paid.statusCode, paid.body).toBe(200);
      await api.quiet();
    }, 240_000);

    afterAll(async () => {
      await api?.close();
      await storage?.close();
    });

    let first: Bill;

    it("shows the open period's running totals exactly as a fold of the shop's wallet events, then fixes them in the cut-off", async () => {
      const folded = await foldShop(0);
      const running = await open();
      expect(running.number).toBe(1);
      expect(running.from).toBeNull();
      expect(running.mayCutOff).toBe(true);
      expect(running.totals).toMatchObject({ stakes: folded.stakes, payouts: folded.payouts, refunds: folded.refunds, cashouts: folded.cashouts, coupons: folded.coupons });
      expect(running.totals.coupons).toBe(2);
      expect(running.totals.payouts).toBeGreaterThan(0);
      expect(running.net).toBe(folded.stakes - folded.payouts - folded.refunds - folded.cashouts);
      expect(running.balance).toBe(folded.balance);

      const cut = await api.call('ksubdealer1', 'POST', `/bills/${shop}/cut-off`, { expectedNumber: 1 });
      expect(cut.statusCode, cut.body).toBe(200);
      first = cut.json() as Bill;
      expect(first).toMatchObject({ number: 1, from: null, totals: running.totals, net: running.net, closingBalance: running.balance, cutBy: { userName: 'ksubdealer1', role: 'subDealer' } });
      expect(first.walletToRevision).toBe(running.walletToRevision);

      const after = await open();
      expect(after).toMatchObject({ number: 2, from: first.to, walletFromRevision: first.walletToRevision + 1, net: 0, balance: first.closingBalance });
      expect(after.totals).toMatchObject({ stakes: 0, payouts: 0, coupons: 0 });
    });

    it('puts a later coupon and a correction of a coupon settled in the cut period into the next period; the cut bill stays as it was', async () => {
      api.advance(60_000);
      await place('bill-shop-c', 'm3', '1', 500);
      // m1's result is withdrawn and corrected to an away win: the paid coupon's payout is taken back now.
      await api.rollBack('m1');
      await api.result('m1', 0, 1);
      await api.quiet();
      const second = await foldShop(first.walletToRevision + 1);
      expect(second.coupons).toBe(1);
      expect(second.payouts).toBeLessThan(0);
      const running = await open();
      expect(running.totals).toMatchObject({ stakes: second.stakes, payouts: second.payouts, refunds: second.refunds, cashouts: second.cashouts, coupons: 1 });
      expect(running.net).toBe(second.stakes - second.payouts - second.refunds - second.cashouts);
      const listed = await bills();
      expect(listed.total).toBe(1);
      expect(listed.bills).toEqual([first]);
      // The report read model agrees: as of the cut-off moment it shows the first bill, today the first bill plus the open period.
      const report = async (asOf?: string) => {
        const response = await api.call('kadmin', 'GET', `/reports/players?search=kterminal1${asOf ? `&asOf=${encodeURIComponent(asOf)}` : ''}`);
        expect(response.statusCode, response.body).toBe(200);
        const row = (response.json() as { rows: (Totals & { userId: string })[] }).rows.find((r) => r.userId === shop)!;
        return { stakes: row.stakes, payouts: row.payouts, refunds: row.refunds, cashouts: row.cashouts, coupons: row.coupons };
      };
      const figures = (t: Totals) => ({ stakes: t.stakes, payouts: t.payouts, refunds: t.refunds, cashouts: t.cashouts, coupons: t.coupons });
      expect(await report(first.to)).toEqual(figures(first.totals));
      const sum = (a: Totals, b: Totals) => ({ stakes: a.stakes + b.stakes, payouts: a.payouts + b.payouts, refunds: a.refunds + b.refunds, cashouts: a.cashouts + b.cashouts, coupons: a.coupons + b.coupons });
      expect(await report()).toEqual(sum(figures(first.totals), figures(running.totals)));
      // The first period folded again from the store still gives the fixed bill.
      const again = await foldShop(first.walletFromRevision, first.walletToRevision);
      expect(first.totals).toMatchObject({ stakes: again.stakes, payouts: again.payouts, coupons: again.coupons });
    });

    it('lets exactly one of two racing cut-offs win; the other is told the period was already cut', async () => {
      api.advance(60_000);
      const admin = await api.call('kadmin', 'GET', `/bills/${shop}/open`);
      expect(admin.statusCode, admin.body).toBe(200);
      // One racer goes through another api process: its own caches, only the store's expected revision between them.
      const other = api.otherProcess();
      const operatorCookie = await api.cookie('kupon', 'koperator');
      const racers = await Promise.all([
        api.call('kdealer1', 'POST', `/bills/${shop}/cut-off`, { expectedNumber: 2 }),
        other.inject({ method: 'POST', url: `/api/v1/bills/${shop}/cut-off`, headers: { 'x-site-id': 'kupon', cookie: `kupon_sid=${operatorCookie}` }, payload: { expectedNumber: 2 } }),
        api.call('kadmin', 'POST', `/bills/${shop}/cut-off`, { expectedNumber: 2 }),
        api.call('ktopdealer', 'POST', `/bills/${shop}/cut-off`, {}),
      ]);
      const won = racers.filter((r) => r.statusCode === 200);
      const lost = racers.filter((r) => r.statusCode !== 200);
      expect(won).toHaveLength(1);
      for (const r of lost) {
        expect(r.statusCode).toBe(409);
        expect(r.json().error).toBe('billAlreadyCut|2');
      }
      const listed = await bills();
      expect(listed.total).toBe(2);
      expect(listed.bills.map((b) => b.number)).toEqual([2, 1]);
      expect(listed.bills[0]).toEqual(won[0]!.json());
      expect(listed.bills[0]!.from).toBe(first.to);
      expect((await bills('?offset=1&limit=1')).bills).toEqual([first]);
    });

    it('answers a retried cut-off (the same request id) with the bill it cut instead of cutting again', async () => {
      api.advance(60_000);
      const cookie = await api.cookie('kupon', 'kadmin');
      const send = () => api.app.inject({ method: 'POST', url: `/api/v1/bills/${shop}/cut-off`, headers: { 'x-site-id': 'kupon', 'x-request-id': 'bill-retry-0001', cookie: `kupon_sid=${cookie}` }, payload: { expectedNumber: 3 } });
      const once = await send();
      expect(once.statusCode, once.body).toBe(200);
      api.advance(1_000);
      const twice = await send();
      expect(twice.statusCode, twice.body).toBe(200);
      expect(twice.json()).toEqual(once.json());
      expect((await bills()).total).toBe(3);
      expect((await open()).number).toBe(4);
    });

    it('scopes bills by the dealer tree and the site: another dealer is refused, the regulator and the shop only read, another site sees nothing', async () => {
      const other = await api.call('kdealer2', 'GET', `/bills/${shop}`);
      expect(other.statusCode).toBe(403);
      expect(other.json().error).toBe('thisOperatorNotYour');
      const otherCut = await api.call('kdealer2', 'POST', `/bills/${shop}/cut-off`, {});
      expect(otherCut.json()).toEqual({ error: 'thisOperatorNotYour' });
      expect((await api.call('kregulator', 'GET', `/bills/${shop}`)).statusCode).toBe(200);
      // The read-only regulator is stopped before any write route runs.
      expect((await api.call('kregulator', 'POST', `/bills/${shop}/cut-off`, {})).json()).toEqual({ error: 'readOnlyRole' });
      const own = await api.call('kterminal1', 'GET', `/bills/${shop}`);
      expect(own.statusCode).toBe(200);
      expect((await open('kterminal1')).mayCutOff).toBe(false);
      expect((await api.call('kterminal1', 'POST', `/bills/${shop}/cut-off`, {})).json()).toEqual({ error: 'thisOperatorNotYour' });
      expect((await api.call('kplayer1', 'GET', `/bills/${shop}`)).json()).toEqual({ error: 'thisOperatorNotYour' });
      const bahis = await api.as('badmin', 'bahis');
      const elsewhere = await bahis('GET', `/bills/${shop}`);
      expect(elsewhere.statusCode).toBe(404);
      expect(elsewhere.json()).toEqual({ error: 'noSuchUser' });
      expect((await bahis('POST', `/bills/${shop}/cut-off`, {})).statusCode).toBe(404);
      expect((await bills()).total).toBe(3);
    });
  });
}
