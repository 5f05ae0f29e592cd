import type { Fixture } from '@kupon/domain';
import { LiveOddsBook } from '@kupon/api/live';
import { fixture, MatchWriter, oneXTwo, playing } from '@kupon/api/live/testing';
import { type TestStorage, testBackends } from '@kupon/projections/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MoneyApi, openMoneyApi } from './money-harness';

/** The test api's clock: 12:00 that day. */
const IN_TWO_HOURS = '2026-11-22T14:00:00.000Z';
const IN_THREE_HOURS = '2026-11-22T15:00:00.000Z';
const KICKED_OFF = '2026-11-22T11:50:00.000Z';
/** Football's live delay on a site that set none, in this test. */
const PROCESS_DELAY_MS = 0;
/** The delay kupon sets for football. */
const SITE_DELAY_MS = 1_500;
const DURING_WAIT_MS = 500;

type Listed = { id: string; homeTeam: string; tournamentName: string; odds: { typename: string; odds: { outcomeid: string; odd: number }[] }[] };

/**
 * Issue 6 item 1 over HTTP: each site's catalog settings are events on its own `catalog-<siteId>`
 * stream, changed by its staff, and shape what that site's players see and may bet on.
 */
for (const backend of testBackends) {
  describe(`catalog settings per site over HTTP (${backend.name})`, () => {
    let storage: TestStorage;
    let book: LiveOddsBook;
    let writer: MatchWriter;
    let api: MoneyApi;

    beforeAll(async () => {
      storage = await backend.open();
      book = new LiveOddsBook(storage.store);
      book.start();
      writer = new MatchWriter(storage.store);
      api = await openMoneyApi(storage, { odds: book, liveDelays: { 1: PROCESS_DELAY_MS } });
      await api.fund('kupon', 'kplayer1', 50_000);
      await api.fund('bahis', 'bplayer1', 50_000);
      const cup = (f: Fixture): Fixture => ({ ...f, tournament: { id: 'cup', name: { tr: 'Kupa', en: 'Cup' } } });
      for (const f of [fixture('derby', 1, IN_TWO_HOURS), cup(fixture('final', 1, IN_THREE_HOURS)), fixture('open', 5, IN_TWO_HOURS), fixture('inplay', 1, KICKED_OFF)]) await writer.create(f);
      for (const id of ['derby', 'final', 'inplay']) await writer.odds(id, oneXTwo(2_000));
      await writer.state('inplay', playing(10));
      await book.caughtUp();
      await api.settled();
    });
    afterAll(async () => {
      await api.close();
      await book.stop();
      await storage.close();
    });

    const call: MoneyApi['callAs'] = (...args) => api.callAs(...args);
    const matches = async (site: string): Promise<Listed[]> => (await call(site, null, 'GET', '/catalog/matches?lang=en')).json();
    /** Read models lag behind writes: ask again until the list shows what the test waits for. */
    const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> => {
      for (;;) {
        const value = await read();
        if (done(value)) return value;
        await api.settled();
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const bet = (site: string, userName: string, requestId: string, matchId: string, odds: number, isLive = false) =>
      call(site, userName, 'POST', '/coupons', { requestId, tips: [{ matchId, marketId: 'FT_1X2', special: '', outcomeId: '1', odds, banker: false, isLive }], totalStake: 1_000 });

    it('only admins and operators change the settings; a regulator may read them; a player is refused', async () => {
      expect((await call('kupon', 'kplayer1', 'PUT', '/catalog-settings/entries/sport/5', { enabled: false })).json()).toEqual({ error: 'permissionDenied|player' });
      expect((await call('kupon', 'kregulator', 'PUT', '/catalog-settings/entries/sport/5', { enabled: false })).statusCode).toBe(403);
      expect((await call('kupon', null, 'PUT', '/catalog-settings/entries/sport/5', { enabled: false })).statusCode).toBe(401);
      const read = await call('kupon', 'kregulator', 'GET', '/catalog-settings');
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json()).toMatchObject({ siteId: 'kupon', entries: [], sportsbook: { matchesPerDay: 30, firstBulletinSize: 100, liveDelays: {} } });
      expect((await call('kupon', 'koperator', 'PUT', '/catalog-settings/entries/market/NOPE', { enabled: false })).json()).toEqual({ error: 'unknownMarket|NOPE' });
      expect((await call('kupon', 'kadmin', 'PUT', '/catalog-settings/entries/market/FT_1X2', { marginBp: 5_000 })).json()).toEqual({ error: 'invalidField|marginBp' });
      expect((await call('kupon', 'kadmin', 'PUT', '/catalog-settings/sportsbook', { firstBulletinSize: 201 })).json()).toEqual({ error: 'outOfRange|firstBulletinSize' });
    });

    it("a site switches off a sport, renames a team and puts a tournament first; another site's lists stay as the feed has them", async () => {
      const off = await call('kupon', 'koperator', 'PUT', '/catalog-settings/entries/sport/5', { enabled: false });
      expect(off.json()).toEqual({ kind: 'sport', key: '5', enabled: false, order: null, names: {}, marginBp: null });
      await call('kupon', 'koperator', 'PUT', '/catalog-settings/entries/team/derby-h', { names: { en: 'Lions', tr: 'Aslanlar' } });
      await call('kupon', 'koperator', 'PUT', '/catalog-settings/entries/tournament/cup', { order: 0 });

      const tree = await until(
        async () => (await call('kupon', null, 'GET', '/catalog/sports?lang=en')).json() as { id: number; children: { children: { id: string }[] }[] }[],
        (sports) => !sports.some((s) => s.id === 5),
      );
      expect(tree.find((s) => s.id === 1)!.children[0]!.children.map((t) => t.id)).toEqual(['cup', 'sl']);
      const listed = await until(() => matches('kupon'), (list) => list.some((m) => m.homeTeam === 'Lions'));
      expect(listed.map((m) => m.id)).toEqual(['derby', 'final']);
      expect((await call('kupon', null, 'GET', '/catalog/matches/open')).statusCode).toBe(404);

      expect((await matches('bahis')).map((m) => [m.id, m.homeTeam])).toEqual([['derby', 'Home'], ['open', 'Home'], ['final', 'Home']]);
      const settings = (await call('kupon', 'kadmin', 'GET', '/catalog-settings')).json();
      expect(settings.entries).toHaveLength(3);
    });

    it("a market margin prices the site's coupons: the feed's price is refused as moved, the site's is taken", async () => {
      await call('kupon', 'kadmin', 'PUT', '/catalog-settings/entries/market/FT_1X2', { marginBp: 300 });
      // 2.000 with 3 % more margin: 2000 / 1.03 = 1.941…, rounded down to the price ladder: 1.94.
      const listed = await until(() => matches('kupon'), (list) => list[0]?.odds[0]?.odds[0]?.odd === 1_940);
      expect(listed[0]!.odds[0]!.odds.map((o) => o.odd)).toEqual([1_940, 3_200, 3_490]);
      expect((await bet('kupon', 'kplayer1', 'margin-bet-001', 'derby', 2_000)).json()).toEqual({ error: 'rateChanged' });
      const placed = await bet('kupon', 'kplayer1', 'margin-bet-002', 'derby', 1_940);
      expect(placed.statusCode, placed.body).toBe(200);
      expect(placed.json().coupon).toMatchObject({ maxPay: 1_940 });
      // The other brand still sells the feed's price; and nobody bets on a sport a site switched off.
      expect((await bet('bahis', 'bplayer1', 'margin-bet-003', 'derby', 2_000)).statusCode).toBe(200);
      await writer.odds('open', { market: 'TN_MATCH', special: '', status: 'active', outcomes: [{ outcome: '1', odds: 1_500, active: true }, { outcome: '2', odds: 2_500, active: true }] });
      await book.caughtUp();
      const tennis = await call('kupon', 'kplayer1', 'POST', '/coupons', { requestId: 'tennis-off-001', tips: [{ matchId: 'open', marketId: 'TN_MATCH', special: '', outcomeId: '1', odds: 1_500, banker: false, isLive: false }], totalStake: 1_000 });
      expect(tennis.json()).toEqual({ error: 'typeClosedForMatch' });
    });

    it("the site's first bulletin size is a setting, not a request parameter", async () => {
      expect(await (await call('kupon', null, 'GET', '/catalog/bulletin')).json()).toHaveLength(2);
      const changed = await call('kupon', 'kadmin', 'PUT', '/catalog-settings/sportsbook', { firstBulletinSize: 1 });
      expect(changed.json()).toEqual({ matchesPerDay: 30, firstBulletinSize: 1, liveDelays: {} });
      const bulletin = await until(async () => (await call('kupon', null, 'GET', '/catalog/bulletin')).json() as Listed[], (list) => list.length === 1);
      expect(bulletin.map((m) => m.id)).toEqual(['derby']);
      expect(await (await call('bahis', null, 'GET', '/catalog/bulletin')).json()).toHaveLength(3);
    });

    it("a live coupon waits the site's own delay: a price moved during it is refused there, while the other site accepts at once", async () => {
      const set = await call('kupon', 'kadmin', 'PUT', '/catalog-settings/sportsbook', { liveDelays: { 1: SITE_DELAY_MS } });
      expect(set.json().liveDelays).toEqual({ 1: SITE_DELAY_MS });
      const started = Date.now();
      const answer = bet('kupon', 'kplayer1', 'live-site-delay', 'inplay', 1_940, true);
      await new Promise((resolve) => setTimeout(resolve, DURING_WAIT_MS));
      await writer.odds('inplay', oneXTwo(2_100));
      await book.caughtUp();
      expect((await answer).json()).toEqual({ error: 'rateChanged' });
      expect(Date.now() - started).toBeGreaterThanOrEqual(SITE_DELAY_MS);

      const elsewhere = await bet('bahis', 'bplayer1', 'live-no-delay', 'inplay', 2_100, true);
      expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    });
  });
}
