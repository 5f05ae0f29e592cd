import { FeedIngestor } from '@kupon/api/feed';
import { FeedSimulator } from '@kupon/demo';
import { type ApiClient, openTestApi, type TestApi } from '@kupon/demo/testing';
import { type TestStorage, testBackends } from '@kupon/projections/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** The clock of openTestApi: the simulated feed starts there too. */
const START = Date.parse('2026-11-22T12:00:00.000Z');
const FEW = { 1: 6, 2: 2, 3: 0, 4: 0, 5: 0, 6: 0, 23: 0, 109: 0, 110: 0, 111: 0 } as const;

interface WireGroup {
  oddsid: string;
  special: string;
  active: 0 | 1;
  iss: 0 | 1;
  isv: 0 | 1;
  odds: { outcomeid: string; odd: number; active: 0 | 1 }[];
}
interface WireMatch {
  id: string;
  matchDate: string;
  homeTeam: string;
  odds: WireGroup[];
}

/**
 * The operator's proposed bets (spec §7 `matchProposition`) over HTTP: staff propose selections of
 * upcoming matches, checked against the catalog; the player site lists them at the site's current
 * price until the match starts; nothing shows on another site; the regulator only reads.
 */
for (const backend of testBackends) {
  describe(`proposed bets over HTTP (${backend.name})`, () => {
    let storage: TestStorage;
    let api: TestApi;
    let admin: ApiClient;
    let operator: ApiClient;
    let regulator: ApiClient;
    let player: ApiClient;
    /** The two earliest upcoming soccer matches with an open 1X2 market. */
    let first: WireMatch;
    let second: WireMatch;

    beforeAll(async () => {
      storage = await backend.open();
      api = await openTestApi(storage);
      const messages = new FeedSimulator({ seed: 7, start: START, days: 2, historyMs: 0, fixturesPerDay: FEW, prematchMoveMs: 12 * 3_600_000 }).advanceTo(START);
      const ingestor = new FeedIngestor(storage.store);
      for (const message of messages) void ingestor.ingest(message);
      await ingestor.drain();
      await api.caughtUp();
      [admin, operator, regulator, player] = await Promise.all([api.as('kadmin'), api.as('koperator'), api.as('kregulator'), api.as('kplayer1')]);
      // Read models lag writes: ask until the catalog lists the fixtures.
      let listed: WireMatch[] = [];
      while (listed.length < FEW[1]) {
        await api.caughtUp();
        listed = (await guest('kupon', '/catalog/matches?sportId=1&lang=en')).json() as WireMatch[];
      }
      const full: WireMatch[] = [];
      for (const match of listed) {
        const detail = (await guest('kupon', `/catalog/matches/${match.id}?lang=en`)).json() as WireMatch;
        if (oneXTwo(detail) && Date.parse(detail.matchDate) > START) full.push(detail);
      }
      expect(full.length, `${listed.length} listed`).toBeGreaterThanOrEqual(2);
      [first, second] = full as [WireMatch, WireMatch];
      expect(Date.parse(first.matchDate)).toBeLessThan(Date.parse(second.matchDate));
    });
    afterAll(async () => {
      await api?.close();
      await storage?.close();
    });

    const guest = (site: string, url: string) => api.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { 'x-site-id': site } });
    const oneXTwo = (match: WireMatch) => match.odds.find((g) => g.oddsid === 'FT_1X2|' && g.active === 1 && g.iss === 0 && g.isv === 1);
    const pick = (match: WireMatch, outcomeId: string) => ({ matchId: match.id, marketId: 'FT_1X2', special: '', outcomeId });
    const publicList = async (site = 'kupon', lang = 'en') => {
      const response = await guest(site, `/content/propositions?lang=${lang}`);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { propositions: { id: string; matchId: string; outcomeId: string; odd: number; note: string; homeTeam: string }[] }).propositions;
    };
    /** The site's current price of an outcome, as the match page shows it. */
    const priceOf = async (matchId: string, outcomeId: string) => {
      const match = (await guest('kupon', `/catalog/matches/${matchId}?lang=en`)).json() as WireMatch;
      return oneXTwo(match)!.odds.find((o) => o.outcomeid === outcomeId)!.odd;
    };

    it('staff propose selections of upcoming matches; the player site lists them in order with the current odds and the note in its language', async () => {
      const added = await operator('POST', '/content-settings/propositions', { id: 'home-first', ...pick(first, '1'), notes: { tr: 'Ev sahibi formda', en: 'Home side in form' } });
      expect(added.statusCode, added.body).toBe(200);
      expect((await admin('POST', '/content-settings/propositions', { id: 'draw-second', ...pick(second, 'X') })).statusCode).toBe(200);

      const shown = await publicList('kupon', 'en');
      expect(shown.map((p) => [p.id, p.matchId, p.outcomeId])).toEqual([
        ['home-first', first.id, '1'],
        ['draw-second', second.id, 'X'],
      ]);
      expect(shown[0]!.note).toBe('Home side in form');
      expect(shown[0]!.homeTeam).toBe(first.homeTeam);
      expect(shown[0]!.odd).toBe(await priceOf(first.id, '1'));
      expect((await publicList('kupon', 'tr'))[0]!.note).toBe('Ev sahibi formda');

      // The site takes a margin off 1X2: the list follows the catalog's price, not the one at proposing.
      const before = shown[0]!.odd;
      expect((await admin('PUT', '/catalog-settings/entries/market/FT_1X2', { marginBp: 1000 })).statusCode).toBe(200);
      let now = before;
      while (now === before) {
        await api.caughtUp();
        now = await priceOf(first.id, '1');
      }
      expect(now).toBeLessThan(before);
      let listed = (await publicList())[0]!.odd;
      while (listed !== now) {
        await api.caughtUp();
        listed = (await publicList())[0]!.odd;
      }
      expect(listed).toBe(now);
    });

    it('nothing of one site shows on another', async () => {
      expect(await publicList('bahis')).toEqual([]);
      const badmin = await api.as('badmin', 'bahis');
      expect(((await badmin('GET', '/content-settings/propositions')).json() as { propositions: unknown[] }).propositions).toEqual([]);
    });

    it('refuses what the catalog does not offer, the same pick twice, a used id, a bad id or note, and names the rule', async () => {
      const post = (body: object) => admin('POST', '/content-settings/propositions', body);
      const refused = async (body: object) => {
        const response = await post(body);
        return [response.statusCode, response.json()];
      };
      expect(await refused({ id: 'ghost', ...pick(first, '1'), matchId: 'no-such-match' })).toEqual([404, { error: 'matchNotFound|no-such-match' }]);
      expect(await refused({ id: 'bad-market', ...pick(first, '1'), marketId: 'NO_MARKET' })).toEqual([422, { error: 'unknownMarket|NO_MARKET' }]);
      expect(await refused({ id: 'bad-outcome', ...pick(first, '7') })).toEqual([422, { error: 'unknownOutcome|7' }]);
      expect(await refused({ id: 'again', ...pick(first, '1') })).toEqual([409, { error: 'propositionDuplicate|1' }]);
      expect(await refused({ id: 'home-first', ...pick(first, '2') })).toEqual([409, { error: 'propositionExists|home-first' }]);
      expect(await refused({ id: 'Not An Id', ...pick(first, '2') })).toEqual([400, { error: 'invalidField|id' }]);
      expect(await refused({ id: 'long-note', ...pick(first, '2'), notes: { tr: 'x'.repeat(201) } })).toEqual([400, { error: 'invalidField|notes' }]);
      expect((await admin('DELETE', '/content-settings/propositions/none')).json()).toEqual({ error: 'propositionNotFound|none' });
      expect((await admin('PUT', '/content-settings/propositions/order', { ids: ['home-first'] })).json()).toEqual({ error: 'invalidField|ids' });
      // A retried request (same id, same pick) is answered, not repeated.
      expect((await post({ id: 'home-first', ...pick(first, '1') })).statusCode).toBe(200);
      expect((await publicList()).map((p) => p.id)).toEqual(['home-first', 'draw-second']);
    });

    it('the regulator reads but cannot write; players and guests are refused', async () => {
      const read = await regulator('GET', '/content-settings/propositions');
      expect(read.statusCode, read.body).toBe(200);
      expect((read.json() as { propositions: { id: string }[] }).propositions.map((p) => p.id)).toEqual(['home-first', 'draw-second']);
      expect((await regulator('POST', '/content-settings/propositions', { id: 'reg', ...pick(first, '2') })).json()).toEqual({ error: 'readOnlyRole' });
      expect((await regulator('DELETE', '/content-settings/propositions/home-first')).json()).toEqual({ error: 'readOnlyRole' });
      expect((await player('POST', '/content-settings/propositions', { id: 'me', ...pick(first, '2') })).json()).toEqual({ error: 'permissionDenied|player' });
      expect((await api.app.inject({ method: 'GET', url: '/api/v1/content-settings/propositions', headers: { 'x-site-id': 'kupon' } })).statusCode).toBe(401);
      expect((await publicList()).map((p) => p.id)).toEqual(['home-first', 'draw-second']);
    });

    it('staff reorder and remove; a match that started drops out of the player list and can no longer be proposed', async () => {
      const reordered = await operator('PUT', '/content-settings/propositions/order', { ids: ['draw-second', 'home-first'] });
      expect(reordered.statusCode, reordered.body).toBe(200);
      expect((await publicList()).map((p) => p.id)).toEqual(['draw-second', 'home-first']);

      api.clock.advance(Date.parse(first.matchDate) - api.clock.now().getTime() + 60_000);
      expect(api.clock.now().getTime()).toBeLessThan(Date.parse(second.matchDate));
      expect((await publicList()).map((p) => p.id)).toEqual(['draw-second']);
      // Hours later: staff sessions idled out, so they log in again.
      admin = await api.as('kadmin');
      const staffView = (await admin('GET', '/content-settings/propositions')).json() as { propositions: { id: string; shown: boolean }[] };
      expect(staffView.propositions.map((p) => [p.id, p.shown])).toEqual([
        ['draw-second', true],
        ['home-first', false],
      ]);
      const late = await admin('POST', '/content-settings/propositions', { id: 'too-late', ...pick(first, '2') });
      expect([late.statusCode, late.json()]).toEqual([422, { error: `matchNotUpcoming|${first.id}` }]);

      expect((await admin('DELETE', '/content-settings/propositions/draw-second')).statusCode).toBe(200);
      expect(await publicList()).toEqual([]);
    });
  });
}
