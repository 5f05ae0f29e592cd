import {
  couponDecider,
  type CouponContext,
  couponOpeningDecider,
  couponStream,
  type Fixture,
  INITIAL_SCOREBOARD,
  type MarketOffer,
  type MatchCommand,
  matchDecider,
  matchStream,
  type PlacedCoupon,
  DEFAULT_SPORTSBOOK_SETTINGS,
  SiteCatalogView,
  type CatalogCommand,
  catalogDecider,
  catalogStream,
} from '@kupon/domain';
import type { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type CommandMeta, StreamCommands } from '@kupon/commands';
import { kyselyOver } from '@kupon/eventstore';
import { ProjectionRunner } from '../../runner/projection-runner';
import { type TestStorage, testBackends } from '../../testing/storage';
import { catalog } from './catalog';
import { catalogSettings, siteCatalogOf } from './site-settings';
import { liability, liabilityOf } from './liability';
import { CatalogQueries } from './queries';

const NOW = new Date('2026-11-22T12:00:00.000Z');
const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000).toISOString();

function meta(): CommandMeta {
  const id = randomUUID();
  return { actor: { userId: 'feed', role: 'feed' }, correlationId: id, causationId: id, at: NOW.toISOString(), eventId: () => randomUUID() };
}

function fixture(matchId: string, startsAt: string, extra: Partial<Fixture> = {}): Fixture {
  return {
    matchId,
    sportId: 1,
    category: { id: 'tr', name: { tr: 'Türkiye', en: 'Turkey' } },
    tournament: { id: 'super-lig', name: { tr: 'Süper Lig', en: 'Super League' } },
    home: { id: `${matchId}-h`, name: { tr: `Ev ${matchId}`, en: `Home ${matchId}` } },
    away: { id: `${matchId}-a`, name: { tr: `Dep ${matchId}`, en: `Away ${matchId}` } },
    startsAt,
    liveCoverage: true,
    ...extra,
  };
}

const market = (home: number, status: MarketOffer['status'] = 'active'): MarketOffer => ({
  market: 'FT_1X2',
  special: '',
  status,
  outcomes: [
    { outcome: '1', odds: home, active: true },
    { outcome: 'X', odds: 3_300, active: true },
    { outcome: '2', odds: 3_600, active: true },
  ],
});

for (const backend of testBackends) {
  describe(`catalog read model on ${backend.name}`, () => {
    let storage: TestStorage;
    let commands: StreamCommands;
    let runner: ProjectionRunner;
    let queries: CatalogQueries;
    let db: Kysely<any>;

    const run = async (matchId: string, command: MatchCommand) => {
      const outcome = await commands.run(matchStream(matchId), matchDecider, command, meta());
      if (!outcome.ok) throw new Error(`${command.type}: ${outcome.error.code}`);
    };
    const open = async (matchId: string, startsAt: string, extra: Partial<Fixture> = {}) => {
      await run(matchId, { type: 'CreateFixture', fixture: fixture(matchId, startsAt, extra), now: NOW.toISOString() });
      await run(matchId, { type: 'ChangeOdds', matchId, markets: [market(2_000)], now: NOW.toISOString() });
    };
    const caughtUp = () => runner.waitUntilCaughtUp();
    const configure = async (command: CatalogCommand) => {
      const outcome = await commands.run(catalogStream(command.siteId), catalogDecider, command, meta());
      if (!outcome.ok) throw new Error(`${command.type}: ${outcome.error.code}`);
    };

    beforeEach(async () => {
      storage = await backend.open();
      commands = new StreamCommands(storage.store);
      runner = new ProjectionRunner({ store: storage.store, pool: storage.pool, projections: [catalog, catalogSettings, liability] });
      await runner.start();
      db = kyselyOver(storage.pool);
      queries = new CatalogQueries(db);
    });

    afterEach(async () => {
      await runner.stop();
      await storage.close();
    });

    it('lists upcoming matches by date with counts in the sport tree, six days ahead at most', async () => {
      await open('later', at(120));
      await open('sooner', at(60));
      await open('next-week', at(7 * 24 * 60));
      await caughtUp();
      const listed = await queries.matches({ sportId: 1 }, NOW, 'en');
      expect(listed.map((m) => m.id)).toEqual(['sooner', 'later']);
      expect(listed[0]).toMatchObject({ homeTeam: 'Home sooner', tournamentName: 'Super League', sportName: 'Soccer', betstatus: 'open' });
      expect(listed[0]!.odds[0]!.odds.map((o) => [o.outcomeid, o.odd])).toEqual([['1', 2_000], ['X', 3_300], ['2', 3_600]]);
      const tree = await queries.sportsTree(NOW, 'tr');
      const soccer = tree.find((s) => s.id === 1)!;
      expect(soccer).toMatchObject({ title: 'Futbol', matchCount: 2 });
      expect(soccer.children[0]!.children[0]).toMatchObject({ id: 'super-lig', title: 'Süper Lig', matchCount: 2 });
      expect((await queries.matches({ sportId: 1, keyWord: 'SOON' }, NOW, 'en')).map((m) => m.id)).toEqual(['sooner']);
    });

    it('a list entry carries the main market and counts the others it offers (the row\'s +N); hidden ones do not count', async () => {
      await open('full', at(60));
      const others: MarketOffer[] = [
        market(2_000),
        { market: 'BTTS', special: '', status: 'active', outcomes: [{ outcome: 'yes', odds: 1_900, active: true }, { outcome: 'no', odds: 1_850, active: true }] },
        { market: 'DC', special: '', status: 'hidden', outcomes: [{ outcome: '1X', odds: 1_200, active: true }] },
      ];
      await run('full', { type: 'ChangeOdds', matchId: 'full', markets: others, now: NOW.toISOString() });
      await caughtUp();
      const [listed] = await queries.matches({ sportId: 1 }, NOW, 'en');
      expect(listed).toMatchObject({ id: 'full', marketCount: 2 });
      expect(listed!.odds.map((g) => g.oddsid)).toHaveLength(1);
      expect((await queries.match('full', false, 'en'))!).toMatchObject({ marketCount: 2, odds: [expect.anything(), expect.anything()] });
    });

    it('caps the matches list at 75, and at the site\'s matches_day on one day (30 unless set)', async () => {
      for (let i = 0; i < 80; i++) await run(`m${i}`, { type: 'CreateFixture', fixture: fixture(`m${i}`, at(10 + i)), now: NOW.toISOString() });
      await run('tomorrow', { type: 'CreateFixture', fixture: fixture('tomorrow', at(24 * 60)), now: NOW.toISOString() });
      await caughtUp();
      const generous = new SiteCatalogView({}, { ...DEFAULT_SPORTSBOOK_SETTINGS, matchesPerDay: 500 });
      expect(await queries.matches({ limit: 1000 }, NOW, 'en', generous)).toHaveLength(75);
      expect(await queries.matches({ limit: 10 }, NOW, 'en', generous)).toHaveLength(10);
      const perDay = await queries.matches({}, NOW, 'en');
      expect(perDay.map((m) => m.id)).toEqual([...Array.from({ length: 30 }, (_, i) => `m${i}`), 'tomorrow']);
    });

    it("applies a site's catalog settings: what it offers, its order, names and margins; other sites see the feed as is", async () => {
      await open('derby', at(60));
      await open('cup', at(90), { tournament: { id: 'cup', name: { tr: 'Kupa', en: 'Cup' } } });
      await run('tennis', { type: 'CreateFixture', fixture: fixture('tennis', at(120), { sportId: 5 }), now: NOW.toISOString() });
      const entry = (kind: 'sport' | 'tournament' | 'team' | 'market' | 'outcome', key: string, changes: object): CatalogCommand => ({ type: 'ConfigureCatalogEntry', siteId: 'brand-a', kind, key, changes, now: NOW.toISOString() });
      await configure(entry('sport', '5', { enabled: false }));
      await configure(entry('tournament', 'cup', { order: 0, names: { en: 'The Cup' } }));
      await configure(entry('team', 'derby-h', { names: { en: 'Lions' } }));
      await configure(entry('market', 'FT_1X2', { marginBp: 300, names: { en: 'Match result' } }));
      await configure(entry('outcome', 'FT_1X2|X', { enabled: false }));
      await configure({ type: 'ChangeSportsbookSettings', siteId: 'brand-a', changes: { firstBulletinSize: 1 }, now: NOW.toISOString() });
      await caughtUp();
      const site = await siteCatalogOf(db, 'brand-a');

      const tree = await queries.sportsTree(NOW, 'en', site);
      expect(tree.map((s) => s.id)).not.toContain(5);
      expect(tree.find((s) => s.id === 1)!.children[0]!.children.map((t) => t.title)).toEqual(['The Cup', 'Super League']);
      const listed = await queries.matches({}, NOW, 'en', site);
      expect(listed.map((m) => m.id)).toEqual(['derby', 'cup']);
      expect(listed[0]).toMatchObject({ homeTeam: 'Lions', awayTeam: 'Away derby' });
      // 2.000 with 3 % more margin: 2000 / 1.03 = 1941.7 → 1.94 on the price ladder; the draw is not offered.
      expect(listed[0]!.odds[0]).toMatchObject({ typename: 'Match result' });
      expect(listed[0]!.odds[0]!.odds.map((o) => [o.outcomeid, o.odd])).toEqual([['1', 1_940], ['2', 3_490]]);
      expect(await queries.match('tennis', true, 'en', site)).toBeUndefined();
      expect((await queries.bulletin(NOW, 'en', site)).map((m) => m.id)).toEqual(['derby']);

      const other = await siteCatalogOf(db, 'brand-b');
      expect((await queries.matches({}, NOW, 'en', other)).map((m) => m.id)).toEqual(['derby', 'cup', 'tennis']);
      expect((await queries.matches({}, NOW, 'en', other))[0]!.odds[0]!.odds.map((o) => o.odd)).toEqual([2_000, 3_300, 3_600]);
      expect(await queries.bulletin(NOW, 'en', other)).toHaveLength(3);
    });

    it('hides a pre-match suspended more than 30 minutes past its start (§4)', async () => {
      await open('late', at(-40));
      await open('just-started', at(-20));
      await run('late', { type: 'StopBets', matchId: 'late', reason: 'x', now: NOW.toISOString() });
      await run('just-started', { type: 'StopBets', matchId: 'just-started', reason: 'x', now: NOW.toISOString() });
      await caughtUp();
      expect((await queries.matches({}, NOW, 'en')).map((m) => m.id)).toEqual(['just-started']);
    });

    it('the live list holds matches in play and about to start, per sport counts, and drops ended ones', async () => {
      await open('playing', at(-30));
      await open('soon', at(20));
      await open('not-started-late', at(-6));
      await run('tennis', { type: 'CreateFixture', fixture: fixture('tennis', at(-10), { sportId: 5 }), now: NOW.toISOString() });
      await run('playing', { type: 'UpdateMatchState', matchId: 'playing', state: { ...INITIAL_SCOREBOARD, status: '1p', minute: 30 }, now: NOW.toISOString() });
      await run('tennis', { type: 'UpdateMatchState', matchId: 'tennis', state: { ...INITIAL_SCOREBOARD, status: '1set' }, now: NOW.toISOString() });
      await caughtUp();
      const live = await queries.live({}, NOW, 'en');
      expect(live.matches.map((m) => m.id)).toEqual(['playing', 'tennis', 'soon']);
      expect(live.sports).toEqual([
        { sportId: 1, sportName: 'Soccer', liveCount: 2, inPlay: 1 },
        { sportId: 5, sportName: 'Tennis', liveCount: 1, inPlay: 1 },
      ]);
      await run('playing', { type: 'UpdateMatchState', matchId: 'playing', state: { ...INITIAL_SCOREBOARD, status: 'ended', minute: 90 }, now: NOW.toISOString() });
      await caughtUp();
      expect((await queries.live({ sportId: 1 }, NOW, 'en')).matches.map((m) => m.id)).toEqual(['soon']);
    });

    it('lists results and shows a match with its passive odds on request', async () => {
      await open('done', at(-180));
      await run('done', { type: 'ChangeOdds', matchId: 'done', markets: [{ ...market(1_500, 'hidden'), market: 'DC', outcomes: [{ outcome: '1X', odds: 1_200, active: true }] }], now: NOW.toISOString() });
      const result = { sportId: 1 as const, status: 'completed' as const, periods: [{ home: 1, away: 0 }, { home: 0, away: 0 }] };
      await run('done', { type: 'RecordResult', matchId: 'done', result, now: NOW.toISOString() });
      await caughtUp();
      const results = await queries.results(new Date(at(-24 * 60)), NOW, 500, 'desc', 'en');
      expect(results).toEqual([expect.objectContaining({ id: 'done', homeTeam: 'Home done', result })]);
      expect((await queries.match('done', false, 'en'))!.odds.map((g) => g.oddstype)).toEqual([1]);
      expect((await queries.match('done', true, 'en'))!.odds.map((g) => [g.oddstype, g.isv])).toEqual([[1, 1], [2, 0]]);
    });

    it('liability: open stake and potential payout per outcome until selections settle', async () => {
      const placed = (couponId: string, outcome: string, stake: number, odds: number, extraMatch?: string): PlacedCoupon => ({
        couponId,
        userId: 'p1',
        placedAt: NOW.toISOString(),
        couponType: extraMatch ? 'KK' : 'TK',
        isLive: false,
        selections: [
          { id: 's1', matchId: 'm1', marketId: 'FT_1X2', special: '', outcomeId: outcome, odds, seenOdds: odds, banker: false, isLive: false },
          ...(extraMatch ? [{ id: 's2', matchId: extraMatch, marketId: 'FT_1X2', special: '', outcomeId: '1', odds: 2_000, seenOdds: 2_000, banker: false, isLive: false }] : []),
        ],
        systemSizes: [],
        combinations: 1,
        stakePerCombination: stake,
        totalStake: stake,
        potentialPayout: (stake * odds * (extraMatch ? 2 : 1)) / 1000,
        bonusPercent: 0,
        bonusRule: null,
        maxPay: 0,
        oddsChanged: false,
      });
      for (const coupon of [placed('a', '1', 1_000, 2_000), placed('b', '1', 500, 2_000), placed('c', '2', 1_000, 3_000, 'm2')]) {
        const outcome = await commands.run(couponStream(coupon.couponId), couponOpeningDecider, { type: 'OpenStakedCoupon', coupon }, meta());
        expect(outcome.ok).toBe(true);
      }
      await caughtUp();
      const before = await liabilityOf(db, 'm1');
      expect(before.outcomes.map((o) => [o.outcome, o.openStake, o.potentialPayout, o.coupons])).toEqual([
        ['1', 1_500, 3_000, 2],
        ['2', 1_000, 6_000, 1],
      ]);
      expect(before.worstCase).toBe(6_000);
      expect(before.openStake).toBe(2_500);

      const settle = (couponId: string) =>
        commands.run(couponStream(couponId), couponDecider, { type: 'SettleSelection', couponId, selectionId: 's1', result: 'won', now: NOW.toISOString() }, meta(), undefined as unknown as CouponContext);
      await settle('a');
      await settle('c');
      await caughtUp();
      const after = await liabilityOf(db, 'm1');
      expect(after.outcomes.map((o) => [o.outcome, o.openStake, o.coupons])).toEqual([['1', 500, 1]]);
      expect((await liabilityOf(db, 'm2')).outcomes.map((o) => [o.outcome, o.openStake, o.potentialPayout])).toEqual([['1', 1_000, 6_000]]);

      // The m1 result is rolled back: the single waits again and counts on m1 again, as does the combination's m1 leg.
      const unsettle = (couponId: string) =>
        commands.run(couponStream(couponId), couponDecider, { type: 'UnsettleSelection', couponId, selectionId: 's1', now: NOW.toISOString() }, meta(), undefined as unknown as CouponContext);
      await unsettle('a');
      await unsettle('c');
      await caughtUp();
      expect((await liabilityOf(db, 'm1')).outcomes.map((o) => [o.outcome, o.openStake, o.coupons])).toEqual([
        ['1', 1_500, 2],
        ['2', 1_000, 1],
      ]);
      expect((await liabilityOf(db, 'm1')).openStake).toBe(2_500);
    });
  });
}
