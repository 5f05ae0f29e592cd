import { FeedIngestor } from '@kupon/api/feed';
import { FeedSimulator } from '@kupon/demo';
import { openTestApi, type TestApi } from '@kupon/demo/testing';
import { type TestStorage, testBackends } from '@kupon/projections/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** The clock of openTestApi: the simulated feed starts there too. */
const START = Date.parse('2026-11-22T12:00:00.000Z');
const FEW = { 1: 40, 2: 6, 3: 0, 4: 0, 5: 6, 6: 0, 23: 2, 109: 0, 110: 0, 111: 0 } as const;
/** The feed runs an hour past the api's clock, so that matches are in play. */
const FEED_AHEAD = 3_600_000;

interface Listed {
  id: string;
  tournamentId: string;
  homeTeam: string;
  awayTeam: string;
  matchDate: string;
}

/**
 * §7 matches with several tournaments at once (multipleLeague) and with a player's starred matches,
 * and §2 /livebets/{keyWord}: the live list narrowed by a keyword, server-side.
 */
for (const backend of testBackends) {
  describe(`several leagues, starred matches and the live keyword over HTTP on ${backend.name}`, () => {
    let storage: TestStorage;
    let api: TestApi;

    beforeAll(async () => {
      storage = await backend.open();
      api = await openTestApi(storage);
      const messages = new FeedSimulator({ seed: 11, start: START, days: 2, historyMs: 5 * 3_600_000, fixturesPerDay: FEW, prematchMoveMs: 12 * 3_600_000 }).advanceTo(START + FEED_AHEAD);
      const ingestor = new FeedIngestor(storage.store);
      for (const message of messages) void ingestor.ingest(message);
      await ingestor.drain();
      await api.caughtUp();
    }, 120_000);

    afterAll(async () => {
      await api?.close();
      await storage?.close();
    });

    const get = async (url: string) => {
      const response = await api.app.inject({ method: 'GET', url });
      return { status: response.statusCode, body: response.json() };
    };

    it('lists the matches of several leagues picked at once, sorted by date, and nothing of the others', async () => {
      const all = (await get('/api/v1/catalog/matches?lang=en')).body as Listed[];
      const leagues = [...new Set(all.map((m) => m.tournamentId))];
      expect(leagues.length).toBeGreaterThanOrEqual(3);
      const [a, b] = leagues;
      const one = (await get(`/api/v1/catalog/matches?tournamentId=${encodeURIComponent(a!)}`)).body as Listed[];
      const other = (await get(`/api/v1/catalog/matches?tournamentId=${encodeURIComponent(b!)}`)).body as Listed[];
      const both = await get(`/api/v1/catalog/matches?tournamentId=${encodeURIComponent(`${a},${b}`)}`);
      expect(both.status).toBe(200);
      const listed = both.body as Listed[];
      expect(new Set(listed.map((m) => m.tournamentId))).toEqual(new Set([a, b]));
      expect(new Set(listed.map((m) => m.id))).toEqual(new Set([...one, ...other].map((m) => m.id)));
      expect(listed.map((m) => m.matchDate)).toEqual([...listed.map((m) => m.matchDate)].sort());
      // A list of one is the single league as before; a repeated id counts once.
      expect(((await get(`/api/v1/catalog/matches?tournamentId=${encodeURIComponent(`${a},${a}`)}`)).body as Listed[]).map((m) => m.id)).toEqual(one.map((m) => m.id));
    });

    it('lists only the starred matches asked for, and refuses an empty or too long list', async () => {
      const all = (await get('/api/v1/catalog/matches?lang=en')).body as Listed[];
      const starred = [all[2]!.id, all[0]!.id];
      const listed = (await get(`/api/v1/catalog/matches?matchId=${encodeURIComponent(starred.join(','))}`)).body as Listed[];
      expect(listed.map((m) => m.id)).toEqual([all[0]!.id, all[2]!.id]);
      expect(await get('/api/v1/catalog/matches?matchId=,')).toEqual({ status: 400, body: { error: 'invalidField|matchId' } });
      const many = Array.from({ length: 51 }, (_, i) => `t${i}`).join(',');
      expect(await get(`/api/v1/catalog/matches?tournamentId=${many}`)).toEqual({ status: 400, body: { error: 'invalidField|tournamentId' } });
    });

    it('narrows the live list to a keyword of a team’s name, in any case; under 3 letters is refused', async () => {
      const live = (await get('/api/v1/live?lang=en')).body as { matches: Listed[] };
      expect(live.matches.length).toBeGreaterThan(1);
      const team = live.matches[0]!.homeTeam;
      const word = team.slice(0, 4).toLocaleUpperCase('tr');
      const found = await get(`/api/v1/live?lang=en&keyWord=${encodeURIComponent(word)}`);
      expect(found.status).toBe(200);
      const matches = found.body.matches as Listed[];
      expect(matches.map((m) => m.id)).toContain(live.matches[0]!.id);
      expect(matches.length).toBeLessThan(live.matches.length);
      const lower = team.slice(0, 4).toLocaleLowerCase('tr');
      expect(matches.every((m) => `${m.homeTeam} ${m.awayTeam}`.toLocaleLowerCase('tr').includes(lower))).toBe(true);
      expect(await get('/api/v1/live?keyWord=ab')).toEqual({ status: 400, body: { error: 'searchKeywordTooShort|3' } });
    });
  });
}
