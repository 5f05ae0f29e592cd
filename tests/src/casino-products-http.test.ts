import { DEMO_FOOTBALL_SERVICE_ID, DEMO_TOMBALA_SERVICE_ID, DEMO_WHEEL_SERVICE_ID, WHEEL_SECTORS } from '@kupon/demo';
import { type TestStorage, testBackends } from '@kupon/projections/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attr, type CasinoApi, DEMO_SLOT_TITLES, demoPlayPage, openCasinoApi } from './casino-harness';

const TOMBALA = DEMO_TOMBALA_SERVICE_ID;
const FOOTBALL = DEMO_FOOTBALL_SERVICE_ID;
const WHEEL = DEMO_WHEEL_SERVICE_ID;
const ALL_FLAGS = { sportUser: 1, liveUser: 1, casinoUser: 1, slotUser: 1, virtualUser: 1, bingoUser: 1, tvgamesUser: 1 };

/**
 * Live bingo (tombala), virtual games and TV games: the demo provider's games of those products,
 * opened and played on the same seamless wallet as the casino, refused without their product flag.
 */
for (const backend of testBackends) {
  describe(`bingo, virtual and TV games over HTTP (${backend.name})`, () => {
    let storage: TestStorage;
    let api: CasinoApi;
    /** The demo provider's next draws; empty: 0. */
    const draws: number[] = [];
    let player1: string;

    beforeAll(async () => {
      storage = await backend.open();
      api = await openCasinoApi(storage, { draw: (n) => (draws.shift() ?? 0) % n });
      player1 = await api.fund('kplayer1', 100_000);
    }, 120_000);

    afterAll(async () => {
      await api?.close();
      await storage?.close();
    });

    const money = (session: string, transactionId: string, roundId: string, amount: number, serviceId: number) => ({ session, transactionId, roundId, serviceId, amount, currency: 'TRY' });
    const balanceOf = (response: { statusCode: number; body: string; json(): unknown }) => {
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { balance: number }).balance;
    };
    const json = async <T>(url: string): Promise<T> => {
      const response = await api.call('kplayer1', 'GET', url);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as T;
    };

    it('lists each product’s games and provider menu apart from the slots', async () => {
      const titles = async (product: string) => (await json<{ games: { title: string; product: string }[] }>(`/casino/games?product=${product}`)).games.map((g) => [g.title, g.product]);
      expect(await titles('bingo')).toEqual([['Kupon Tombala', 'bingo']]);
      expect(await titles('virtual')).toEqual([['Kupon Virtual Football', 'virtual']]);
      expect(await titles('tvgames')).toEqual([['Kupon Çarkı', 'tvgames']]);
      expect(await titles('slot')).toEqual(DEMO_SLOT_TITLES.map((title) => [title, 'slot']));
      expect(await json('/casino/providers?product=virtual')).toEqual({
        providers: [{ masterServiceId: 920, name: 'Kupon Virtual', games: 1, products: ['virtual'], lobby: 1, subProviders: [{ name: 'Kupon Virtual', games: 1 }] }],
      });
      // The external-game pages' providers (external-games-http.test.ts) follow.
      expect((await json<{ providers: { name: string }[] }>('/casino/providers')).providers.map((p) => p.name).slice(0, 4)).toEqual(['Kupon Demo', 'Kupon Tombala', 'Kupon Virtual', 'Kupon TV']);
      expect((await api.call('kplayer1', 'GET', '/casino/games?product=keno')).statusCode).toBe(400);
      // §7 casinos/get/tombalalive: the bingo games.
      expect(await json('/casino/casinos/get/tombalalive?lang=en')).toMatchObject({ status: true, total: 1, games: [{ serviceId: TOMBALA, product: 'bingo', lang: 'en' }] });
    });

    for (const [name, serviceId] of [
      ['bingo', TOMBALA],
      ['virtual', FOOTBALL],
    ] as const) {
      it(`a ${name} round moves the wallet exactly once per signed callback`, async () => {
        const session = await api.open('kplayer1', serviceId);
        const start = await api.balance(player1);
        expect(balanceOf(await api.wallet('bet', money(session, `${name}-b1`, `${name}-r1`, 300, serviceId)))).toBe(start - 300);
        expect(balanceOf(await api.wallet('win', money(session, `${name}-w1`, `${name}-r1`, 1_800, serviceId)))).toBe(start + 1_500);
        const events = await api.eventCount();
        // The provider repeats both: the same answer, nothing written.
        expect(balanceOf(await api.wallet('bet', money(session, `${name}-b1`, `${name}-r1`, 300, serviceId)))).toBe(start + 1_500);
        expect(balanceOf(await api.wallet('win', money(session, `${name}-w1`, `${name}-r1`, 1_800, serviceId)))).toBe(start + 1_500);
        expect(await api.eventCount()).toBe(events);
        // Unsigned: refused, nothing moves.
        const unsigned = await api.wallet('bet', money(session, `${name}-b2`, `${name}-r2`, 300, serviceId), { sign: false });
        expect([unsigned.statusCode, unsigned.json()]).toEqual([401, { error: 'invalidSignature' }]);
        expect(await api.balance(player1)).toBe(start + 1_500);
        // The log shows an event once no older transaction on the database is still open: poll until.
        const moved = async () => (await api.casinoEvents()).filter((e) => e.accountId === player1 && e.event.data.serviceId === serviceId).map((e) => [e.event.type, e.event.data.amount]);
        await expect.poll(moved, { timeout: 20_000 }).toEqual([
          ['CasinoBetPlaced', 300],
          ['CasinoWinCredited', 1_800],
        ]);
      });
    }

    it('refuses each product to a player without its flag: opening, and betting on a game opened before', async () => {
      for (const [serviceId, flag] of [
        [TOMBALA, 'bingoUser'],
        [FOOTBALL, 'virtualUser'],
        [WHEEL, 'tvgamesUser'],
      ] as const) {
        const session = await api.open('kplayer1', serviceId);
        expect((await api.call('kadmin', 'PUT', `/staff/users/${player1}/products`, { ...ALL_FLAGS, [flag]: 0 })).statusCode).toBe(200);
        expect((await api.call('kplayer1', 'POST', '/casino/casinos/open', { serviceId })).json()).toEqual({ status: false, msg: `permissionDenied|${flag}`, content: null, command: null });
        const before = await api.balance(player1);
        const refused = await api.wallet('bet', money(session, `off-${flag}`, `off-${flag}`, 100, serviceId));
        expect([refused.statusCode, refused.json()]).toEqual([403, { error: `permissionDenied|${flag}` }]);
        expect(await api.balance(player1)).toBe(before);
        // The other products stay open to them.
        expect((await api.call('kplayer1', 'POST', '/casino/casinos/open', { serviceId: serviceId === TOMBALA ? FOOTBALL : TOMBALA })).json()).toMatchObject({ status: true });
        expect((await api.call('kadmin', 'PUT', `/staff/users/${player1}/products`, ALL_FLAGS)).statusCode).toBe(200);
      }
    });

    it('plays the tombala, the virtual match and the wheel for real on the provider’s pages', async () => {
      const { page: playPage, form } = await demoPlayPage(api);

      // Tombala: with every draw 0 both cards are the same (rows 1 10 20 30 40 / 2 11 21 31 41 / 3 12 22 32 42)
      // and the balls come 1, 2 … 50: two full houses at 500 × the card price, the bet being two cards.
      const bingo = await api.open('kplayer1', TOMBALA);
      let start = await api.balance(player1);
      const tombala = await form(TOMBALA, bingo, { stake: '200', cards: '2' });
      expect(tombala.status).toBe(200);
      expect([...tombala.html.matchAll(/data-prize="(\w+)"/g)].map((m) => m[1])).toEqual(['fullHouse', 'fullHouse']);
      expect(attr(tombala.html, 'result', 'win')).toBe('200000');
      expect(await api.balance(player1)).toBe(start - 400 + 200_000);
      // Four cards at 10.00 are 40.00, the most a round takes; five cards are not on offer.
      expect((await form(TOMBALA, bingo, { stake: '2000', cards: '4' })).html).toContain('data-error="serviceLimitError"');
      expect((await form(TOMBALA, bingo, { stake: '100', cards: '5' })).status).toBe(400);

      // Virtual football: the page shows a fixture and its odds; a goalless 90 minutes is a draw (X).
      const virtual = await api.open('kplayer1', FOOTBALL);
      const page = await playPage(FOOTBALL, virtual);
      const home = /name="home" value="(\d+)"/.exec(page)?.[1];
      const away = /name="away" value="(\d+)"/.exec(page)?.[1];
      const odds = (pick: string) => Math.round(Number(new RegExp(`data-testid="odds-${pick}">([\\d.]+)<`).exec(page)?.[1]) * 100) * 10;
      expect(home).toBeDefined();
      expect(away).not.toBe(home);
      expect(odds('1')).toBeGreaterThan(1_000);
      start = await api.balance(player1);
      draws.push(...Array.from({ length: 90 }, () => 9_999));
      const drawn = await form(FOOTBALL, virtual, { stake: '1000', home: home!, away: away!, pick: 'X' });
      expect([attr(drawn.html, 'outcome', 'score'), attr(drawn.html, 'outcome', 'result')]).toEqual(['0-0', 'X']);
      expect(attr(drawn.html, 'result', 'win')).toBe(String(odds('X')));
      draws.push(...Array.from({ length: 90 }, () => 9_999));
      const lost = await form(FOOTBALL, virtual, { stake: '1000', home: home!, away: away!, pick: '1' });
      expect(attr(lost.html, 'result', 'win')).toBe('0');
      expect(await api.balance(player1)).toBe(start - 1_000 + odds('X') - 1_000);
      // A fixture of one team against itself is not a match.
      expect((await form(FOOTBALL, virtual, { stake: '1000', home: '2', away: '2', pick: '1' })).status).toBe(400);

      // The wheel: it stops on 40 and a stake on 40 pays 41 times; a stake on 1 loses.
      const tv = await api.open('kplayer1', WHEEL);
      start = await api.balance(player1);
      draws.push(WHEEL_SECTORS.indexOf(40));
      const wheel = await form(WHEEL, tv, { stake: '100', number: '40' });
      expect([attr(wheel.html, 'outcome', 'landed'), attr(wheel.html, 'result', 'win')]).toEqual(['40', '4100']);
      draws.push(WHEEL_SECTORS.indexOf(40));
      expect(attr((await form(WHEEL, tv, { stake: '100', number: '1' })).html, 'result', 'win')).toBe('0');
      expect(await api.balance(player1)).toBe(start - 100 + 4_100 - 100);
    });

    it('splits the casino report by product to the minor unit: bingo, virtual and TV games apart from the slots', async () => {
      await api.caughtUp();
      const productOf = (serviceId: number) => (serviceId === TOMBALA ? 'bingo' : serviceId === FOOTBALL ? 'virtual' : serviceId === WHEEL ? 'tvgames' : 'slot');
      const folded = new Map<string, { bets: number; wins: number; refunds: number }>();
      for (const { event } of await api.casinoEvents()) {
        const sums = folded.get(productOf(event.data.serviceId)) ?? { bets: 0, wins: 0, refunds: 0 };
        if (event.type === 'CasinoBetPlaced') sums.bets += event.data.amount;
        if (event.type === 'CasinoWinCredited') sums.wins += event.data.amount;
        if (event.type === 'CasinoRoundRolledBack') sums.refunds += event.data.amount;
        folded.set(productOf(event.data.serviceId), sums);
      }
      expect([...folded.keys()].sort()).toEqual(['bingo', 'tvgames', 'virtual']);
      const report = await api.call('kadmin', 'GET', '/reports/casino?groupBy=product');
      expect(report.statusCode, report.body).toBe(200);
      const rows = (report.json() as { rows: { key: string; label: string; bets: number; wins: number; refunds: number }[] }).rows;
      expect(rows.map((r) => [r.key, { bets: r.bets, wins: r.wins, refunds: r.refunds }])).toEqual([...folded].sort(([a], [b]) => a.localeCompare(b)));
    });
  });
}
