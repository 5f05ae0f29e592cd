import { DEMO_EXTERNAL_SERVICE_IDS, horseOdds, WHEEL_SECTORS } from '@kupon/demo';
import { type TestStorage, testBackends } from '@kupon/projections/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attr, type CasinoApi, DEMO_SLOT_TITLES, demoPlayPage, openCasinoApi } from './casino-harness';

const IDS = DEMO_EXTERNAL_SERVICE_IDS;
const ALL_FLAGS = { sportUser: 1, liveUser: 1, casinoUser: 1, slotUser: 1, virtualUser: 1, bingoUser: 1, tvgamesUser: 1 };

/**
 * The §2 external-game pages (/racing, /lotto, /virtualleague, /betgames, /mintGaming,
 * /virtualSports) as casino products: each lists its provider's games, opens them under its product
 * flag, and the demo provider's race, lotto draw, league match, TV dice/wheel and slot move the
 * seamless wallet for real.
 */
for (const backend of testBackends) {
  describe(`external game pages over HTTP (${backend.name})`, () => {
    let storage: TestStorage;
    let api: CasinoApi;
    /** The demo provider's next draws; empty: 0. */
    const draws: number[] = [];
    let player: string;
    let play: Awaited<ReturnType<typeof demoPlayPage>>;

    beforeAll(async () => {
      storage = await backend.open();
      api = await openCasinoApi(storage, { draw: (n) => (draws.shift() ?? 0) % n });
      player = await api.fund('kplayer1', 100_000);
      play = await demoPlayPage(api);
    }, 120_000);

    afterAll(async () => {
      await api?.close();
      await storage?.close();
    });

    const json = async <T>(url: string): Promise<T> => {
      const response = await api.call('kplayer1', 'GET', url);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as T;
    };
    const form: typeof play.form = (serviceId, session, fields) => play.form(serviceId, session, fields);

    it('lists each page’s games and provider apart from the casino’s', async () => {
      const titles = async (product: string) => (await json<{ games: { title: string; product: string }[] }>(`/casino/games?product=${product}&lang=en`)).games.map((g) => g.title);
      expect(await titles('racing')).toEqual(['Kupon Derby']);
      expect(await titles('lotto')).toEqual(['Kupon Şans 3/36']);
      expect(await titles('virtualleague')).toEqual(['Kupon Sanal Lig']);
      expect(await titles('betgames')).toEqual(['Kupon TV Zar', 'Kupon Şans Çarkı']);
      expect(await titles('mintGaming')).toEqual(['Kupon Mint Slot']);
      expect(await titles('virtualSports')).toEqual(['Kupon Sanal Futbol', 'Kupon Sanal At Yarışı']);
      // None of them shows among the slots or the virtual games.
      expect(await titles('slot')).toEqual(DEMO_SLOT_TITLES);
      expect(await titles('virtual')).toEqual(['Kupon Virtual Football']);
      expect(await json('/casino/providers?product=virtualSports')).toEqual({
        providers: [{ masterServiceId: 1060, name: 'Kupon Virtual Sports', games: 2, products: ['virtualSports'], lobby: 1, subProviders: [{ name: 'Kupon Virtual Sports', games: 2 }] }],
      });
      expect(await json('/casino/providers?product=betgames')).toEqual({
        providers: [{ masterServiceId: 1040, name: 'Kupon Bet Games', games: 2, products: ['betgames'], lobby: 1, subProviders: [{ name: 'Kupon Bet Games', games: 2 }] }],
      });
    });

    it('opens each page’s games under its product flag and refuses them without it, moving nothing', async () => {
      for (const [serviceId, flag] of [
        [IDS.racing, 'virtualUser'],
        [IDS.lotto, 'tvgamesUser'],
        [IDS.virtualleague, 'virtualUser'],
        [IDS.betgamesWheel, 'tvgamesUser'],
        [IDS.mintGaming, 'slotUser'],
        [IDS.virtualSportsRace, 'virtualUser'],
      ] as const) {
        const session = await api.open('kplayer1', serviceId);
        expect((await api.call('kadmin', 'PUT', `/staff/users/${player}/products`, { ...ALL_FLAGS, [flag]: 0 })).statusCode).toBe(200);
        try {
          expect((await api.call('kplayer1', 'POST', '/casino/casinos/open', { serviceId })).json()).toEqual({ status: false, msg: `permissionDenied|${flag}`, content: null, command: null });
          const before = await api.balance(player);
          // A play the page would take for any of these games (horse, numbers, fixture and pick, wheel number).
          const refused = await form(serviceId, session, { stake: '100', horse: '0', n1: '1', n2: '2', n3: '3', home: '0', away: '1', pick: '1', number: '1', bet: 'high' });
          expect(attr(refused.html, 'refused', 'error')).toBe(`permissionDenied|${flag}`);
          expect(await api.balance(player)).toBe(before);
        } finally {
          expect((await api.call('kadmin', 'PUT', `/staff/users/${player}/products`, ALL_FLAGS)).statusCode).toBe(200);
        }
      }
    });

    it('plays the horse race: the favourite wins at its odds, a bet on another horse loses', async () => {
      for (const serviceId of [IDS.racing, IDS.virtualSportsRace]) {
        const session = await api.open('kplayer1', serviceId);
        const page = await play.page(serviceId, session);
        expect(page).toContain('data-testid="odds-horse-0">3.06<');
        const start = await api.balance(player);
        draws.push(0);
        const won = await form(serviceId, session, { stake: '1000', horse: '0' });
        expect([attr(won.html, 'outcome', 'winner'), attr(won.html, 'result', 'win')]).toEqual(['0', String(horseOdds(0))]);
        draws.push(0);
        expect(attr((await form(serviceId, session, { stake: '1000', horse: '3' })).html, 'result', 'win')).toBe('0');
        expect(await api.balance(player)).toBe(start - 1_000 + horseOdds(0) - 1_000);
        // A horse that is not in the race is no bet.
        expect((await form(serviceId, session, { stake: '1000', horse: '6' })).status).toBe(400);
      }
    });

    it('plays the lotto draw: three matched pay 150 times, two 8 times; repeated numbers are no ticket', async () => {
      const session = await api.open('kplayer1', IDS.lotto);
      const start = await api.balance(player);
      // Every draw 0 draws the balls 1 to 6.
      const three = await form(IDS.lotto, session, { stake: '200', n1: '1', n2: '2', n3: '3' });
      expect([attr(three.html, 'outcome', 'matched'), attr(three.html, 'result', 'win')]).toEqual(['3', '30000']);
      const two = await form(IDS.lotto, session, { stake: '200', n1: '5', n2: '6', n3: '36' });
      expect([attr(two.html, 'outcome', 'matched'), attr(two.html, 'result', 'win')]).toEqual(['2', '1600']);
      expect(await api.balance(player)).toBe(start - 200 + 30_000 - 200 + 1_600);
      expect((await form(IDS.lotto, session, { stake: '200', n1: '5', n2: '5', n3: '6' })).status).toBe(400);
      // Over the game's biggest stake: the casino limit refuses it.
      expect(attr((await form(IDS.lotto, session, { stake: '20000', n1: '1', n2: '2', n3: '3' })).html, 'refused', 'error')).toBe('serviceLimitError');
    });

    it('plays the league match, the TV dice and wheel and the mint slot on the same wallet', async () => {
      const league = await api.open('kplayer1', IDS.virtualleague);
      const page = await play.page(IDS.virtualleague, league);
      const home = /name="home" value="(\d+)"/.exec(page)![1]!;
      const away = /name="away" value="(\d+)"/.exec(page)![1]!;
      let start = await api.balance(player);
      draws.push(...Array.from({ length: 90 }, () => 9_999));
      const match = await form(IDS.virtualleague, league, { stake: '1000', home, away, pick: '1' });
      expect([attr(match.html, 'outcome', 'result'), attr(match.html, 'result', 'win')]).toEqual(['X', '0']);
      expect(await api.balance(player)).toBe(start - 1_000);

      const wheel = await api.open('kplayer1', IDS.betgamesWheel);
      start = await api.balance(player);
      draws.push(WHEEL_SECTORS.indexOf(20));
      expect(attr((await form(IDS.betgamesWheel, wheel, { stake: '100', number: '20' })).html, 'result', 'win')).toBe('2100');
      const dice = await api.open('kplayer1', IDS.betgamesDice);
      draws.push(5);
      expect(attr((await form(IDS.betgamesDice, dice, { stake: '100', bet: 'high' })).html, 'result', 'win')).toBe('190');
      const slot = await api.open('kplayer1', IDS.mintGaming);
      // Every reel on the first symbol: three cherries pay 8 times.
      expect(attr((await form(IDS.mintGaming, slot, { stake: '100' })).html, 'result', 'win')).toBe('800');
      expect(await api.balance(player)).toBe(start - 100 + 2_100 - 100 + 190 - 100 + 800);
    });

    it('shows each page’s product in the casino report', async () => {
      await api.caughtUp();
      const read = async () => {
        const report = await api.call('kadmin', 'GET', '/reports/casino?groupBy=product');
        return (report.json() as { rows: { key: string }[] }).rows.map((r) => r.key);
      };
      await expect.poll(read, { timeout: 20_000 }).toEqual(['betgames', 'lotto', 'mintGaming', 'racing', 'virtualSports', 'virtualleague']);
    });
  });
}
