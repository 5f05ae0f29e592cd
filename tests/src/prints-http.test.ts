import { randomUUID } from 'node:crypto';
import { type CouponContext, couponDecider, couponStream, type OutcomeResult } from '@kupon/domain';
import { type TestStorage, testBackends } from '@kupon/projections/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TOMBALA_SERVICE_ID } from '@kupon/demo';
import { type CasinoApi, openCasinoApi } from './casino-harness';
import { type MoneyApi, openMoneyApi, tip } from './money-harness';

const SITE = 'kupon';

for (const backend of testBackends) {
  describe(`prints and the terminal's print calls over HTTP (${backend.name})`, () => {
    let storage: TestStorage;
    let api: MoneyApi;
    let terminal: string;

    beforeAll(async () => {
      storage = await backend.open();
      api = await openMoneyApi(storage);
      terminal = api.login(SITE, 'kterminal1').userId;
    });
    afterAll(async () => {
      await api.close();
      await storage.close();
    });

    const call = async (userName: string, method: 'GET' | 'POST', url: string, payload?: object) => {
      const cookie = await api.cookie(SITE, userName);
      return api.app.inject({ method, url: `/api/v1${url}`, headers: { 'x-site-id': SITE, cookie: `kupon_sid=${cookie}` }, ...(payload ? { payload } : {}) });
    };
    const slip = async (userName: string, kind: string, query: string) => {
      const answer = await call(userName, 'GET', `/prints/${kind}?${query}`);
      return { status: answer.statusCode, body: answer.json() };
    };

    /** Cash into the terminal, then a shop ticket sold from it on one match. */
    const shopTicket = async (requestId: string, matchId: string, stake = 1_000) => {
      expect((await call('kterminal1', 'POST', '/payments/terminal/deposit', { requestId: `cash-${requestId}`, amount: stake })).statusCode).toBe(200);
      await api.settled();
      const placed = await call('kterminal1', 'POST', '/coupons', { requestId, tips: [tip(matchId)], totalStake: stake });
      expect(placed.statusCode, placed.body).toBe(200);
      await api.settled();
      return { ticketId: placed.json().coupon.ticketId as string, code: placed.json().coupon.checkCode as string };
    };

    /** What the settlement reactor does when the feed records a result. */
    const result = async (couponId: string, matchId: string, outcome: OutcomeResult) => {
      const id = randomUUID();
      const meta = { actor: { userId: 'feed', role: 'system' }, correlationId: id, causationId: id, at: api.clock.now().toISOString(), eventId: () => randomUUID() };
      const settled = await api.commands.run(couponStream(couponId), couponDecider, { type: 'SettleSelection', couponId, selectionId: `${matchId}|FT_1X2||1`, result: outcome, now: meta.at }, meta, undefined as unknown as CouponContext);
      expect(settled.ok).toBe(true);
      await api.settled();
    };

    const row = (body: { slip: { lines: { label: string; value: string }[] } }, label: string) => body.slip.lines.find((line) => line.label === label)?.value;

    it('prints a ticket in the asked language and time zone, with the site, its check code and amounts from minor units', async () => {
      const { ticketId, code } = await shopTicket('req-print-0001', 'm1', 1_250);
      const en = await slip('kterminal1', 'coupon', `ref=${ticketId}&lang=en&tz=Europe/Istanbul`);
      expect(en.status, JSON.stringify(en.body)).toBe(200);
      expect(en.body.slip).toMatchObject({ kind: 'coupon', title: 'Coupon', duplicate: false, checkCode: code, reference: ticketId, lang: 'en', timeZone: 'Europe/Istanbul' });
      expect(en.body.slip.siteName).toBeTruthy();
      expect(row(en.body, 'Stake')).toBe('12.50 TRY');
      expect(row(en.body, 'Max. payout')).toBe('23.12 TRY');
      expect(row(en.body, 'Terminal')).toBe('kterminal1');
      expect(en.body.slip.selections).toEqual([expect.objectContaining({ odds: '1.85', result: null })]);

      const tr = await slip('kterminal1', 'coupon', `ref=${ticketId}&lang=tr&tz=UTC`);
      expect(tr.body.slip).toMatchObject({ title: 'Kupon', lang: 'tr' });
      expect(row(tr.body, 'Yatırılan')).toBe('12,50 TRY');
      // The same placing time, three hours apart on paper: Istanbul is UTC+3.
      const hour = (text: string) => Number(text.split(' ')[1]!.split(':')[0]);
      expect((hour(row(en.body, 'Date')!) - hour(row(tr.body, 'Tarih')!) + 24) % 24).toBe(3);

      // Only who may see the ticket prints it: its terminal, a dealer above it; not a player or a sibling dealer.
      expect((await slip('ksubdealer1', 'coupon', `ref=${ticketId}`)).status).toBe(200);
      expect(await slip('kplayer1', 'coupon', `ref=${ticketId}`)).toEqual({ status: 404, body: { error: 'couponNotFound' } });
      expect((await slip('kdealer2', 'duplicate', `ref=${ticketId}`)).status).toBe(404);
      expect(await slip('kterminal1', 'coupon', `ref=${ticketId}&tz=Mars/Olympus`)).toMatchObject({ status: 400 });
      expect(await slip('kterminal1', 'coupon', '')).toEqual({ status: 400, body: { error: 'isRequiredArea|ref' } });
    });

    it('marks a reprint DUPLICATE, and a ticket the terminal reported printed can no longer be cancelled as unprinted', async () => {
      const { ticketId } = await shopTicket('req-print-0002', 'm2');
      expect((await slip('kterminal1', 'duplicate', `ref=${ticketId}&lang=en`)).body.slip).toMatchObject({ title: 'Coupon (DUPLICATE)', duplicate: true });

      const printed = await call('kterminal1', 'POST', `/terminal/coupons/${ticketId}/print-status`, { printer: 'ok' });
      expect([printed.statusCode, printed.json()]).toEqual([200, { status: true, printed: true, cancellable: false }]);
      // Printing the ticket again after it printed gives the duplicate.
      expect((await slip('kterminal1', 'coupon', `ref=${ticketId}&lang=en`)).body.slip).toMatchObject({ duplicate: true, title: 'Coupon (DUPLICATE)' });
      const refused = await call('kterminal1', 'POST', `/terminal/coupons/${ticketId}/print-cancel`);
      expect([refused.statusCode, refused.json()]).toEqual([422, { error: 'slipPrinted' }]);
    });

    it('cancels a ticket whose slip did not print and refunds the stake once, even when cancels race; then prints its cancel slip', async () => {
      const { ticketId } = await shopTicket('req-print-0003', 'm3', 2_000);
      const before = await api.balance(terminal);
      const failed = await call('kterminal1', 'POST', `/terminal/coupons/${ticketId}/print-status`, { printer: 'noPaper' });
      expect(failed.json()).toEqual({ status: true, printed: false, cancellable: true });

      // Someone else's ticket is not found; a player cannot call the terminal's routes.
      expect((await call('kplayer1', 'POST', `/terminal/coupons/${ticketId}/print-cancel`)).statusCode).toBe(403);

      const cancels = await Promise.all([1, 2, 3].map(() => call('kterminal1', 'POST', `/terminal/coupons/${ticketId}/print-cancel`)));
      for (const cancel of cancels) expect([cancel.statusCode, cancel.json().refund, cancel.json().coupon?.status], cancel.body).toEqual([200, 2_000, -2]);
      await api.settled();
      expect(await api.balance(terminal)).toBe(before + 2_000);

      const cancelSlip = await slip('kterminal1', 'cancel', `ref=${ticketId}&lang=en`);
      expect(cancelSlip.body.slip).toMatchObject({ kind: 'cancel', title: 'Cancellation slip' });
      expect(row(cancelSlip.body, 'Refund')).toBe('20.00 TRY');
      // A win slip of a cancelled ticket is refused in words.
      expect(await slip('kterminal1', 'win', `ref=${ticketId}`)).toEqual({ status: 409, body: { error: 'couponNotWon' } });
    });

    it('keeps a ticket once the print window is over', async () => {
      const { ticketId } = await shopTicket('req-print-0004', 'm4');
      api.clock.advance(2 * 60_000 + 1_000);
      const late = await call('kterminal1', 'POST', `/terminal/coupons/${ticketId}/print-cancel`);
      expect([late.statusCode, late.json()]).toEqual([422, { error: 'couponCancellationPeriodOver' }]);
    });

    it('prints the payout slip of a shop ticket paid out at the counter, and the win slip', async () => {
      const { ticketId } = await shopTicket('req-print-0005', 'm5');
      expect(await slip('kterminal1', 'win-terminal', `ref=${ticketId}`)).toEqual({ status: 409, body: { error: 'couponNotPaid' } });
      await result(ticketId, 'm5', 'won');
      expect((await call('kterminal1', 'POST', `/coupons/${ticketId}/pay`)).statusCode).toBe(200);
      const paid = await slip('kterminal1', 'win-terminal', `ref=${ticketId}&lang=en&tz=UTC`);
      expect(paid.body.slip).toMatchObject({ kind: 'win-terminal', title: 'Payout slip' });
      expect(row(paid.body, 'Winnings')).toBe('18.50 TRY');
      expect(row(paid.body, 'Paid on')).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/);
      expect((await slip('kterminal1', 'win', `ref=${ticketId}&lang=tr`)).body.slip).toMatchObject({ title: 'Kazanç Fişi' });
    });

    it('reverses a cash-out whose slip did not print, once however many calls race, and prints it as cancelled', async () => {
      expect((await call('kterminal1', 'POST', '/payments/terminal/deposit', { requestId: 'cash-print-w01', amount: 5_000 })).statusCode).toBe(200);
      await api.settled();
      const before = await api.balance(terminal);
      const out = await call('kterminal1', 'POST', '/payments/terminal/withdraw', { requestId: 'cash-print-w02', amount: 3_000 });
      expect(out.statusCode, out.body).toBe(200);
      const { transferId } = out.json() as { transferId: string };
      expect(await api.balance(terminal)).toBe(before - 3_000);

      const failed = await call('kterminal1', 'POST', `/terminal/withdrawals/${transferId}/print-status`, { printer: 'coverOpen' });
      expect(failed.json()).toEqual({ status: true, printed: false, cancellable: true });
      const reversals = await Promise.all([1, 2, 3].map(() => call('kterminal1', 'POST', `/terminal/withdrawals/${transferId}/cancel`)));
      for (const reversal of reversals) expect([reversal.statusCode, reversal.json().amount], reversal.body).toEqual([200, 3_000]);
      await api.settled();
      expect(await api.balance(terminal)).toBe(before);
      // Asked again later: nothing moves.
      expect((await call('kterminal1', 'POST', `/terminal/withdrawals/${transferId}/cancel`)).json()).toMatchObject({ status: true, balance: before });
      await api.settled();
      expect(await api.balance(terminal)).toBe(before);

      const printedSlip = await slip('kterminal1', 'withdraw', `ref=${transferId}&lang=en`);
      expect(printedSlip.body.slip).toMatchObject({ kind: 'withdraw', title: 'Cash-out slip', footer: ['This transaction was cancelled; the amount is back on the terminal.'] });
      expect(row(printedSlip.body, 'Amount')).toBe('30.00 TRY');
      expect(row(printedSlip.body, 'Status')).toBe('Cancelled');
      expect(await slip('kplayer1', 'withdraw', `ref=${transferId}`)).toEqual({ status: 404, body: { error: 'transferNotFound' } });
      // The terminal's transfer list (a read model) shows it reversed.
      const statusOf = async () => ((await call('kterminal1', 'GET', '/transfers')).json().transfers as { transferId: string; status: string }[]).find((t) => t.transferId === transferId)?.status;
      let listed = await statusOf();
      for (let i = 0; i < 50 && listed !== 'reversed'; i++) {
        await api.settled();
        listed = await statusOf();
      }
      expect(listed).toBe('reversed');
    });

    it('refuses to reverse a cash-out whose slip printed', async () => {
      expect((await call('kterminal1', 'POST', '/payments/terminal/deposit', { requestId: 'cash-print-w03', amount: 1_000 })).statusCode).toBe(200);
      await api.settled();
      const out = await call('kterminal1', 'POST', '/payments/terminal/withdraw', { requestId: 'cash-print-w04', amount: 1_000 });
      const { transferId } = out.json() as { transferId: string };
      await api.settled();
      expect((await call('kterminal1', 'POST', `/terminal/withdrawals/${transferId}/print-status`, { printer: 'ok' })).json()).toEqual({ status: true, printed: true, cancellable: false });
      const refused = await call('kterminal1', 'POST', `/terminal/withdrawals/${transferId}/cancel`);
      expect([refused.statusCode, refused.json()]).toEqual([422, { error: 'slipPrinted' }]);
      expect((await call('kplayer1', 'POST', `/terminal/withdrawals/${transferId}/cancel`)).statusCode).toBe(403);
    });

    it('prints the terminal’s end-of-shift (reset) slip: balances and what moved since the shift began', async () => {
      // The test clock stands still between calls: the shift starts a second after everything before it.
      api.clock.advance(1_000);
      const since = api.clock.now().toISOString();
      const opening = await api.balance(terminal);
      expect((await call('kterminal1', 'POST', '/payments/terminal/deposit', { requestId: 'cash-print-r01', amount: 4_000 })).statusCode).toBe(200);
      await api.settled();
      expect((await call('kterminal1', 'POST', '/payments/terminal/withdraw', { requestId: 'cash-print-r02', amount: 1_500 })).statusCode).toBe(200);
      const placed = await call('kterminal1', 'POST', '/coupons', { requestId: 'req-print-r03', tips: [tip('m7')], totalStake: 700 });
      expect(placed.statusCode).toBe(200);
      await api.settled();
      const closing = await api.balance(terminal);

      // The statement is a read model: ask until it shows the shift's last movement.
      let reset = await slip('kterminal1', 'reset', `since=${encodeURIComponent(since)}&lang=en`);
      for (let i = 0; i < 50 && row(reset.body, 'Tickets sold') !== '7.00 TRY'; i++) {
        await api.settled();
        reset = await slip('kterminal1', 'reset', `since=${encodeURIComponent(since)}&lang=en`);
      }
      expect(reset.status, JSON.stringify(reset.body)).toBe(200);
      expect(reset.body.slip).toMatchObject({ kind: 'reset', title: 'End of shift (reset)', reference: terminal });
      const money = (minor: number) => `${Math.trunc(minor / 100).toLocaleString('en-GB')}.${String(minor % 100).padStart(2, '0')} TRY`;
      expect(row(reset.body, 'Opening balance')).toBe(money(opening));
      expect(row(reset.body, 'Cash in')).toBe('40.00 TRY');
      expect(row(reset.body, 'Cash out')).toBe('15.00 TRY');
      expect(row(reset.body, 'Tickets sold')).toBe('7.00 TRY');
      expect(row(reset.body, 'Closing balance')).toBe(money(closing));

      // A dealer above the terminal prints it too; a player's own account is no terminal's shift.
      expect((await slip('ksubdealer1', 'reset', `ref=${terminal}`)).status).toBe(200);
      expect((await slip('kplayer1', 'reset', '')).status).toBe(404);
      expect((await slip('kdealer2', 'reset', `ref=${terminal}`)).status).toBe(404);
    });

    it('answers a bingo round nobody played as not found', async () => {
      expect(await call('kterminal1', 'GET', '/terminal/bingo/no-such-round').then((r) => [r.statusCode, r.json()])).toEqual([404, { error: 'roundNotFound' }]);
      expect(await slip('kterminal1', 'bingo', 'ref=no-such-round')).toEqual({ status: 404, body: { error: 'roundNotFound' } });
    });
  });
}

for (const backend of testBackends) {
  describe(`bingoCheckTerminal and the bingo slips over HTTP (${backend.name})`, () => {
    let storage: TestStorage;
    let api: CasinoApi;
    const ALL_FLAGS = { sportUser: 1, liveUser: 1, casinoUser: 1, slotUser: 1, virtualUser: 1, bingoUser: 1, tvgamesUser: 1 };

    beforeAll(async () => {
      storage = await backend.open();
      api = await openCasinoApi(storage);
      // A player's own round, checked by the player and by the sub-dealer above them (a terminal's shop
      // rounds are tests/src/terminal-bingo-http.test.ts).
      await api.fund('kplayer1', 10_000);
      expect((await api.call('kadmin', 'PUT', `/staff/users/${api.id('kplayer1')}/products`, ALL_FLAGS)).statusCode).toBe(200);
    }, 120_000);
    afterAll(async () => {
      await api?.close();
      await storage?.close();
    });

    const money = (session: string, transactionId: string, roundId: string, amount: number) => ({ session, transactionId, roundId, serviceId: DEMO_TOMBALA_SERVICE_ID, amount, currency: 'TRY' });
    /** The casino ledger is a read model: ask until the round shows. */
    const round = async (userName: string, roundId: string, until: (body: { round?: { win: number } }) => boolean) => {
      let answer = await api.call(userName, 'GET', `/terminal/bingo/${roundId}`);
      for (let i = 0; i < 50 && !until(answer.json()); i++) {
        await api.caughtUp();
        answer = await api.call(userName, 'GET', `/terminal/bingo/${roundId}`);
      }
      return answer;
    };

    it('shows a tombala round by its id, what it staked and won, and prints its ticket and win slip', async () => {
      const session = await api.open('kplayer1', DEMO_TOMBALA_SERVICE_ID);
      expect((await api.wallet('bet', money(session, 'tb-b1', 'tb-round-1', 400))).statusCode).toBe(200);
      const open = await round('ksubdealer1', 'tb-round-1', (body) => body.round !== undefined);
      expect([open.statusCode, open.json()]).toEqual([200, { round: expect.objectContaining({ roundId: 'tb-round-1', serviceId: DEMO_TOMBALA_SERVICE_ID, title: 'Kupon Tombala', stake: 400, win: 0, refund: 0, result: 'noWin' }) }]);
      const notWon = await api.call('kplayer1', 'GET', '/prints/win-bingo?ref=tb-round-1');
      expect([notWon.statusCode, notWon.json()]).toEqual([409, { error: 'bingoNotWon' }]);

      expect((await api.wallet('win', money(session, 'tb-w1', 'tb-round-1', 20_000))).statusCode).toBe(200);
      const won = await round('ksubdealer1', 'tb-round-1', (body) => (body.round?.win ?? 0) > 0);
      expect(won.json().round).toMatchObject({ stake: 400, win: 20_000, result: 'won' });

      const ticket = await api.call('kplayer1', 'GET', '/prints/bingo?ref=tb-round-1&lang=en&tz=Europe/Istanbul');
      expect(ticket.json().slip).toMatchObject({ kind: 'bingo', title: 'Bingo ticket', reference: 'tb-round-1', checkCode: null });
      expect(ticket.json().slip.lines).toEqual(expect.arrayContaining([{ label: 'Stake', value: '4.00 TRY' }, { label: 'Game', value: 'Kupon Tombala' }]));
      const win = await api.call('kplayer1', 'GET', '/prints/win-bingo?ref=tb-round-1&lang=tr');
      expect(win.json().slip).toMatchObject({ kind: 'win-bingo', title: 'Tombala Kazanç Fişi' });
      expect(win.json().slip.lines).toEqual(expect.arrayContaining([{ label: 'Kazanç', value: '200,00 TRY' }]));

      // Its player sees it too; another player, another dealer's tree or a terminal find no such round.
      expect((await api.call('kplayer1', 'GET', '/terminal/bingo/tb-round-1')).statusCode).toBe(200);
      expect((await api.call('kplayer2', 'GET', '/terminal/bingo/tb-round-1')).json()).toEqual({ error: 'roundNotFound' });
      expect((await api.call('kterminal1', 'GET', '/terminal/bingo/tb-round-1')).statusCode).toBe(404);
      expect((await api.call('kdealer2', 'GET', '/prints/bingo?ref=tb-round-1')).statusCode).toBe(404);
    });
  });
}
