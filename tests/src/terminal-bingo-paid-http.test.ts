import { DEMO_TOMBALA_SERVICE_ID } from '@kupon/demo';
import { sessionCookie } from '@kupon/api/testing';
import { type TestStorage, testBackends } from '@kupon/projections/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CasinoApi, openCasinoApi, SITE } from './casino-harness';

const TOMBALA = DEMO_TOMBALA_SERVICE_ID;

type Line = { label: string; value: string };
type Paid = { at: string; by: string } | null | undefined;
type RoundBody = { round?: { roundId: string; win: number; result: string; paid?: Paid } };

/**
 * A shop bingo win is paid at the counter once (api/PRINTS.md "Shop bingo"): the terminal that sold a
 * won round marks it paid; a second mark, even one racing the first, is refused `bingoAlreadyPaid`;
 * a round without a win is `bingoNotWon`; another terminal finds no such round. The check and the win
 * slip show when and by whom it was paid. No money moves: the win is already in the drawer.
 */
for (const backend of testBackends) {
  describe(`a shop bingo win is paid at the counter once (${backend.name})`, () => {
    let storage: TestStorage;
    let api: CasinoApi;
    let terminal: string;
    const cookies = new Map<string, string>();

    beforeAll(async () => {
      storage = await backend.open();
      api = await openCasinoApi(storage);
      terminal = await api.fund('kterminal1', 100_000);
      // A second terminal beside the first, under the same sub-dealer.
      const opened = await api.call('ksubdealer1', 'POST', '/staff/users', { userName: 'kpaidterminal2', password: '246810', role: 'terminal' });
      expect(opened.statusCode, opened.body).toBe(201);
      const login = await api.app.inject({ method: 'POST', url: '/api/v1/sessions/terminal', headers: { 'x-site-id': SITE }, payload: { userName: 'kpaidterminal2', password: '246810' } });
      expect(login.statusCode, login.body).toBe(200);
      cookies.set('kpaidterminal2', sessionCookie(login)!);
    }, 120_000);

    afterAll(async () => {
      await api?.close();
      await storage?.close();
    });

    const call = (userName: string, method: 'GET' | 'POST', url: string) => {
      const cookie = cookies.get(userName);
      if (!cookie) return api.call(userName, method, url);
      return api.app.inject({ method, url: `/api/v1${url}`, headers: { 'x-site-id': SITE }, cookies: { kupon_sid: cookie } });
    };
    const pay = (userName: string, roundId: string) => call(userName, 'POST', `/terminal/bingo/${roundId}/paid`);
    /** The casino ledger is a read model: ask until the round shows as wanted. */
    const check = async (roundId: string, until: (body: RoundBody) => boolean) => {
      let answer = await call('kterminal1', 'GET', `/terminal/bingo/${roundId}`);
      for (let i = 0; i < 50 && !until(answer.json()); i++) {
        await api.caughtUp();
        answer = await call('kterminal1', 'GET', `/terminal/bingo/${roundId}`);
      }
      return answer.json() as RoundBody;
    };
    /** A round the terminal staked, won `win` on when given, as the provider's callbacks tell it. */
    const round = async (roundId: string, win: number | null) => {
      const session = await api.open('kterminal1', TOMBALA);
      const bet = { session, transactionId: `${roundId}-bet`, roundId, serviceId: TOMBALA, amount: 300, currency: 'TRY' };
      expect((await api.wallet('bet', bet)).statusCode).toBe(200);
      if (win !== null) expect((await api.wallet('win', { ...bet, transactionId: `${roundId}-win`, amount: win })).statusCode).toBe(200);
      await check(roundId, (body) => body.round !== undefined && (win === null || body.round.result === 'won'));
    };

    it('marks a won round paid once, moving no money, and the check and the win slip say when and by whom', async () => {
      await round('paid-round-1', 5_000);
      const before = await api.balance(terminal);

      const paid = await pay('kterminal1', 'paid-round-1');
      expect(paid.statusCode, paid.body).toBe(200);
      expect((paid.json() as RoundBody).round).toMatchObject({ roundId: 'paid-round-1', result: 'won', win: 5_000, paid: { by: 'kterminal1' } });
      // The win was in the drawer already: paying the customer cash moves nothing in the api.
      expect(await api.balance(terminal)).toBe(before);

      const again = await pay('kterminal1', 'paid-round-1');
      expect([again.statusCode, again.json()]).toEqual([409, { error: 'bingoAlreadyPaid' }]);

      const checked = await check('paid-round-1', () => true);
      expect(checked.round?.paid).toMatchObject({ by: 'kterminal1' });
      expect(checked.round?.paid?.at).toBe((paid.json() as RoundBody).round?.paid?.at);
      const mine = (await call('kterminal1', 'GET', '/terminal/bingo')).json() as { rounds: RoundBody['round'][] };
      expect(mine.rounds.find((r) => r?.roundId === 'paid-round-1')?.paid).toMatchObject({ by: 'kterminal1' });

      const slip = await call('kterminal1', 'GET', '/prints/win-bingo?ref=paid-round-1&lang=en');
      expect(slip.statusCode, slip.body).toBe(200);
      const lines = (slip.json() as { slip: { lines: Line[] } }).slip.lines;
      expect(lines.find((line) => line.label === 'Status')?.value).toBe('Paid');
      expect(lines.find((line) => line.label === 'Paid by')?.value).toBe('kterminal1');
      expect(lines.find((line) => line.label === 'Paid on')?.value).toBeTruthy();
    });

    it('of two racing marks pays exactly one', async () => {
      await round('paid-round-2', 4_000);
      const answers = await Promise.all([pay('kterminal1', 'paid-round-2'), pay('kterminal1', 'paid-round-2')]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((answer) => answer.statusCode === 409)?.json()).toEqual({ error: 'bingoAlreadyPaid' });
      expect(await storage.store.readStream(`bingopaid-${terminal}:paid-round-2`)).toHaveLength(1);
    });

    it('refuses a round without a win, and another terminal finds no such round', async () => {
      await round('paid-round-3', null);
      const unwon = await pay('kterminal1', 'paid-round-3');
      expect([unwon.statusCode, unwon.json()]).toEqual([409, { error: 'bingoNotWon' }]);
      expect((await check('paid-round-3', () => true)).round?.paid ?? null).toBeNull();

      await round('paid-round-4', 2_000);
      const sibling = await pay('kpaidterminal2', 'paid-round-4');
      expect([sibling.statusCode, sibling.json()]).toEqual([404, { error: 'roundNotFound' }]);
      // Still unpaid: its own terminal pays it.
      expect((await pay('kterminal1', 'paid-round-4')).statusCode).toBe(200);
    });

    it('lets the dealer above with the payment permission mark it, and refuses a player', async () => {
      await round('paid-round-5', 1_000);
      expect((await pay('kplayer1', 'paid-round-5')).statusCode).toBe(404);
      const byDealer = await pay('ksubdealer1', 'paid-round-5');
      expect(byDealer.statusCode, byDealer.body).toBe(200);
      expect((byDealer.json() as RoundBody).round?.paid).toMatchObject({ by: 'ksubdealer1' });
    });
  });
}
