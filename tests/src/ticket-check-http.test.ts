import { randomUUID } from 'node:crypto';
import { type CouponContext, couponDecider, couponStream, type OutcomeResult } from '@kupon/domain';
import { type TestStorage, testBackends } from '@kupon/projections/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MoneyApi, openMoneyApi, tip } from './money-harness';

const SITE = 'kupon';
/** 12 symbols of Crockford's base32 (no I, L, O, U) in groups of four. */
const CODE_SHAPE = /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

for (const backend of testBackends) {
  describe(`ticket check by the slip's code over HTTP (${backend.name})`, () => {
    let storage: TestStorage;
    let api: MoneyApi;
    let addresses = 0;

    beforeAll(async () => {
      storage = await backend.open();
      api = await openMoneyApi(storage);
      await api.fund(SITE, 'kplayer1', 50_000);
    });
    afterAll(async () => {
      await api.close();
      await storage.close();
    });

    const call = async (userName: string, method: 'GET' | 'POST', url: string, payload?: object) => {
      const cookie = await api.cookie(SITE, userName);
      return api.app.inject({ method, url: `/api/v1${url}`, headers: { 'x-site-id': SITE, cookie: `kupon_sid=${cookie}` }, ...(payload ? { payload } : {}) });
    };
    /** A guest: no session; each test from an address of its own, so only the rate-limit test meets the limit. */
    const guest = (url: string, options: { site?: string; from?: string } = {}) =>
      api.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { 'x-site-id': options.site ?? SITE }, remoteAddress: options.from ?? `10.9.${++addresses}.1` });

    /** What the settlement reactor does when the feed records a result. */
    const result = async (couponId: string, matchId: string, outcome: OutcomeResult) => {
      const id = randomUUID();
      const meta = { actor: { userId: 'feed', role: 'system' }, correlationId: id, causationId: id, at: new Date().toISOString(), eventId: () => randomUUID() };
      const settled = await api.commands.run(couponStream(couponId), couponDecider, { type: 'SettleSelection', couponId, selectionId: `${matchId}|FT_1X2||1`, result: outcome, now: meta.at }, meta, undefined as unknown as CouponContext);
      expect(settled.ok).toBe(true);
      await api.settled();
    };

    /** A shop ticket sold by the demo terminal, with the code printed on its slip. */
    const shopTicket = async (requestId: string, matchId: string) => {
      expect((await call('kterminal1', 'POST', '/payments/terminal/deposit', { requestId: `cash-${requestId}`, amount: 1_000 })).statusCode).toBe(200);
      // The cash reaches the terminal's wallet through the transfer-flow reactor: wait for it, or the stake can race ahead of it.
      await api.settled();
      const placed = await call('kterminal1', 'POST', '/coupons', { requestId, tips: [tip(matchId)], totalStake: 1_000 });
      expect(placed.statusCode, placed.body).toBe(200);
      await api.settled();
      return { ticketId: placed.json().coupon.ticketId as string, code: placed.json().coupon.checkCode as string };
    };

    it('gives every coupon one code, the same on placing, in the list and the detail, and found however it is typed', async () => {
      const placed = await call('kplayer1', 'POST', '/coupons', { requestId: 'req-code-000001', tips: [tip('m1'), tip('m2', 'X')], totalStake: 1_000 });
      const { ticketId, checkCode } = placed.json().coupon as { ticketId: string; checkCode: string };
      expect(checkCode).toMatch(CODE_SHAPE);
      await api.settled();
      expect((await call('kplayer1', 'GET', `/coupons/${ticketId}`)).json().coupon.checkCode).toBe(checkCode);
      const listed = (await call('kplayer1', 'GET', '/coupons')).json().coupons as { ticketId: string; checkCode: string }[];
      expect(listed.find((c) => c.ticketId === ticketId)?.checkCode).toBe(checkCode);
      // Repeating the request gets the same coupon, so the same code.
      expect((await call('kplayer1', 'POST', '/coupons', { requestId: 'req-code-000001', tips: [tip('m1'), tip('m2', 'X')], totalStake: 1_000 })).json().coupon.checkCode).toBe(checkCode);
      // Another coupon, another code.
      const other = await call('kplayer1', 'POST', '/coupons', { requestId: 'req-code-000002', tips: [tip('m1')], totalStake: 500 });
      expect(other.json().coupon.checkCode).not.toBe(checkCode);

      for (const typed of [checkCode, checkCode.toLowerCase(), checkCode.replaceAll('-', ''), ` ${checkCode.replaceAll('-', ' ').toLowerCase()} `]) {
        const found = await guest(`/coupons/check/${encodeURIComponent(typed)}`);
        expect(found.statusCode, `${typed}: ${found.body}`).toBe(200);
        expect(found.json().coupon).toMatchObject({ checkCode, totalStake: 1_000, ticketType: 'KK', status: 0, shopTicket: false });
      }
    });

    it('shows a guest the ticket (lines with results, stake, payouts, status, paid) but not whose it is', async () => {
      const { ticketId, code } = await shopTicket('req-code-shop01', 'm3');
      await result(ticketId, 'm3', 'won');
      const found = await guest(`/coupons/check/${code}?lang=en`);
      expect(found.statusCode, found.body).toBe(200);
      expect(found.json().coupon).toMatchObject({ checkCode: code, shopTicket: true, totalStake: 1_000, maxPay: 1_850, status: 1, income: 1_850, paid: false, lines: [{ matchId: 'm3', odds: 1850, status: 'won' }] });
      const terminal = api.login(SITE, 'kterminal1');
      expect(found.json().coupon).not.toHaveProperty('ticketId');
      expect(found.body).not.toContain(terminal.userId);
      expect(found.body).not.toContain(ticketId);
      expect(found.body.toLowerCase()).not.toContain('kterminal1');
    });

    it('answers couponNotFound for a code of another site, a code off by one symbol and something that is no code', async () => {
      const placed = await call('kplayer1', 'POST', '/coupons', { requestId: 'req-code-000003', tips: [tip('m4')], totalStake: 700 });
      const code: string = placed.json().coupon.checkCode;
      await api.settled();
      expect((await guest(`/coupons/check/${code}`)).statusCode).toBe(200);

      const otherSite = await guest(`/coupons/check/${code}`, { site: 'bahis' });
      expect([otherSite.statusCode, otherSite.json()]).toEqual([404, { error: 'couponNotFound' }]);
      const last = code.at(-1)!;
      const offByOne = `${code.slice(0, -1)}${last === 'Z' ? 'Y' : 'Z'}`;
      const wrong = await guest(`/coupons/check/${offByOne}`);
      expect([wrong.statusCode, wrong.json()]).toEqual([404, { error: 'couponNotFound' }]);
      // The part that finds the coupon kept, the key's part changed: still nothing.
      const forged = await guest(`/coupons/check/${code.slice(0, 7)}00-0000`);
      expect([forged.statusCode, forged.json()]).toEqual([404, { error: 'couponNotFound' }]);
      for (const junk of ['UUUU-UUUU-UUUU', 'ABC', `${code}-X`]) {
        const refused = await guest(`/coupons/check/${encodeURIComponent(junk)}`);
        expect([refused.statusCode, refused.json()], junk).toEqual([404, { error: 'couponNotFound' }]);
      }
    });

    it('limits how often one address may check codes, like logging in', async () => {
      const from = '10.99.99.99';
      const answers: number[] = [];
      // A ticket part of its own each time: one ticket's guesses are locked sooner, per ticket (throttle-http.test.ts).
      for (let i = 0; i < 11; i++) answers.push((await guest(`/coupons/check/${'ABCDEFGHJKM'[i]}AAA-BBBB-CCCC`, { from })).statusCode);
      expect(answers.slice(0, 10)).toEqual(Array(10).fill(404));
      const limited = await guest('/coupons/check/AAAA-BBBB-CCCC', { from });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error).toMatch(/^tooManyRequests\|\d+$/);
      // Another address is not held back.
      expect((await guest('/coupons/check/AAAA-BBBB-CCCC')).statusCode).toBe(404);
    });

    it('lets the terminal find its won ticket by code and pay it out once, even when two payouts race', async () => {
      const terminal = api.login(SITE, 'kterminal1').userId;
      const { ticketId, code } = await shopTicket('req-code-shop02', 'm5');
      const waiting = await call('kterminal1', 'GET', `/coupons/check/${code.toLowerCase()}/counter`);
      expect(waiting.statusCode, waiting.body).toBe(200);
      expect(waiting.json()).toMatchObject({ coupon: { ticketId, checkCode: code, status: 0 }, payable: false });

      await result(ticketId, 'm5', 'won');
      const before = await api.balance(terminal);
      const won = await call('kterminal1', 'GET', `/coupons/check/${code}/counter`);
      expect(won.json()).toMatchObject({ coupon: { ticketId, status: 1, paid: false }, payable: true });

      const paying = await Promise.all([call('kterminal1', 'POST', `/coupons/${ticketId}/pay`), call('kterminal1', 'POST', `/coupons/${ticketId}/pay`)]);
      const statuses = paying.map((r) => r.statusCode).sort();
      expect(statuses[0]).toBe(200);
      expect(statuses[1]).not.toBe(200);
      expect(paying.find((r) => r.statusCode !== 200)!.json()).toEqual({ error: 'couponAlreadyPaid' });
      await api.settled();
      expect(await api.balance(terminal)).toBe(before + 1_850);

      const after = await call('kterminal1', 'GET', `/coupons/check/${code}/counter`);
      expect(after.json()).toMatchObject({ coupon: { paid: true }, payable: false });
      expect((await guest(`/coupons/check/${code}`)).json().coupon).toMatchObject({ status: 1, paid: true });
    });

    it('lets a dealer above the terminal find and pay its ticket; another dealer, a player or a guest at the counter finds nothing', async () => {
      const terminal = api.login(SITE, 'kterminal1').userId;
      const { ticketId, code } = await shopTicket('req-code-shop03', 'm6');
      await result(ticketId, 'm6', 'won');

      const sibling = await call('kdealer2', 'GET', `/coupons/check/${code}/counter`);
      expect([sibling.statusCode, sibling.json()]).toEqual([404, { error: 'couponNotFound' }]);
      expect((await call('kdealer2', 'POST', `/coupons/${ticketId}/pay`)).statusCode).toBe(404);
      expect((await call('kplayer1', 'GET', `/coupons/check/${code}/counter`)).statusCode).toBe(404);
      expect((await guest(`/coupons/check/${code}/counter`)).statusCode).toBe(401);

      const before = await api.balance(terminal);
      const above = await call('ksubdealer1', 'GET', `/coupons/check/${code}/counter`);
      expect(above.json()).toMatchObject({ coupon: { ticketId }, payable: true });
      const paid = await call('ksubdealer1', 'POST', `/coupons/${above.json().coupon.ticketId}/pay`);
      expect([paid.statusCode, paid.json().coupon.paid]).toEqual([200, true]);
      await api.settled();
      expect(await api.balance(terminal)).toBe(before + 1_850);
    });
  });
}
