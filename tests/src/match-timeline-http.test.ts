import { INITIAL_SCOREBOARD, type Scoreboard } from '@kupon/domain';
import { fixture, MatchWriter, oneXTwo } from '@kupon/api/live/testing';
import { type TestStorage, testBackends } from '@kupon/projections/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MoneyApi, openMoneyApi } from './money-harness';

/** Ten minutes before the test api's clock (12:00): both matches are under way. */
const KICKED_OFF = '2026-11-22T11:50:00.000Z';

const s = (home: number, away: number) => ({ home, away });
const football = (patch: Partial<Scoreboard>): Scoreboard => ({ ...INITIAL_SCOREBOARD, status: '1p', ...patch });

type Timeline = { matchId: string; sportId: number; homeTeam: string; scoreboard: Scoreboard | null; incidents: { kind: string; side: string | null; period: number; minute: number | null; score: { home: number; away: number } }[] };

/**
 * Spec §3 live_show_tracker over HTTP: the feed's scoreboards go through the match stream, the
 * timeline read model lists what changed between them, and the catalog serves it under the site's
 * visibility rules.
 */
for (const backend of testBackends) {
  describe(`match timeline over HTTP (${backend.name})`, () => {
    let storage: TestStorage;
    let writer: MatchWriter;
    let api: MoneyApi;

    beforeAll(async () => {
      storage = await backend.open();
      writer = new MatchWriter(storage.store);
      api = await openMoneyApi(storage);
      await writer.create(fixture('derby', 1, KICKED_OFF));
      await writer.create(fixture('open', 5, KICKED_OFF));
      await writer.odds('derby', oneXTwo(2_000));
      // The derby as the feed reports it: kick-off, a home goal, a booking and a corner, half time, an away goal.
      for (const board of [
        football({ periods: [s(0, 0)], minute: 1 }),
        football({ score: s(1, 0), periods: [s(1, 0)], minute: 23 }),
        football({ score: s(1, 0), periods: [s(1, 0)], minute: 31, cards: { yellow: s(0, 1), red: s(0, 0) }, corners: s(1, 0) }),
        football({ status: 'pause1', score: s(1, 0), periods: [s(1, 0)], minute: 45, cards: { yellow: s(0, 1), red: s(0, 0) }, corners: s(1, 0) }),
        football({ status: '2p', score: s(1, 1), periods: [s(1, 0), s(0, 1)], minute: 58, cards: { yellow: s(0, 1), red: s(0, 0) }, corners: s(1, 0) }),
      ])
        await writer.state('derby', board);
      for (const games of [s(0, 0), s(1, 0), s(1, 1)]) await writer.state('open', { ...INITIAL_SCOREBOARD, status: '1set', periods: [games] });
      await api.settled();
    });
    afterAll(async () => {
      await api.close();
      await storage.close();
    });

    const call: MoneyApi['callAs'] = (...args) => api.callAs(...args);
    /** Read models lag behind writes: ask again until the answer shows what the test waits for. */
    const until = async (site: string, matchId: string, done: (status: number, body: Timeline) => boolean) => {
      for (;;) {
        const response = await call(site, null, 'GET', `/catalog/matches/${matchId}/timeline?lang=en`);
        if (done(response.statusCode, response.json())) return { status: response.statusCode, body: response.json() as Timeline };
        await api.settled();
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };

    it("lists a football match's goals, cards, corners and half time at their minutes, with the scoreboard now", async () => {
      const { status, body } = await until('kupon', 'derby', (_, b) => b.incidents?.length === 5);
      expect(status).toBe(200);
      expect(body).toMatchObject({ matchId: 'derby', sportId: 1, homeTeam: 'Home', scoreboard: { status: '2p', score: s(1, 1), minute: 58 } });
      expect(body.incidents).toEqual([
        { kind: 'goal', side: 'home', period: 1, minute: 23, score: s(1, 0) },
        { kind: 'yellow_card', side: 'away', period: 1, minute: 31, score: s(0, 1) },
        { kind: 'corner', side: 'home', period: 1, minute: 31, score: s(1, 0) },
        { kind: 'period_end', side: null, period: 1, minute: 45, score: s(1, 0) },
        { kind: 'goal', side: 'away', period: 2, minute: 58, score: s(1, 1) },
      ]);
    });

    it('a later scoreboard adds its incident to the timeline', async () => {
      await writer.state('derby', football({ status: '2p', score: s(1, 1), periods: [s(1, 0), s(0, 1)], minute: 70, cards: { yellow: s(0, 1), red: s(1, 0) }, corners: s(1, 0) }));
      const { body } = await until('kupon', 'derby', (_, b) => b.incidents?.length === 6);
      expect(body.incidents.at(-1)).toEqual({ kind: 'red_card', side: 'home', period: 2, minute: 70, score: s(1, 0) });
    });

    it("a tennis match's games; a site that switched tennis off does not find it, another site does", async () => {
      const shown = await until('bahis', 'open', (_, b) => b.incidents?.length === 2);
      expect(shown.body.incidents.map((x) => [x.kind, x.side, x.score])).toEqual([
        ['game', 'home', s(1, 0)],
        ['game', 'away', s(1, 1)],
      ]);
      expect((await call('kupon', 'koperator', 'PUT', '/catalog-settings/entries/sport/5', { enabled: false })).statusCode).toBe(200);
      const hidden = await until('kupon', 'open', (status) => status === 404);
      expect(hidden.body).toEqual({ error: 'matchNotFound|open' });
      expect((await call('bahis', null, 'GET', '/catalog/matches/open/timeline')).statusCode).toBe(200);
      expect((await call('kupon', null, 'GET', '/catalog/matches/nope/timeline')).json()).toEqual({ error: 'matchNotFound|nope' });
    });
  });
}
