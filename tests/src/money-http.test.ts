import { randomUUID } from 'node:crypto';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CouponContext, couponDecider, couponStream, type OutcomeResult } from '@kupon/domain';
import { DemoPaymentProvider, DEMO_PATHS, DEMO_SIGNATURE_HEADER } from '@kupon/demo';
import { type TestStorage, testBackends } from '@kupon/projections/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MoneyApi, openMoneyApi, tip } from './money-harness';

const SITE = 'kupon';

for (const backend of testBackends) {
  describe(`money over HTTP (${backend.name})`, () => {
    let storage: TestStorage;
    let api: MoneyApi;
    let player: string;

    beforeAll(async () => {
      storage = await backend.open();
      api = await openMoneyApi(storage);
      player = await api.fund(SITE, 'kplayer1', 50_000);
    });
    afterAll(async () => {
      await api.close();
      await storage.close();
    });

    const callOn = async (site: string, userName: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
      const cookie = await api.cookie(site, userName);
      return api.app.inject({ method, url: `/api/v1${url}`, headers: { 'x-site-id': site, cookie: `kupon_sid=${cookie}` }, ...(payload ? { payload } : {}) });
    };
    const call = (userName: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => callOn(SITE, userName, method, url, payload);

    it('places a coupon priced by the book, staked once however often the request is repeated', async () => {
      const body = { requestId: 'req-single-0001', tips: [tip('m1')], totalStake: 1_000 };
      const first = await call('kplayer1', 'POST', '/coupons', body);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().coupon).toMatchObject({ ticketType: 'TK', totalStake: 1_000, maxPay: 1_850, status: 0 });
      expect(first.json().balance).toBe(49_000);
      const again = await call('kplayer1', 'POST', '/coupons', body);
      expect(again.statusCode).toBe(200);
      expect(again.json().coupon.ticketId).toBe(first.json().coupon.ticketId);
      expect(await api.balance(player)).toBe(49_000);

      await api.settled();
      const list = await call('kplayer1', 'GET', '/coupons');
      expect(list.json().coupons.map((c: { ticketId: string }) => c.ticketId)).toEqual([first.json().coupon.ticketId]);
      const detail = await call('kplayer1', 'GET', `/coupons/${first.json().coupon.ticketId}`);
      expect(detail.json()).toMatchObject({ coupon: { lines: [{ matchId: 'm1', odds: 1850, status: null }] }, sellType: true });
      const statement = await call('kplayer1', 'GET', '/wallet/transactions');
      expect(statement.json().transactions.map((t: { type: string; amount: number }) => [t.type, t.amount])).toEqual([
        ['CouponStaked', -1_000],
        ['BalanceAdjusted', 50_000],
      ]);
    });

    it('refuses a stake above the balance, and a price that moved unless the player accepts changes', async () => {
      const broke = await call('kplayer2', 'POST', '/coupons', { requestId: 'req-broke-0001', tips: [tip('m2')], totalStake: 500 });
      expect([broke.statusCode, broke.json()]).toEqual([422, { error: 'insufficientCredit' }]);
      const moved = await call('kplayer1', 'POST', '/coupons', { requestId: 'req-moved-0001', tips: [{ ...tip('m2'), odds: 1900 }], totalStake: 500 });
      expect(moved.json()).toEqual({ error: 'rateChanged' });
      const accepted = await call('kplayer1', 'POST', '/coupons', { requestId: 'req-moved-0002', tips: [{ ...tip('m2'), odds: 1900 }], totalStake: 500, oddChangeOk: true });
      expect(accepted.json().coupon.lines[0].odds).toBe(1850);
    });

    it('cancels a waiting coupon and the stake comes back through the wallet', async () => {
      const before = await api.balance(player);
      const placed = await call('kplayer1', 'POST', '/coupons', { requestId: 'req-cancel-001', tips: [tip('m3'), tip('m4', '2')], totalStake: 2_000 });
      expect(placed.json().coupon.ticketType).toBe('KK');
      expect(await api.balance(player)).toBe(before - 2_000);
      const cancelled = await call('kplayer1', 'POST', `/coupons/${placed.json().coupon.ticketId}/cancel`);
      expect(cancelled.json().coupon.status).toBe(-2);
      await api.settled();
      expect(await api.balance(player)).toBe(before);
      const twice = await call('kplayer1', 'POST', `/coupons/${placed.json().coupon.ticketId}/cancel`);
      expect(twice.json()).toEqual({ error: 'couponNotWaiting' });
      await api.settled();
      expect(await api.balance(player)).toBe(before);
    });

    it('offers a waiting single its cash-out value in the detail and sells it for no more, the money through the wallet', async () => {
      const placed = await call('kplayer1', 'POST', '/coupons', { requestId: 'req-sell-00001', tips: [tip('m5')], totalStake: 1_000 });
      const ticket = placed.json().coupon.ticketId;
      const before = await api.balance(player);
      // Odds unchanged since placing: the fair value is the stake, less the site's 5 % sell margin.
      const detail = (await call('kplayer1', 'GET', `/coupons/${ticket}`)).json();
      expect(detail).toMatchObject({ sellType: true, sellAmount: 950 });
      const greedy = await call('kplayer1', 'POST', `/coupons/${ticket}/sell`, { sellok: 951 });
      expect(greedy.json()).toEqual({ error: 'sellCouponWarningNowNot' });
      // Nor a lower figure of the client's: the book pays the offer it computes, or nothing.
      const cheap = await call('kplayer1', 'POST', `/coupons/${ticket}/sell`, { sellok: 1 });
      expect(cheap.json()).toEqual({ error: 'sellCouponWarningNowNot' });
      const sold = await call('kplayer1', 'POST', `/coupons/${ticket}/sell`, { sellok: 950 });
      expect(sold.statusCode, sold.body).toBe(200);
      expect(sold.json().coupon).toMatchObject({ status: 2, income: 950, paid: true });
      expect(sold.json().sellAmount).toBeUndefined();
      await api.settled();
      expect(await api.balance(player)).toBe(before + 950);
      const combined = await call('kplayer1', 'POST', '/coupons', { requestId: 'req-sell-00002', tips: [tip('m6'), tip('m7')], totalStake: 1_000 });
      expect((await call('kplayer1', 'GET', `/coupons/${combined.json().coupon.ticketId}`)).json().sellType).toBe(true);
    });

    it('runs the demo checkout page for real: the payer confirms, the provider calls back signed, the wallet is credited', async () => {
      await api.app.listen({ port: 0, host: '127.0.0.1' });
      const address = api.app.server.address();
      const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const before = await api.balance(player);
      const cookie = await api.cookie(SITE, 'kplayer1');
      const requested = await fetch(`${origin}/api/v1/payments/requests`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-site-id': SITE, cookie: `kupon_sid=${cookie}` },
        body: JSON.stringify({ requestId: 'dep-page-0001', payId: 102, payCatId: 2, values: [{ name: 'amount', value: '40' }, { name: 'birth', value: '01-02-1990' }] }),
      });
      const answer = (await requested.json()) as { iframe: number; redirect: string | null; paymenturl: string; transferId: string };
      expect(answer).toMatchObject({ iframe: 2, redirect: null });
      expect(answer.paymenturl.startsWith(origin)).toBe(true);
      const page = await fetch(answer.paymenturl);
      expect(page.headers.get('x-frame-options')).toBeNull();
      const token = /name="token" value="([^"]+)"/.exec(await page.text())![1]!;
      const form = new URLSearchParams({ token, amount: '4000', outcome: 'confirmed' });
      const paid = await fetch(`${origin}${DEMO_PATHS.checkout(answer.transferId)}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() });
      expect(await paid.text()).toContain('Payment received');
      await api.settled();
      expect(await api.balance(player)).toBe(before + 4_000);
    });

    it('never aims the signed callback at an address from the request: a forged Host header reaches nobody', async () => {
      if (!api.app.server.listening) await api.app.listen({ port: 0, host: '127.0.0.1' });
      const address = api.app.server.address();
      const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      // A listener of the attacker's on this machine, named in the Host header of the payer's POST.
      const aimed: string[] = [];
      const trap = createServer((request, response) => {
        aimed.push(`${request.method} ${request.url}`);
        response.end('ok');
      });
      await new Promise<void>((resolve) => trap.listen(0, '127.0.0.1', resolve));
      const trapPort = (trap.address() as AddressInfo).port;
      try {
        const before = await api.balance(player);
        const cookie = await api.cookie(SITE, 'kplayer1');
        const requested = await fetch(`${origin}/api/v1/payments/requests`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-site-id': SITE, cookie: `kupon_sid=${cookie}` },
          body: JSON.stringify({ requestId: 'dep-host-0001', payId: 102, payCatId: 2, values: [{ name: 'amount', value: '25' }, { name: 'birth', value: '01-02-1990' }] }),
        });
        const answer = (await requested.json()) as { paymenturl: string; transferId: string };
        const token = /name="token" value="([^"]+)"/.exec(await (await fetch(answer.paymenturl)).text())![1]!;
        const form = new URLSearchParams({ token, amount: '2500', outcome: 'confirmed' }).toString();
        const paid = await httpPost(`${origin}${DEMO_PATHS.checkout(answer.transferId)}`, { 'content-type': 'application/x-www-form-urlencoded', host: `127.0.0.1:${trapPort}` }, form);
        expect(paid).toContain('Payment received');
        expect(aimed).toEqual([]);
        await api.settled();
        expect(await api.balance(player)).toBe(before + 2_500);
      } finally {
        await new Promise((resolve) => trap.close(resolve));
      }
    });

    it('deposits through the demo provider: its page, its signed callback; a forged or replayed callback changes nothing', async () => {
      const before = await api.balance(player);
      const requested = await call('kplayer1', 'POST', '/payments/requests', { requestId: 'dep-demo-0001', payId: 101, payCatId: 1, values: [{ name: 'amount', value: '150' }] });
      expect(requested.statusCode, requested.body).toBe(200);
      const { transferId, redirect } = requested.json();
      expect(redirect).toContain(DEMO_PATHS.checkout(transferId));
      const page = await api.app.inject({ method: 'GET', url: redirect.replace(/^https?:\/\/[^/]+/, '') });
      expect(page.body).toContain('150.00 TRY');

      const again = await call('kplayer1', 'POST', '/payments/requests', { requestId: 'dep-demo-0002', payId: 101, payCatId: 1, values: [{ name: 'amount', value: '20' }] });
      expect(again.json()).toEqual({ error: 'alreadyHaveTransaction' });

      const demo = new DemoPaymentProvider('test-secret');
      const forged = new DemoPaymentProvider('guessed-secret').callback(transferId, 'confirmed', 15_000, 'px-1');
      const send = (callback: { body: string; signature: string }) =>
        api.app.inject({ method: 'POST', url: DEMO_PATHS.callback, headers: { 'content-type': 'application/json', [DEMO_SIGNATURE_HEADER]: callback.signature }, payload: callback.body });
      expect((await send(forged)).json()).toEqual({ error: 'invalidSignature' });
      expect((await send(demo.callback(transferId, 'confirmed', 99_999, 'px-1'))).json()).toEqual({ error: 'amountMismatch' });
      const confirmed = demo.callback(transferId, 'confirmed', 15_000, 'px-1');
      expect((await send(confirmed)).statusCode).toBe(200);
      expect((await send(confirmed)).statusCode).toBe(200);
      await api.settled();
      expect(await api.balance(player)).toBe(before + 15_000);
      expect((await send(demo.callback(transferId, 'failed', 15_000, 'px-1'))).json()).toEqual({ error: 'transferAlreadyDecided' });
      await api.settled();
      expect(await api.balance(player)).toBe(before + 15_000);
      const transfers = await call('kplayer1', 'GET', '/transfers');
      const mine = transfers.json().transfers.find((t: { transferId: string }) => t.transferId === transferId);
      expect([mine.status, mine.amount]).toEqual(['credited', 15_000]);
    });

    it('refuses a provider reference already spent on another deposit with 409, and that deposit stays decidable', async () => {
      const demo = new DemoPaymentProvider('test-secret');
      const send = (callback: { body: string; signature: string }) =>
        api.app.inject({ method: 'POST', url: DEMO_PATHS.callback, headers: { 'content-type': 'application/json', [DEMO_SIGNATURE_HEADER]: callback.signature }, payload: callback.body });
      const before = await api.balance(player);
      const first = (await call('kplayer1', 'POST', '/payments/requests', { requestId: 'dep-ref-0001', payId: 101, payCatId: 1, values: [{ name: 'amount', value: '30' }] })).json().transferId;
      expect((await send(demo.callback(first, 'confirmed', 3_000, 'px-shared'))).statusCode).toBe(200);
      await api.settled();
      const second = await call('kplayer1', 'POST', '/payments/requests', { requestId: 'dep-ref-0002', payId: 101, payCatId: 1, values: [{ name: 'amount', value: '40' }] });
      expect(second.statusCode, second.body).toBe(200);
      const reused = await send(demo.callback(second.json().transferId, 'confirmed', 4_000, 'px-shared'));
      expect([reused.statusCode, reused.json()]).toEqual([409, { error: 'providerReferenceUsed' }]);
      // Its own reference still confirms it: nothing was written by the refused one.
      expect((await send(demo.callback(second.json().transferId, 'confirmed', 4_000, 'px-own'))).statusCode).toBe(200);
      await api.settled();
      expect(await api.balance(player)).toBe(before + 7_000);
    });

    it('holds a withdrawal until staff pay it, validating the §5 form', async () => {
      const before = await api.balance(player);
      const short = await call('kplayer1', 'POST', '/payments/requests', { requestId: 'wd-0000000001', payId: 201, payCatId: 20, transferType: '2', values: [{ name: 'amount', value: '100' }, { name: 'iban', value: 'TR12' }, { name: 'holder', value: 'Ayşe' }] });
      expect(short.json()).toEqual({ error: 'minLengthMaxLength|IBAN|26|34' });
      const iban = 'TR120006400000011234567890';
      const held = await call('kplayer1', 'POST', '/payments/requests', { requestId: 'wd-0000000002', payId: 201, payCatId: 20, transferType: '2', values: [{ name: 'amount', value: '100' }, { name: 'iban', value: iban }, { name: 'holder', value: 'Ayşe Y' }] });
      expect(held.json()).toMatchObject({ msg: 'withdrawRequestSuccess' });
      expect(await api.balance(player)).toBe(before - 10_000);
      await api.settled();
      const approved = await call('kadmin', 'POST', `/transfers/${held.json().transferId}/approve`);
      expect(approved.json().status).toBe('approved');
      await api.settled();
      expect(await api.balance(player)).toBe(before - 10_000);
      const list = await call('kadmin', 'GET', '/transfers?all=true&status=paid');
      expect(list.json().transfers.map((t: { transferId: string }) => t.transferId)).toContain(held.json().transferId);
    });

    it('takes cash into a terminal and pays it out, each with a printable slip', async () => {
      const terminal = api.login(SITE, 'kterminal1').userId;
      const cashIn = await call('kterminal1', 'POST', '/payments/terminal/deposit', { requestId: 'cash-in-000001', amount: 5_000 });
      expect(cashIn.statusCode, cashIn.body).toBe(200);
      expect(cashIn.json().slip.lines).toContain('IN 50.00 TRY');
      expect(cashIn.json().msg).toBe('depositRequestSuccess');
      await api.settled();
      expect(await api.balance(terminal)).toBe(5_000);
      const tooMuch = await call('kterminal1', 'POST', '/payments/terminal/withdraw', { requestId: 'cash-out-00001', amount: 5_001 });
      expect(tooMuch.json()).toEqual({ error: 'insufficientCredit' });
      const cashOut = await call('kterminal1', 'POST', '/payments/terminal/withdraw', { requestId: 'cash-out-00002', amount: 2_000 });
      expect(cashOut.json().slip.lines).toContain('OUT 20.00 TRY');
      // Spec §8 success key of a terminal's cash-out.
      expect(cashOut.json().msg).toBe('withdrawForTerminalMessage');
      await api.settled();
      expect(await api.balance(terminal)).toBe(3_000);
      const byPlayer = await call('kplayer1', 'POST', '/payments/terminal/deposit', { requestId: 'cash-in-000002', amount: 5_000 });
      expect(byPlayer.statusCode).toBe(403);
    });

    /** What the settlement reactor does when the feed records a result: one selection's result on the coupon stream. */
    const result = async (couponId: string, matchId: string, outcome: OutcomeResult, type: 'SettleSelection' | 'ResettleSelection' = 'SettleSelection') => {
      const id = randomUUID();
      const meta = { actor: { userId: 'feed', role: 'system' }, correlationId: id, causationId: id, at: new Date().toISOString(), eventId: () => randomUUID() };
      const settled = await api.commands.run(couponStream(couponId), couponDecider, { type, couponId, selectionId: `${matchId}|FT_1X2||1`, result: outcome, now: meta.at }, meta, undefined as unknown as CouponContext);
      expect(settled.ok).toBe(true);
      await api.settled();
    };

    it('pays a won shop ticket out at the counter: the payout reaches the terminal then, once, and a later correction moves the difference', async () => {
      const terminal = api.login(SITE, 'kterminal1').userId;
      await call('kterminal1', 'POST', '/payments/terminal/deposit', { requestId: 'cash-in-shop-01', amount: 2_000 });
      await api.settled();
      const start = await api.balance(terminal);
      const placed = await call('kterminal1', 'POST', '/coupons', { requestId: 'req-shop-00001', tips: [tip('m5')], totalStake: 1_000 });
      expect(placed.statusCode, placed.body).toBe(200);
      const ticketId: string = placed.json().coupon.ticketId;
      await api.settled();

      // Won, but nobody has come to the counter yet: the shop's money does not move.
      await result(ticketId, 'm5', 'won');
      expect(await api.balance(terminal)).toBe(start - 1_000);
      expect((await call('kterminal1', 'GET', `/coupons/${ticketId}`)).json().coupon).toMatchObject({ status: 1, paid: false, maxPay: 1_850 });
      const stranger = await call('kplayer1', 'POST', `/coupons/${ticketId}/pay`);
      expect(stranger.statusCode).toBe(404);
      // The regulator's role is read-only: it may look, never pay.
      const regulator = await call('kregulator', 'POST', `/coupons/${ticketId}/pay`);
      expect(regulator.statusCode).toBe(403);

      const paid = await call('kterminal1', 'POST', `/coupons/${ticketId}/pay`);
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json().coupon).toMatchObject({ status: 1, paid: true });
      await api.settled();
      expect(await api.balance(terminal)).toBe(start - 1_000 + 1_850);
      const again = await call('kterminal1', 'POST', `/coupons/${ticketId}/pay`);
      expect(again.json()).toEqual({ error: 'couponAlreadyPaid' });
      await api.settled();
      expect(await api.balance(terminal)).toBe(start - 1_000 + 1_850);

      // The result is corrected to void after the ticket was paid: the shop gives back the difference.
      await result(ticketId, 'm5', 'void', 'ResettleSelection');
      expect(await api.balance(terminal)).toBe(start);
      const statement = await call('kterminal1', 'GET', '/wallet/transactions');
      expect(statement.json().transactions.slice(0, 3).map((t: { type: string; amount: number }) => [t.type, t.amount])).toEqual([
        ['PayoutCorrected', -850],
        ['PayoutCredited', 1_850],
        ['CouponStaked', -1_000],
      ]);
    });

    it('pays an online coupon into the wallet at settlement; the counter refuses it', async () => {
      const before = await api.balance(player);
      const placed = await call('kplayer1', 'POST', '/coupons', { requestId: 'req-online-win-1', tips: [tip('m6')], totalStake: 1_000 });
      const ticketId: string = placed.json().coupon.ticketId;
      await api.settled();
      await result(ticketId, 'm6', 'won');
      expect(await api.balance(player)).toBe(before - 1_000 + 1_850);
      const counter = await call('kadmin', 'POST', `/coupons/${ticketId}/pay`);
      expect([counter.statusCode, counter.json()]).toEqual([422, { error: 'couponNotPayable' }]);
      const byPlayer = await call('kplayer1', 'POST', `/coupons/${ticketId}/pay`);
      expect(byPlayer.statusCode).toBe(403);
      await api.settled();
      expect(await api.balance(player)).toBe(before - 1_000 + 1_850);
    });

    it('hands dealer credit down the tree and cuts it back, never to an account that is not its own', async () => {
      const adjust = await call('kadmin', 'POST', '/wallet/adjustments', { requestId: 'adj-sub-00001', userId: api.login(SITE, 'ksubdealer1').userId, amount: 30_000, reason: 'float' });
      expect(adjust.statusCode, adjust.body).toBe(200);
      const before = await api.balance(player);
      const sent = await call('ksubdealer1', 'POST', '/wallet/credit/send', { requestId: 'send-000000001', toUserId: player, amount: 20_000 });
      expect(sent.json().wallet.balance).toBe(10_000);
      const tooMuch = await call('ksubdealer1', 'POST', '/wallet/credit/send', { requestId: 'send-000000002', toUserId: player, amount: 20_000 });
      expect(tooMuch.json()).toEqual({ error: 'insufficientCredit' });
      const notMine = await call('ksubdealer1', 'POST', '/wallet/credit/send', { requestId: 'send-000000003', toUserId: api.login(SITE, 'kplayer2').userId, amount: 100 });
      expect(notMine.json()).toEqual({ error: 'thisOperatorNotYour' });
      await api.settled();
      expect(await api.balance(player)).toBe(before + 20_000);
      const cut = await call('ksubdealer1', 'POST', '/wallet/credit/cut', { requestId: 'cut-0000000001', fromUserId: player, amount: 5_000 });
      expect(cut.statusCode, cut.body).toBe(200);
      await api.settled();
      expect([await api.balance(player), await api.balance(api.login(SITE, 'ksubdealer1').userId)]).toEqual([before + 15_000, 15_000]);
      const history = await call('ksubdealer1', 'GET', '/wallet/credit/history');
      expect(history.json().transactions.map((t: { type: string; amount: number }) => [t.type, t.amount])).toEqual([
        ['CreditReturned', 5_000],
        ['CreditSent', -20_000],
      ]);
    });

    it('a dealer audits the credit history of its whole subtree: limits with who set them, sends and cuts; never another dealer’s', async () => {
      const id = (name: string) => api.login(SITE, name).userId;
      await call('kadmin', 'POST', '/wallet/adjustments', { requestId: 'adj-top-000001', userId: id('ktopdealer'), amount: 100_000, reason: 'float' });
      const limit = await call('ktopdealer', 'PUT', '/wallet/credit/limit', { requestId: 'limit-d1-00001', userId: id('kdealer1'), creditLimit: 5_000 });
      expect(limit.statusCode, limit.body).toBe(200);
      expect(limit.json().wallet).toMatchObject({ creditLimit: 5_000 });
      const foreign = await call('kdealer2', 'PUT', '/wallet/credit/limit', { requestId: 'limit-d1-00002', userId: id('kdealer1'), creditLimit: 50_000 });
      expect(foreign.json()).toEqual({ error: 'thisOperatorNotYour' });
      expect((await call('ktopdealer', 'POST', '/wallet/credit/send', { requestId: 'send-d1-000001', toUserId: id('kdealer1'), amount: 20_000 })).statusCode).toBe(200);
      await api.settled();
      expect((await call('kdealer1', 'POST', '/wallet/credit/send', { requestId: 'send-s1-000001', toUserId: id('ksubdealer1'), amount: 3_000 })).statusCode).toBe(200);
      // Down to its credit limit, and not a cent below.
      const toLimit = await call('kdealer1', 'POST', '/wallet/credit/send', { requestId: 'send-s1-000002', toUserId: id('ksubdealer1'), amount: 22_000 });
      expect(toLimit.json().wallet).toMatchObject({ balance: -5_000, available: 0 });
      const below = await call('kdealer1', 'POST', '/wallet/credit/send', { requestId: 'send-s1-000003', toUserId: id('ksubdealer1'), amount: 1 });
      expect(below.json()).toEqual({ error: 'insufficientCredit' });
      await api.settled();

      type Row = { accountId: string; type: string; amount: number; creditLimit: number | null; actorId: string | null };
      const history = async (userName: string, query: string) => (await call(userName, 'GET', `/wallet/credit/history?${query}`)).json().transactions as Row[];
      const top = await history('ktopdealer', 'scope=subtree');
      const of = (rows: Row[], name: string) => rows.filter((r) => r.accountId === id(name)).map((r) => [r.type, r.amount, r.creditLimit, r.actorId]);
      expect(of(top, 'kdealer1')).toEqual([
        ['CreditSent', -22_000, null, null],
        ['CreditSent', -3_000, null, null],
        ['CreditReceived', 20_000, null, null],
        ['CreditLimitSet', 0, 5_000, id('ktopdealer')],
      ]);
      expect(of(top, 'ksubdealer1').slice(0, 2)).toEqual([
        ['CreditReceived', 22_000, null, null],
        ['CreditReceived', 3_000, null, null],
      ]);
      expect(of(top, 'ktopdealer')[0]).toEqual(['CreditSent', -20_000, null, null]);
      // Its own account only, unless it asks for the subtree.
      expect(new Set((await history('ktopdealer', '')).map((r) => r.accountId))).toEqual(new Set([id('ktopdealer')]));
      // Each level sees its own subtree, never the level above or a sibling's.
      const dealer1 = await history('kdealer1', 'scope=subtree');
      expect(dealer1.some((r) => r.accountId === id('ktopdealer'))).toBe(false);
      expect(of(dealer1, 'ksubdealer1').length).toBeGreaterThan(0);
      const dealer2 = await history('kdealer2', 'scope=subtree');
      expect(dealer2.some((r) => [id('kdealer1'), id('ksubdealer1'), id('ktopdealer')].includes(r.accountId))).toBe(false);
      expect((await call('kdealer2', 'GET', `/wallet/credit/history?scope=subtree&userId=${id('kdealer1')}`)).json()).toEqual({ error: 'thisOperatorNotYour' });
    });

    it('a COMMUNITY_BANK deposit waits for staff to confirm it by hand; statements and transfers answer a date range', async () => {
      const kplayer2 = api.login(SITE, 'kplayer2').userId;
      const start = await api.balance(kplayer2);
      const bank = (requestId: string, swift: string, amount: number) => call('kplayer2', 'POST', '/payments/requests', { requestId, payId: 660, payCatId: 3, amount, values: [{ name: 'bank', value: swift }] });
      expect((await bank('dep-bank-00001', 'TRHBTR2A', 10_000)).json()).toEqual({ error: 'bankUnavailable|Halkbank' });
      expect((await bank('dep-bank-00002', 'AKBKTRIS', 25_000)).json()).toEqual({ error: 'amountOutOfRange|10000|50000' });
      const banks = (await call('kplayer2', 'GET', '/payments/banks?payId=660&payCatId=3')).json();
      expect(banks.banks.find((b: { swiftcode: string }) => b.swiftcode === 'AKBKTRIS').amounts.map((a: { amount: number }) => a.amount)).toEqual([10_000, 50_000]);

      const firstAt = api.clock.now();
      const first = await bank('dep-bank-00003', 'TCZBTR2A', 10_000);
      expect(first.json()).toMatchObject({ status: true, iframe: 0, redirect: null, msg: 'depositRequestSuccess' });
      await api.settled();
      expect(await api.balance(kplayer2)).toBe(start);
      // `all=false` is false: staff see only their own requests unless they ask for the site's.
      const ids = async (query: string) => ((await call('kadmin', 'GET', `/transfers?${query}`)).json().transfers as { transferId: string }[]).map((t) => t.transferId);
      expect(await ids('all=true&status=requested')).toContain(first.json().transferId);
      expect(await ids('all=false')).not.toContain(first.json().transferId);
      const confirmed = await call('kadmin', 'POST', `/transfers/${first.json().transferId}/approve`);
      expect(confirmed.json().status).toBe('approved');
      await api.settled();
      expect(await api.balance(kplayer2)).toBe(start + 10_000);

      api.clock.advance(10 * 60_000);
      const secondAt = api.clock.now();
      const second = await bank('dep-bank-00004', 'TCZBTR2A', 25_000);
      await api.settled();
      const rejected = await call('kadmin', 'POST', `/transfers/${second.json().transferId}/reject`, { reason: 'no money arrived' });
      expect(rejected.json()).toMatchObject({ status: 'rejected', reason: 'no money arrived' });
      await api.settled();
      expect(await api.balance(kplayer2)).toBe(start + 10_000);

      const range = (from: Date, to: Date) => `from=${from.toISOString()}&to=${to.toISOString()}`;
      const early = range(firstAt, new Date(secondAt.getTime() - 1));
      const late = range(secondAt, new Date(secondAt.getTime() + 60_000));
      const transfers = async (query: string) => ((await call('kplayer2', 'GET', `/transfers?${query}`)).json().transfers as { transferId: string; status: string }[]).map((t) => [t.transferId, t.status]);
      expect(await transfers(early)).toEqual([[first.json().transferId, 'credited']]);
      expect(await transfers(late)).toEqual([[second.json().transferId, 'rejected']]);
      const statement = async (query: string) => ((await call('kplayer2', 'GET', `/wallet/transactions?${query}`)).json().transactions as { type: string; amount: number }[]).map((t) => [t.type, t.amount]);
      expect(await statement(early)).toEqual([
        ['DepositCredited', 10_000],
        ['DepositRequested', 0],
      ]);
      expect(await statement(late)).toEqual([
        ['DepositFailed', 0],
        ['DepositRequested', 0],
      ]);
      expect((await call('kplayer2', 'GET', '/transfers?from=yesterday')).json()).toEqual({ error: 'dateRequired|from' });
    });

    it('each site offers its own payment methods: on or off, order, amounts and names per language', async () => {
      const off = await call('kadmin', 'PUT', '/payments/methods/settings/deposit/3', { enabled: false, order: 0 });
      expect(off.statusCode, off.body).toBe(200);
      const card = await call('kadmin', 'PUT', '/payments/methods/settings/deposit/1', { enabled: true, order: 9, minAmount: 2_000, names: { en: 'Visa / Mastercard' } });
      expect(card.json().methods.find((m: { direction: string; payCatId: number }) => m.direction === 'deposit' && m.payCatId === 1).setting).toEqual({ enabled: true, order: 9, minAmount: 2_000, maxAmount: null, names: { en: 'Visa / Mastercard' } });
      expect((await call('kadmin', 'PUT', '/payments/methods/settings/deposit/99', { enabled: true, order: 1 })).json()).toEqual({ error: 'paymentMethodNotFound' });
      expect((await call('kadmin', 'PUT', '/payments/methods/settings/deposit/1', { enabled: true, order: 1, minAmount: 5_000, maxAmount: 100 })).statusCode).toBe(400);
      expect((await call('kplayer1', 'PUT', '/payments/methods/settings/deposit/1', { enabled: false, order: 1 })).statusCode).toBe(403);

      type Listed = { payCatId: number; catName: string; minAmount: number; paytypes: { minAmount: number }[] };
      const listed = async (site: string, userName: string) => (await callOn(site, userName, 'GET', '/payments/methods?lang=en')).json().methods as Listed[];
      const kupon = await listed(SITE, 'kplayer1');
      expect(kupon.map((m) => m.payCatId)).toEqual([2, 5, 4, 1]);
      expect(kupon.at(-1)).toMatchObject({ catName: 'Visa / Mastercard', minAmount: 2_000, paytypes: [{ minAmount: 2_000 }] });
      // The other brand keeps the product's list as it is.
      const bahis = await listed('bahis', 'bplayer1');
      expect(bahis.map((m) => m.payCatId)).toEqual([1, 2, 5, 3, 4]);
      expect(bahis[0]).toMatchObject({ catName: 'Card (demo)', minAmount: 1_000 });

      const small = await call('kplayer1', 'POST', '/payments/requests', { requestId: 'dep-small-0001', payId: 101, payCatId: 1, values: [{ name: 'amount', value: '15' }] });
      expect(small.json()).toEqual({ error: 'amountOutOfRange|2000|2000000' });
      const hidden = await call('kplayer1', 'POST', '/payments/requests', { requestId: 'dep-hidden-001', payId: 660, payCatId: 3, amount: 10_000, values: [{ name: 'bank', value: 'TCZBTR2A' }] });
      expect(hidden.json()).toEqual({ error: 'paymentMethodNotFound' });

      // Mobile payment answers `iframe 1`: the player's window goes to the provider's own page.
      const mobile = await call('kplayer1', 'POST', '/payments/requests', { requestId: 'dep-mobile-001', payId: 105, payCatId: 5, values: [{ name: 'amount', value: '30' }, { name: 'phone', value: '05551112233' }] });
      expect(mobile.json()).toMatchObject({ iframe: 1, redirect: null });
      const { transferId, paymenturl } = mobile.json() as { transferId: string; paymenturl: string };
      expect(paymenturl).toContain(DEMO_PATHS.checkout(transferId));
      const page = await api.app.inject({ method: 'GET', url: paymenturl.replace(/^https?:\/\/[^/]+/, '') });
      expect(page.body).toContain('30.00 TRY');
      const declined = new DemoPaymentProvider('test-secret').callback(transferId, 'failed', 3_000, 'px-mobile-1');
      const answer = await api.app.inject({ method: 'POST', url: DEMO_PATHS.callback, headers: { 'content-type': 'application/json', [DEMO_SIGNATURE_HEADER]: declined.signature }, payload: declined.body });
      expect(answer.statusCode).toBe(200);
      await api.settled();
      const mine = (await call('kplayer1', 'GET', '/transfers')).json().transfers.find((t: { transferId: string }) => t.transferId === transferId);
      expect(mine.status).toBe('rejected');
    });
  });
}

/** A POST with headers fetch will not send (Host): node:http as a client that forges them. */
function httpPost(url: string, headers: Record<string, string>, body: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: 'POST', headers: { ...headers, 'content-length': Buffer.byteLength(body) } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve(text));
    });
    request.on('error', reject);
    request.end(body);
  });
}
