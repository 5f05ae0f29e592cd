import { DEMO_AGGREGATOR_SERVICE_IDS, DEMO_CASINO_PATHS } from '@kupon/demo';
import { type TestStorage, testBackends } from '@kupon/projections/testing';
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CasinoApi, DEMO_SLOT_TITLES, demoPlayPage, DICE, FRUITS, openCasinoApi, provider } from './casino-harness';

interface Totals {
  bets: number;
  wins: number;
  refunds: number;
  ggr: number;
  marginBp: number | null;
  rounds: number;
}
type Row = Totals & { key: string; label: string };
interface Report {
  rows: Row[];
  totals: Totals;
  total: number;
  asOf: { at: string | null; position: string | null } | null;
}
interface Answer {
  status: true;
  balance: number;
  currency: string;
  transactionId: string | null;
}

for (const backend of testBackends) {
  describe(`casino over HTTP (${backend.name})`, () => {
    let storage: TestStorage;
    let api: CasinoApi;
    /** The demo provider's next draws (reel symbols, die faces); empty: 0. */
    const draws: number[] = [];
    let player1: string;
    let player2: string;

    beforeAll(async () => {
      storage = await backend.open();
      api = await openCasinoApi(storage, { draw: (n) => (draws.shift() ?? 0) % n });
      player1 = await api.fund('kplayer1', 50_000);
      player2 = await api.fund('kplayer2', 10_000);
    }, 120_000);

    afterAll(async () => {
      await api?.close();
      await storage?.close();
    });

    const bet = (session: string, transactionId: string, roundId: string, amount: number, serviceId = FRUITS) => ({ session, transactionId, roundId, serviceId, amount, currency: 'TRY' });
    const answer = (response: { statusCode: number; body: string; json(): unknown }) => {
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as Answer;
    };
    const json = async <T>(userName: string, url: string): Promise<T> => {
      const response = await api.call(userName, 'GET', url);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as T;
    };

    it('lists the demo provider’s games as §3 casino/slot items: provider menu, search, order, limit', async () => {
      const all = await json<{ status: true; games: Record<string, unknown>[]; total: number }>('kplayer1', '/casino/games?product=slot');
      expect(all.games.map((g) => g.title)).toEqual(DEMO_SLOT_TITLES);
      expect(all.games[0]).toMatchObject({ serviceId: FRUITS, masterServiceId: 900, company_name: 'Kupon Demo', listOrder: 1, isMobile: 1, minStake: 100, maxStake: 10_000, maxPay: 500_000, product: 'slot' });
      expect(Object.keys(all.games[0]!)).toEqual(expect.arrayContaining(['topServiceId', 'topServiceId2', 'middleServiceId', 'logo', 'extras', 'openLobby', 'lang', 'operatorId']));
      // Search ignores case the Turkish way (İ is the capital of i).
      expect((await json<{ games: { title: string }[] }>('kplayer1', '/casino/games?search=D%C4%B0CE')).games.map((g) => g.title)).toEqual(['Kupon Dice']);
      expect((await json<{ games: { title: string }[] }>('kplayer1', '/casino/games?search=fru')).games.map((g) => g.title)).toEqual(['Kupon Fruits']);
      expect((await json<{ games: { title: string }[] }>('kplayer1', '/casino/games?order=title&product=slot&masterServiceId=900')).games.map((g) => g.title)).toEqual(['Kupon Dice', 'Kupon Fruits']);
      expect(await json('kplayer1', '/casino/games?masterServiceId=901')).toMatchObject({ games: [], total: 0 });
      expect(await json('kplayer1', '/casino/games?limit=1&product=slot')).toMatchObject({ total: DEMO_SLOT_TITLES.length, games: [{ serviceId: FRUITS }] });
      expect((await json<{ providers: unknown[] }>('kplayer1', '/casino/providers?product=slot')).providers[0]).toEqual({
        masterServiceId: 900,
        name: 'Kupon Demo',
        games: 2,
        products: ['slot'],
        lobby: 1,
        subProviders: [{ name: 'Kupon Demo', games: 2 }],
      });
      const logo = await api.app.inject({ method: 'GET', url: String(all.games[0]!.logo) });
      expect([logo.statusCode, logo.headers['content-type']]).toEqual([200, 'image/svg+xml']);
    });

    it('opens a game for a player as a framed game url with a session; refuses what cannot open with status false and a key', async () => {
      const opened = await api.call('kplayer1', 'POST', '/casino/casinos/open', { serviceId: FRUITS, masterServiceId: 900 });
      expect(opened.statusCode, opened.body).toBe(200);
      const body = opened.json() as { status: boolean; msg: string; content: { iframe: boolean; gameurl: string; iframeId: string }; command: string };
      expect(body).toMatchObject({ status: true, msg: '', content: { iframe: true, iframeId: `casino-${FRUITS}` }, command: 'sessionStart' });
      expect(body.content.gameurl).toContain(`${DEMO_CASINO_PATHS.play(FRUITS)}?session=`);
      const refused = async (userName: string, payload: object) => (await api.call(userName, 'POST', '/casino/casinos/open', payload)).json();
      expect(await refused('kplayer1', { serviceId: 12345 })).toEqual({ status: false, msg: 'casinoGameNotFound', content: null, command: null });
      expect(await refused('kplayer1', { serviceId: FRUITS, masterServiceId: 901 })).toMatchObject({ status: false, msg: 'casinoGameNotFound' });
      expect(await refused('kdealer1', { serviceId: FRUITS })).toMatchObject({ status: false, msg: 'permissionDenied' });
      expect((await api.app.inject({ method: 'POST', url: '/api/v1/casino/casinos/open', headers: { 'x-site-id': 'kupon' }, payload: { serviceId: FRUITS } })).statusCode).toBe(401);
    });

    it('moves the balance exactly with signed bet, win and rollback, once per provider transaction', async () => {
      const session = await api.open('kplayer1', FRUITS);
      const start = await api.balance(player1);
      expect(answer(await api.wallet('balance', { session }))).toEqual({ status: true, balance: start, currency: 'TRY', transactionId: null });
      expect(answer(await api.wallet('bet', bet(session, 't1', 'r1', 1_000)))).toEqual({ status: true, balance: start - 1_000, currency: 'TRY', transactionId: 't1' });
      expect(answer(await api.wallet('win', bet(session, 'w1', 'r1', 2_500))).balance).toBe(start + 1_500);

      // The provider did not hear us and sends the same transactions again: the same answer, nothing written.
      const events = await api.eventCount();
      expect(answer(await api.wallet('bet', bet(session, 't1', 'r1', 1_000))).balance).toBe(start + 1_500);
      expect(answer(await api.wallet('win', bet(session, 'w1', 'r1', 2_500))).balance).toBe(start + 1_500);
      expect(await api.eventCount()).toBe(events);

      // A round that failed: its bet given back once, whatever the rollback's own id.
      expect(answer(await api.wallet('bet', bet(session, 't2', 'r2', 700))).balance).toBe(start + 800);
      expect(answer(await api.wallet('rollback', { session, transactionId: 'rb2', betTransactionId: 't2', roundId: 'r2', serviceId: FRUITS })).balance).toBe(start + 1_500);
      expect(answer(await api.wallet('rollback', { session, transactionId: 'rb2-again', betTransactionId: 't2', roundId: 'r2', serviceId: FRUITS })).balance).toBe(start + 1_500);
      expect((await api.wallet('win', bet(session, 'w2', 'r2', 1_400))).json()).toEqual({ error: 'transactionCanceled' });

      // A rollback that overtook its bet: nothing moves, and the late bet is refused.
      expect(answer(await api.wallet('rollback', { session, transactionId: 'rb9', betTransactionId: 't9', roundId: 'r9', serviceId: FRUITS })).balance).toBe(start + 1_500);
      const late = await api.wallet('bet', bet(session, 't9', 'r9', 500));
      expect([late.statusCode, late.json()]).toEqual([409, { error: 'transactionCanceled' }]);
      expect((await api.wallet('win', bet(session, 'w404', 'r404', 100))).json()).toEqual({ error: 'casinoRoundNotFound' });
      expect(await api.balance(player1)).toBe(start + 1_500);

      // The statement shows each movement with the balance after it.
      await api.caughtUp();
      const statement = await json<{ transactions: { type: string; amount: number }[] }>('kplayer1', '/wallet/transactions?limit=100');
      const amounts = statement.transactions.filter((t) => t.type.startsWith('Casino')).map((t) => t.amount);
      expect(amounts.sort((a, b) => a - b)).toEqual([-1_000, -700, 0, 700, 2_500]);
    });

    it('answers a callback whose signature does not hold with 401 and writes nothing', async () => {
      const session = await api.open('kplayer1', FRUITS);
      const start = await api.balance(player1);
      const events = await api.eventCount();
      const body = bet(session, 'forged-1', 'rf', 1_000);
      const other = createHmac('sha256', 'not-the-secret').update(JSON.stringify(body)).digest('hex');
      const altered = createHmac('sha256', 'x').digest('hex');
      // Unsigned, signed with another key, a signature of nothing, garbage, and the provider's signature of another body.
      for (const sign of [false, other, altered, 'zz', provider.sign(JSON.stringify({ ...body, amount: 1 }))]) {
        const response = await api.wallet('bet', body, { sign });
        expect([response.statusCode, response.json()]).toEqual([401, { error: 'invalidSignature' }]);
      }
      // Signed by the provider, but with a session we never issued.
      const [payload, mac] = session.split('.');
      const forged = await api.wallet('bet', bet(`${payload}.${mac!.slice(1)}A`, 'forged-2', 'rf', 1_000));
      expect([forged.statusCode, forged.json()]).toEqual([401, { error: 'invalidSession' }]);
      expect(await api.eventCount()).toBe(events);
      expect(await api.balance(player1)).toBe(start);
    });

    it('refuses a stake outside the game limits (serviceLimitError) and one above the balance (insufficientCredit)', async () => {
      const fruits = await api.open('kplayer1', FRUITS);
      for (const amount of [99, 10_001]) {
        const response = await api.wallet('bet', bet(fruits, `limit-${amount}`, `rl-${amount}`, amount));
        expect([response.statusCode, response.json()]).toEqual([422, { error: 'serviceLimitError' }]);
      }
      const dice = await api.open('kplayer2', DICE);
      const over = await api.wallet('bet', bet(dice, 'too-much', 'rx', 10_001, DICE));
      expect([over.statusCode, over.json()]).toEqual([422, { error: 'insufficientCredit' }]);
      // A session is for its game.
      expect((await api.wallet('bet', bet(dice, 'other-game', 'ry', 100, FRUITS))).json()).toEqual({ error: 'invalidField|serviceId' });
    });

    it('never overspends: concurrent bets through two api processes take exactly what the balance holds', async () => {
      const session = await api.open('kplayer2', DICE);
      expect(await api.balance(player2)).toBe(10_000);
      const second = api.otherProcess();
      const responses = await Promise.all(
        Array.from({ length: 24 }, (_, i) => api.wallet('bet', bet(session, `race-${i}`, `race-round-${i}`, 1_000, DICE), { app: i % 2 === 0 ? api.app : second })),
      );
      const codes = responses.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(10);
      expect(responses.filter((r) => r.statusCode !== 200).map((r) => r.json())).toEqual(Array.from({ length: 14 }, () => ({ error: 'insufficientCredit' })));
      expect(await api.balance(player2)).toBe(0);
      // The log shows an event once no older transaction anywhere on the database is still open: poll until.
      const placed = async () => (await api.casinoEvents()).filter((e) => e.accountId === player2 && e.event.type === 'CasinoBetPlaced').length;
      await expect.poll(placed, { timeout: 20_000 }).toBe(10);
    });

    it('refuses slots to a player whose slotUser flag is off: opening, and betting on a game opened before', async () => {
      const session = await api.open('kplayer1', FRUITS);
      const flags = { sportUser: 1, liveUser: 1, casinoUser: 1, slotUser: 0, virtualUser: 1, bingoUser: 1, tvgamesUser: 1 };
      expect((await api.call('kadmin', 'PUT', `/staff/users/${player1}/products`, flags)).statusCode).toBe(200);
      expect((await api.call('kplayer1', 'POST', '/casino/casinos/open', { serviceId: FRUITS })).json()).toMatchObject({ status: false, msg: 'permissionDenied|slotUser' });
      const refused = await api.wallet('bet', bet(session, 'flag-off', 'rflag', 100));
      expect([refused.statusCode, refused.json()]).toEqual([403, { error: 'permissionDenied|slotUser' }]);
      expect((await api.call('kadmin', 'PUT', `/staff/users/${player1}/products`, { ...flags, slotUser: 1 })).statusCode).toBe(200);
      expect((await api.wallet('bet', bet(session, 'flag-on', 'rflag', 100))).statusCode).toBe(200);
      expect((await api.wallet('win', bet(session, 'flag-on-win', 'rflag', 0))).statusCode).toBe(200);
    });

    it('plays the demo games for real: the page’s play makes the provider draw and call our wallet, signed', async () => {
      await api.app.listen({ port: 0, host: '127.0.0.1' });
      const address = api.app.server.address();
      const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const session = await api.open('kplayer1', FRUITS);
      const start = await api.balance(player1);
      const query = new URLSearchParams({ session, lang: 'en', currency: 'TRY' }).toString();
      const page = await fetch(`${origin}${DEMO_CASINO_PATHS.play(FRUITS)}?${query}`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-security-policy')).toContain('frame-ancestors *');
      expect(await page.text()).toContain(`data-testid="balance">${(start / 100).toFixed(2)} TRY`);

      const play = async (serviceId: number, form: Record<string, string>) => {
        const response = await fetch(`${origin}${DEMO_CASINO_PATHS.play(serviceId)}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ session, lang: 'en', currency: 'TRY', ...form }).toString() });
        expect(response.status).toBe(200);
        return response.text();
      };
      draws.push(4, 4, 4); // three sevens: 40 × the stake
      const sevens = await play(FRUITS, { stake: '500' });
      expect(sevens).toContain('data-win="20000"');
      expect(sevens).toContain(`data-testid="balance">${((start - 500 + 20_000) / 100).toFixed(2)} TRY`);
      draws.push(0, 1, 2); // cherry, lemon, bell: nothing
      expect(await play(FRUITS, { stake: '1000' })).toContain('data-win="0"');
      expect(await api.balance(player1)).toBe(start - 500 + 20_000 - 1_000);

      // The dice game's page, opened for it: a six on "high" pays 1.9 × the stake.
      const diceSession = await api.open('kplayer1', DICE);
      draws.push(5);
      const response = await fetch(`${origin}${DEMO_CASINO_PATHS.play(DICE)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ session: diceSession, lang: 'en', currency: 'TRY', stake: '500', bet: 'high' }).toString(),
      });
      expect(await response.text()).toContain('data-win="950"');
      expect(await api.balance(player1)).toBe(start - 500 + 20_000 - 1_000 - 500 + 950);
      // A refusal shows on the page and moves nothing.
      const tooSmall = await play(FRUITS, { stake: '50' });
      expect(tooSmall).toContain('data-error="serviceLimitError"');
      expect(await api.balance(player1)).toBe(start - 500 + 20_000 - 1_000 - 500 + 950);
    });

    it('reports casino money to the minor unit: by game, provider, player and day, in the general report’s products, as of a past moment, as CSV', async () => {
      await api.caughtUp();
      const folded = await api.casinoEvents();
      const sum = (filter: (e: (typeof folded)[number]) => boolean) => {
        const t = { bets: 0, wins: 0, refunds: 0, rounds: 0 };
        for (const e of folded.filter(filter)) {
          if (e.event.type === 'CasinoBetPlaced') {
            t.bets += e.event.data.amount;
            t.rounds += 1;
          }
          if (e.event.type === 'CasinoWinCredited') t.wins += e.event.data.amount;
          if (e.event.type === 'CasinoRoundRolledBack') t.refunds += e.event.data.amount;
        }
        return { ...t, ggr: t.bets - t.wins - t.refunds };
      };
      const all = sum(() => true);
      expect(all.bets).toBeGreaterThan(0);

      const byGame = await json<Report>('kadmin', '/reports/casino?groupBy=game');
      expect(byGame.totals).toMatchObject(all);
      expect(byGame.rows.map((r) => [r.label, r.bets, r.wins, r.refunds])).toEqual(
        [
          ['Kupon Dice', DICE],
          ['Kupon Fruits', FRUITS],
        ].map(([title, id]) => {
          const s = sum((e) => e.event.data.serviceId === id);
          return [title, s.bets, s.wins, s.refunds];
        }),
      );
      const byPlayer = await json<Report>('kadmin', '/reports/casino?groupBy=player');
      expect(byPlayer.rows.map((r) => [r.label, r.ggr])).toEqual([
        ['kplayer1', sum((e) => e.accountId === player1).ggr],
        ['kplayer2', sum((e) => e.accountId === player2).ggr],
      ]);
      expect((await json<Report>('kadmin', '/reports/casino?groupBy=provider')).rows).toEqual([{ key: 'demo', label: 'demo', ...all, marginBp: Math.trunc((all.ggr * 10_000) / all.bets) }]);
      expect((await json<Report>('kadmin', '/reports/casino?groupBy=day')).rows.map((r) => r.key)).toEqual(['2026-11-22']);

      // The general report's product breakdown carries casino as its own product, with the same money.
      const general = await json<{ rows: { key: string; stakes: number; payouts: number; refunds: number; coupons: number }[] }>('kadmin', '/reports/general?groupBy=product');
      expect(general.rows.find((r) => r.key === 'casino')).toMatchObject({ stakes: all.bets, payouts: all.wins, refunds: all.refunds, coupons: 0 });

      // A dealer sees its own subtree only (kplayer1 is under kdealer1, kplayer2 under kdealer2).
      expect((await json<Report>('kdealer1', '/reports/casino?groupBy=player')).rows.map((r) => r.label)).toEqual(['kplayer1']);
      expect((await json<Report>('kdealer2', '/reports/casino?groupBy=player')).rows.map((r) => r.label)).toEqual(['kplayer2']);

      // Next day: more play. As of the moment before, the report is what it was then.
      const before = api.clock.now().toISOString();
      api.advance(24 * 3_600_000);
      const session = await api.open('kplayer1', FRUITS);
      answer(await api.wallet('bet', bet(session, 'day2-bet', 'day2', 2_000)));
      answer(await api.wallet('win', bet(session, 'day2-win', 'day2', 300)));
      await api.caughtUp();
      const now = await json<Report>('kadmin', '/reports/casino?groupBy=day');
      expect(now.rows.map((r) => [r.key, r.bets, r.wins])).toEqual([
        ['2026-11-22', all.bets, all.wins],
        ['2026-11-23', 2_000, 300],
      ]);
      const then = await json<Report>('kadmin', `/reports/casino?groupBy=day&asOf=${encodeURIComponent(before)}`);
      expect(then.totals).toMatchObject(all);
      expect(then.asOf).toEqual({ at: before, position: null });
      expect((await json<Report>('kadmin', '/reports/casino?from=2026-11-23')).totals).toMatchObject({ bets: 2_000, wins: 300, refunds: 0, ggr: 1_700, marginBp: 8_500, rounds: 1 });

      const csv = await api.call('kadmin', 'GET', '/reports/casino?groupBy=game&format=csv');
      expect(csv.headers['content-type']).toContain('text/csv');
      expect(csv.body.split('\r\n')[0]).toBe('key,label,bets,wins,refunds,ggr,marginBp,rounds');
      expect(csv.body).toContain(`${FRUITS},Kupon Fruits,`);
      expect((await api.call('kplayer1', 'GET', '/reports/casino')).statusCode).toBe(403);
    });

    it('rebuilds the casino report from the events (replay) to the same totals', async () => {
      const before = await json<Report>('kadmin', '/reports/casino?groupBy=player');
      const started = await api.call('kadmin', 'POST', '/reports/replays', { report: 'casino' });
      expect(started.statusCode, started.body).toBe(202);
      const { replayId } = started.json() as { replayId: string };
      let view: { state: string; projection: string };
      do {
        await new Promise((resolve) => setTimeout(resolve, 50));
        view = await json('kadmin', `/reports/replays/${replayId}`);
      } while (view.state === 'queued' || view.state === 'building');
      expect(view).toMatchObject({ state: 'live', projection: 'casino-report' });
      expect(await json<Report>('kadmin', '/reports/casino?groupBy=player')).toEqual(before);
    });

    it('lobby flag 0 loads sub-providers: the aggregator lists its studios with their counts, and games filter by studio (company)', async () => {
      type Provider = { masterServiceId: number; name: string; games: number; lobby: 0 | 1; subProviders: { name: string; games: number }[] };
      const menu = await json<{ providers: Provider[] }>('kplayer1', '/casino/providers?product=slot');
      expect(menu.providers.map((p) => [p.name, p.lobby, p.subProviders.length])).toEqual([
        ['Kupon Demo', 1, 1],
        ['Kupon Aggregator', 0, 3],
      ]);
      expect(menu.providers[1]).toEqual({
        masterServiceId: 940,
        name: 'Kupon Aggregator',
        games: 5,
        products: ['slot'],
        lobby: 0,
        subProviders: [
          { name: 'Lucky Forge', games: 1 },
          { name: 'Nova Reels', games: 2 },
          { name: 'Pixel Play', games: 2 },
        ],
      });
      // Every other product's providers are single studios, lobby 1, as before.
      const all = await json<{ providers: Provider[] }>('kplayer1', '/casino/providers');
      expect(all.providers.filter((p) => p.lobby === 0).map((p) => p.masterServiceId)).toEqual([940]);
      expect(all.providers.filter((p) => p.lobby === 1).every((p) => p.subProviders.length === 1 && p.subProviders[0]!.games === p.games)).toBe(true);
      // Of a product the aggregator has no games of, it is not in the menu.
      expect((await json<{ providers: Provider[] }>('kplayer1', '/casino/providers?product=virtual')).providers.map((p) => p.masterServiceId)).toEqual([920]);

      type Games = { games: { title: string; company_name: string; masterServiceId: number }[]; total: number };
      const titles = async (query: string) => (await json<Games>('kplayer1', `/casino/games?${query}`)).games.map((g) => g.title);
      expect(await titles('masterServiceId=940')).toEqual(['Nova Cherries', 'Nova Sevens', 'Pixel High-Low', 'Pixel Bells', 'Forge Fortune']);
      const pixel = await json<Games>('kplayer1', '/casino/games?masterServiceId=940&company=Pixel%20Play&product=slot');
      expect(pixel).toMatchObject({ total: 2, games: [{ title: 'Pixel High-Low', company_name: 'Pixel Play', masterServiceId: 940 }, { title: 'Pixel Bells', company_name: 'Pixel Play' }] });
      // With search, order and limit, as the other filters combine.
      expect(await titles('masterServiceId=940&company=Nova%20Reels&order=title')).toEqual(['Nova Cherries', 'Nova Sevens']);
      expect(await titles('masterServiceId=940&company=Nova%20Reels&search=seV')).toEqual(['Nova Sevens']);
      expect(await json('kplayer1', '/casino/games?company=Nova%20Reels&limit=1')).toMatchObject({ total: 2, games: [{ title: 'Nova Cherries' }] });
      // Without the provider, a studio's games wherever they are listed; a studio of another provider lists nothing under this one.
      expect(await titles('company=Kupon%20Demo&product=slot')).toEqual(['Kupon Fruits', 'Kupon Dice']);
      expect(await titles('masterServiceId=940&company=Kupon%20Demo')).toEqual([]);
      expect(await titles('company=nova%20reels')).toEqual([]);
      const tooLong = await api.call('kplayer1', 'GET', `/casino/games?company=${'x'.repeat(81)}`);
      expect(tooLong.statusCode).toBe(400);
    });

    it('an aggregator’s game plays on the seamless wallet like the others, and shows in the casino report under its title', async () => {
      const HIGH_LOW = DEMO_AGGREGATOR_SERVICE_IDS.pixelHighLow;
      const demo = await demoPlayPage(api);
      const session = await api.open('kplayer1', HIGH_LOW);
      const start = await api.balance(player1);
      expect(await demo.page(HIGH_LOW, session)).toContain(`data-testid="balance">${(start / 100).toFixed(2)} TRY`);
      draws.push(5); // a six on "high": 1.9 × the stake
      const played = await demo.form(HIGH_LOW, session, { stake: '500', bet: 'high' });
      expect([played.status, played.html]).toEqual([200, expect.stringContaining('data-win="950"')]);
      expect(await api.balance(player1)).toBe(start - 500 + 950);
      await api.caughtUp();
      const byGame = await json<Report>('kadmin', '/reports/casino?groupBy=game&from=2026-11-23');
      expect(byGame.rows.find((r) => r.key === String(HIGH_LOW))).toMatchObject({ label: 'Pixel High-Low', bets: 500, wins: 950, rounds: 1 });
    });
  });
}
