import { DEMO_CASINO_PATHS, DEMO_FOOTBALL_SERVICE_ID, DEMO_TOMBALA_SERVICE_ID } from '@kupon/demo';
import { sessionCookie } from '@kupon/api/testing';
import { type TestStorage, testBackends } from '@kupon/projections/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CasinoApi, FRUITS, openCasinoApi, SITE } from './casino-harness';

const TOMBALA = DEMO_TOMBALA_SERVICE_ID;
const ALL_FLAGS = { sportUser: 1, liveUser: 1, casinoUser: 1, slotUser: 1, virtualUser: 1, bingoUser: 1, tvgamesUser: 1 };
/** With every draw 0 each card is rows 1 10 20 30 40 / 2 11 21 31 41 / 3 12 22 32 42 and the balls come 1 … 50: a full house. */
const CARD = '1 10 20 30 40 / 2 11 21 31 41 / 3 12 22 32 42';

type Line = { label: string; value: string };
type SlipBody = { slip: { kind: string; title: string; reference: string; lines: Line[]; footer: string[] } };
type RoundBody = { round?: { roundId: string; stake: number; win: number; result: string; cards?: (number | null)[][][] } };

/**
 * Shop bingo (api/PRINTS.md "Shop bingo"): a terminal with the bingo flag opens the tombala (and no
 * other casino product), stakes rounds from its drawer, prints each round's bingo slip with its
 * cards, checks it with bingoCheckTerminal and prints the win slip once it won. Another terminal
 * finds nothing; the dealer above it finds it; a player without the flag is refused.
 */
for (const backend of testBackends) {
  describe(`a shop terminal sells tombala over HTTP (${backend.name})`, () => {
    let storage: TestStorage;
    let api: CasinoApi;
    let terminal: string;
    let origin: string;
    /** The demo provider's next draws; empty: 0. */
    const draws: number[] = [];
    /** Sessions of accounts the seed does not know (the second terminal). */
    const cookies = new Map<string, string>();

    beforeAll(async () => {
      storage = await backend.open();
      api = await openCasinoApi(storage, { draw: (n) => (draws.shift() ?? 0) % n });
      terminal = await api.fund('kterminal1', 100_000);
      await api.fund('kplayer1', 10_000);
      await api.app.listen({ port: 0, host: '127.0.0.1' });
      const address = api.app.server.address();
      origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      // A second terminal beside the first, under the same sub-dealer.
      const opened = await api.call('ksubdealer1', 'POST', '/staff/users', { userName: 'kshopterminal2', password: '246810', role: 'terminal' });
      expect(opened.statusCode, opened.body).toBe(201);
      const login = await api.app.inject({ method: 'POST', url: '/api/v1/sessions/terminal', headers: { 'x-site-id': SITE }, payload: { userName: 'kshopterminal2', password: '246810' } });
      expect(login.statusCode, login.body).toBe(200);
      cookies.set('kshopterminal2', sessionCookie(login)!);
    }, 120_000);

    afterAll(async () => {
      await api?.close();
      await storage?.close();
    });

    const call = (userName: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
      const cookie = cookies.get(userName);
      if (!cookie) return api.call(userName, method, url, payload);
      return api.app.inject({ method, url: `/api/v1${url}`, headers: { 'x-site-id': SITE }, cookies: { kupon_sid: cookie }, ...(payload ? { payload } : {}) });
    };
    const open = async (userName: string, serviceId: number) => (await call(userName, 'POST', '/casino/casinos/open', { serviceId })).json() as { status: boolean; msg: string };
    /** The casino ledger is a read model: ask until the round shows as wanted. */
    const check = async (userName: string, roundId: string, until: (body: RoundBody) => boolean) => {
      let answer = await call(userName, 'GET', `/terminal/bingo/${roundId}`);
      for (let i = 0; i < 50 && !until(answer.json()); i++) {
        await api.caughtUp();
        answer = await call(userName, 'GET', `/terminal/bingo/${roundId}`);
      }
      return answer;
    };
    const slip = async (userName: string, kind: string, query: string) => {
      const answer = await call(userName, 'GET', `/prints/${kind}?${query}`);
      return { status: answer.statusCode, body: answer.json() as SlipBody & { error?: string } };
    };
    const row = (body: SlipBody, label: string) => body.slip.lines.find((line) => line.label === label)?.value;
    /** A round played on the provider's page, as the shop's customer plays it in the frame. */
    const play = async (session: string, fields: Record<string, string>) => {
      const response = await fetch(`${origin}${DEMO_CASINO_PATHS.play(TOMBALA)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ session, lang: 'en', currency: 'TRY', ...fields }).toString(),
      });
      expect(response.status).toBe(200);
      const html = await response.text();
      return { html, roundId: /data-testid="round" data-round-id="([^"]+)"/.exec(html)?.[1], win: /data-testid="result" data-win="(\d+)"/.exec(html)?.[1] };
    };

    it('opens the tombala for a terminal with the bingo flag, and no product a shop does not sell', async () => {
      expect(await open('kterminal1', TOMBALA)).toMatchObject({ status: true });
      expect(await open('kterminal1', FRUITS)).toEqual({ status: false, msg: 'permissionDenied', content: null, command: null });
      expect(await open('kterminal1', DEMO_FOOTBALL_SERVICE_ID)).toEqual({ status: false, msg: 'permissionDenied', content: null, command: null });
      // A dealer still opens nothing.
      expect(await open('ksubdealer1', TOMBALA)).toMatchObject({ status: false, msg: 'permissionDenied' });
    });

    it('plays a round on the terminal’s drawer, prints its bingo slip with the cards, checks it and prints the win slip', async () => {
      const session = await api.open('kterminal1', TOMBALA);
      const start = await api.balance(terminal);
      const played = await play(session, { stake: '200', cards: '2' });
      expect(played.win).toBe('200000');
      const roundId = played.roundId!;
      expect(roundId).toBeTruthy();
      // Two cards at 2.00 came out of the drawer, two full houses went into it.
      expect(await api.balance(terminal)).toBe(start - 400 + 200_000);

      const checked = await check('kterminal1', roundId, (body) => (body.round?.win ?? 0) > 0);
      expect(checked.statusCode, checked.body).toBe(200);
      expect((checked.json() as RoundBody).round).toMatchObject({ roundId, stake: 400, win: 200_000, result: 'won' });
      expect((checked.json() as RoundBody).round?.cards).toHaveLength(2);

      const ticket = await slip('kterminal1', 'bingo', `ref=${roundId}&lang=en&tz=Europe/Istanbul`);
      expect(ticket.status, JSON.stringify(ticket.body)).toBe(200);
      expect(ticket.body.slip).toMatchObject({ kind: 'bingo', title: 'Bingo ticket', reference: roundId, footer: ['Keep this slip: winnings are paid against it.'] });
      expect([row(ticket.body, 'Round'), row(ticket.body, 'Card 1'), row(ticket.body, 'Card 2'), row(ticket.body, 'Stake'), row(ticket.body, 'Terminal')]).toEqual([roundId, CARD, CARD, '4.00 TRY', 'kterminal1']);

      const win = await slip('kterminal1', 'win-bingo', `ref=${roundId}&lang=tr`);
      expect(win.body.slip).toMatchObject({ kind: 'win-bingo', title: 'Tombala Kazanç Fişi' });
      expect([row(win.body, 'Kazanç'), row(win.body, 'Kart 1')]).toEqual(['2.000,00 TRY', CARD]);

      // The terminal's own latest rounds (what its Print slip buttons print): this one first.
      const mine = await call('kterminal1', 'GET', '/terminal/bingo');
      expect(mine.statusCode, mine.body).toBe(200);
      expect((mine.json() as { rounds: { roundId: string; result: string }[] }).rounds[0]).toMatchObject({ roundId, result: 'won' });

      // The sub-dealer above the terminal checks and prints it; the terminal beside it, another dealer or a player find no such round.
      expect((await call('ksubdealer1', 'GET', `/terminal/bingo/${roundId}`)).statusCode).toBe(200);
      expect((await slip('ksubdealer1', 'win-bingo', `ref=${roundId}`)).status).toBe(200);
      const sibling = await call('kshopterminal2', 'GET', `/terminal/bingo/${roundId}`);
      expect([sibling.statusCode, sibling.json()]).toEqual([404, { error: 'roundNotFound' }]);
      expect(await slip('kshopterminal2', 'bingo', `ref=${roundId}`)).toEqual({ status: 404, body: { error: 'roundNotFound' } });
      expect((await slip('kshopterminal2', 'win-bingo', `ref=${roundId}`)).status).toBe(404);
      expect((await call('kshopterminal2', 'GET', '/terminal/bingo')).json()).toEqual({ rounds: [] });
      expect((await call('kdealer2', 'GET', `/terminal/bingo/${roundId}`)).statusCode).toBe(404);
      expect((await slip('kplayer1', 'bingo', `ref=${roundId}`)).status).toBe(404);
      // The list is a terminal's own: a player has none to ask for.
      expect((await call('kplayer1', 'GET', '/terminal/bingo')).statusCode).toBe(403);
    });

    it('checks a round whose win has not come as no win, and refuses its win slip', async () => {
      const session = await api.open('kterminal1', TOMBALA);
      const bet = { session, transactionId: 'shop-b1', roundId: 'shop-round-1', serviceId: TOMBALA, amount: 300, currency: 'TRY' };
      const before = await api.balance(terminal);
      expect((await api.wallet('bet', bet)).statusCode).toBe(200);
      expect(await api.balance(terminal)).toBe(before - 300);
      const open = await check('kterminal1', 'shop-round-1', (body) => body.round !== undefined);
      expect((open.json() as RoundBody).round).toMatchObject({ roundId: 'shop-round-1', stake: 300, win: 0, result: 'noWin' });
      expect(await slip('kterminal1', 'win-bingo', 'ref=shop-round-1')).toEqual({ status: 409, body: { error: 'bingoNotWon' } });
      // Its ticket prints (without cards: the provider played no such round on its page).
      const ticket = await slip('kterminal1', 'bingo', 'ref=shop-round-1&lang=en');
      expect(row(ticket.body, 'Stake')).toBe('3.00 TRY');
      expect(row(ticket.body, 'Card 1')).toBeUndefined();
    });

    it('refuses the tombala without the bingo flag: a player’s, and a terminal’s, opening and betting', async () => {
      const player = api.id('kplayer1');
      expect((await api.call('kadmin', 'PUT', `/staff/users/${player}/products`, { ...ALL_FLAGS, bingoUser: 0 })).statusCode).toBe(200);
      expect(await open('kplayer1', TOMBALA)).toEqual({ status: false, msg: 'permissionDenied|bingoUser', content: null, command: null });

      const session = await api.open('kterminal1', TOMBALA);
      expect((await api.call('kadmin', 'PUT', `/staff/users/${terminal}/products`, { ...ALL_FLAGS, bingoUser: 0 })).statusCode).toBe(200);
      expect(await open('kterminal1', TOMBALA)).toEqual({ status: false, msg: 'permissionDenied|bingoUser', content: null, command: null });
      const before = await api.balance(terminal);
      const refused = await api.wallet('bet', { session, transactionId: 'shop-off-1', roundId: 'shop-off-1', serviceId: TOMBALA, amount: 100, currency: 'TRY' });
      expect([refused.statusCode, refused.json()]).toEqual([403, { error: 'permissionDenied|bingoUser' }]);
      expect(await api.balance(terminal)).toBe(before);
      expect((await api.call('kadmin', 'PUT', `/staff/users/${terminal}/products`, ALL_FLAGS)).statusCode).toBe(200);
      expect(await open('kterminal1', TOMBALA)).toMatchObject({ status: true });
    });
  });
}
