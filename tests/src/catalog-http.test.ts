import { FeedIngestor, type FeedMessage } from '@kupon/api/feed';
import { FeedSimulator } from '@kupon/demo';
import { openTestApi, type TestApi } from '@kupon/demo/testing';
import { type TestStorage, testBackends } from '@kupon/projections/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** The clock of openTestApi: the simulated feed starts there too. */
const START = Date.parse('2026-11-22T12:00:00.000Z');
const FEW = { 1: 6, 2: 2, 3: 0, 4: 0, 5: 3, 6: 0, 23: 1, 109: 0, 110: 0, 111: 0 } as const;

for (const backend of testBackends) {
  describe(`catalog and live lists over HTTP on ${backend.name}`, () => {
    let storage: TestStorage;
    let api: TestApi;
    let messages: FeedMessage[];

    beforeAll(async () => {
      storage = await backend.open();
      api = await openTestApi(storage);
      // Five simulated hours of feed: fixtures for the next days, matches played and settled since 07:00.
      messages = new FeedSimulator({ seed: 11, start: START, days: 2, historyMs: 5 * 3_600_000, fixturesPerDay: FEW, prematchMoveMs: 12 * 3_600_000 }).advanceTo(START);
      const ingestor = new FeedIngestor(storage.store);
      for (const message of messages) void ingestor.ingest(message);
      await ingestor.drain();
      expect(ingestor.stats.refused).toBe(0);
      await api.caughtUp();
    });

    afterAll(async () => {
      await api.close();
      await storage.close();
    });

    const get = async (url: string) => {
      const response = await api.app.inject({ method: 'GET', url });
      return { status: response.statusCode, body: response.json() };
    };

    it('serves the sport tree, the matches of a sport by date and one match with its odds', async () => {
      const tree = await get('/api/v1/catalog/sports?lang=en');
      expect(tree.status).toBe(200);
      const soccer = tree.body.find((s: { id: number }) => s.id === 1);
      expect(soccer.title).toBe('Soccer');
      expect(soccer.matchCount).toBeGreaterThan(0);

      const matches = await get('/api/v1/catalog/matches?sportId=1&lang=en');
      expect(matches.status).toBe(200);
      expect(matches.body.length).toBe(soccer.matchCount);
      const dates = matches.body.map((m: { matchDate: string }) => m.matchDate);
      expect([...dates].sort()).toEqual(dates);
      expect(matches.body.every((m: { matchstatus: string }) => m.matchstatus === 'not_started')).toBe(true);

      const one = await get(`/api/v1/catalog/matches/${matches.body[0].id}?lang=en`);
      expect(one.status).toBe(200);
      expect(one.body.odds.map((g: { oddstype: number }) => g.oddstype)).toContain(1);
      expect(one.body.odds[0].odds.every((o: { odd: number }) => Number.isInteger(o.odd) && o.odd > 1000)).toBe(true);
    });

    it('refuses what the spec bounds, with a key that names the rule', async () => {
      expect(await get('/api/v1/catalog/matches?limit=76')).toEqual({ status: 400, body: { error: 'outOfRange|limit' } });
      expect(await get('/api/v1/catalog/search?keyWord=ga')).toEqual({ status: 400, body: { error: 'searchKeywordTooShort|3' } });
      expect(await get('/api/v1/catalog/matches?sportId=99')).toEqual({ status: 400, body: { error: 'unknownSport' } });
      expect(await get('/api/v1/catalog/matches/nope')).toEqual({ status: 404, body: { error: 'matchNotFound|nope' } });
      // A param echoing a line break once split the one-line key (found by route-fuzz.test.ts): controls go as `?`.
      expect(await get('/api/v1/catalog/matches/a%0D%0Ab')).toEqual({ status: 404, body: { error: 'matchNotFound|a??b' } });
      expect((await get('/api/v1/live?limit=401')).status).toBe(400);
      expect((await get('/api/v1/catalog/liability/nope')).status).toBe(401);
    });

    it('lists results of matches the feed settled, and the live list with per-sport counts', async () => {
      const results = await get('/api/v1/catalog/results?lang=en');
      expect(results.status).toBe(200);
      expect(results.body.length).toBeGreaterThan(0);
      expect(results.body.length).toBeLessThanOrEqual(50);
      expect(results.body[0].result.status).toBe('completed');

      const live = await get('/api/v1/live?lang=en');
      expect(live.status).toBe(200);
      for (const sport of live.body.sports) {
        expect(live.body.matches.filter((m: { sportId: number }) => m.sportId === sport.sportId)).toHaveLength(sport.liveCount);
      }
      expect(live.body.matches.every((m: { matchstatus: string }) => !['ended', 'after_ot', 'retired', 'walkover'].includes(m.matchstatus))).toBe(true);
    });

    it('the live list counts down the minutes until a match waiting for kick-off leaves it (§4: 5 past its start); a match in play has none', async () => {
      const template = messages.find((m) => m.kind === 'fixture_change')!;
      if (template.kind !== 'fixture_change') throw new Error('no fixture in the feed');
      const matchId = 'countdown-match';
      const fixture = { ...template.fixture, matchId, startsAt: new Date(START + 10 * 60_000).toISOString(), liveCoverage: true };
      const ingestor = new FeedIngestor(storage.store);
      await ingestor.ingest({ kind: 'fixture_change', id: 'countdown-fixture', at: new Date(START).toISOString(), fixture });
      await ingestor.drain();
      await api.caughtUp();

      const live = await get('/api/v1/live?lang=en');
      type Live = { id: string; matchstatus: string; remainingMinutes: number | null };
      const matches = live.body.matches as Live[];
      expect(matches.find((m) => m.id === matchId)).toMatchObject({ matchstatus: 'not_started', remainingMinutes: 15 });
      for (const match of matches.filter((m) => m.matchstatus !== 'not_started')) expect(match.remainingMinutes).toBeNull();
    });
  });
}
