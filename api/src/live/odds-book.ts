import {
  type Fixture,
  FINISHED_STATUSES,
  INITIAL_SCOREBOARD,
  isLiveVisible,
  type LiveQuoteSnapshot,
  type MarketOffer,
  marketByCode,
  marketKey,
  type MatchEvent,
  type MatchPhase,
  type MatchState,
  type OddsBook,
  type OutcomeQuote,
  type OutcomeRef,
  type Scoreboard,
} from '@kupon/domain';
import { type EventStore, type Position, type RecordedEvent, START, type Subscription, comparePositions } from '@kupon/eventstore';

/** One outcome's line in a frame: [oddstypeid, outcome, special, status (1 open, 0 suspended, -1 hidden), odd]. */
export type OddsLine = [number, string, string, 1 | 0 | -1, number];

/** The scoreboard fields of §7 "match updates". */
export interface MatchFields {
  matchstatus: string;
  betstatus: 'open' | 'stopped';
  score: [number, number];
  periods: [number, number][];
  time: number | null;
  cards: { yellow: [number, number]; red: [number, number] };
  corners: [number, number];
}

/** What one match event changed, for the live frames. */
export interface MatchDelta {
  readonly revision: number;
  readonly at: number;
  readonly match?: Partial<MatchFields> & { fixture?: FixtureFields; result?: boolean };
  readonly odds?: readonly OddsLine[];
}

export interface FixtureFields {
  sportId: number;
  categoryId: string;
  tournamentId: string;
  home: string;
  away: string;
  matchDate: string;
  live: boolean;
}

/** A match as the book holds it. */
export interface BookMatch {
  readonly matchId: string;
  fixture: Fixture;
  scoreboard: Scoreboard;
  markets: Map<string, MarketOffer>;
  resultRecorded: boolean;
  /** Stream revision of the last event applied: the live frames' sequence number. */
  revision: number;
}

export type BookListener = (match: BookMatch, delta: MatchDelta) => void;

const STATUS_CODE: Record<MarketOffer['status'], 1 | 0 | -1> = { active: 1, suspended: 0, hidden: -1 };

export function oddsLines(offer: MarketOffer): OddsLine[] {
  const typeId = marketByCode(offer.market).oddsTypeId;
  const status = STATUS_CODE[offer.status];
  return offer.outcomes.map((o) => [typeId, o.outcome, offer.special, o.active ? status : (Math.min(status, 0) as 0 | -1), o.odds]);
}

export function matchFields(match: BookMatch): MatchFields {
  const s = match.scoreboard;
  const pair = (x: { home: number; away: number }): [number, number] => [x.home, x.away];
  return {
    matchstatus: s.status,
    betstatus: [...match.markets.values()].some((m) => m.status === 'active') ? 'open' : 'stopped',
    score: pair(s.score),
    periods: s.periods.map(pair),
    time: s.minute,
    cards: { yellow: pair(s.cards.yellow), red: pair(s.cards.red) },
    corners: pair(s.corners),
  };
}

export function fixtureFields(fixture: Fixture, lang: 'tr' | 'en' = 'tr'): FixtureFields {
  return {
    sportId: fixture.sportId,
    categoryId: fixture.category.id,
    tournamentId: fixture.tournament.id,
    home: fixture.home.name[lang],
    away: fixture.away.name[lang],
    matchDate: fixture.startsAt,
    live: fixture.liveCoverage,
  };
}

/**
 * The api's in-memory odds book (ARCHITECTURE.md, "Live"): follows every `match-…` event in the
 * store and keeps each match's fixture, scoreboard and markets. Each api process keeps its own, so
 * every process serves the same frames. It is also the odds book coupon placement reads (`OddsBook`).
 */
export class LiveOddsBook implements OddsBook {
  private readonly matches = new Map<string, BookMatch>();
  private readonly listeners = new Set<BookListener>();
  private subscription: Subscription | null = null;
  private following: Promise<void> = Promise.resolve();
  private position: Position = START;
  private readonly waiters: { target: Position; resolve: () => void }[] = [];

  constructor(private readonly store: EventStore) {}

  start(): void {
    if (this.subscription) return;
    const subscription = this.store.subscribeToAll({ fromPosition: this.position, filter: { streamCategories: ['match'] } });
    this.subscription = subscription;
    this.following = (async () => {
      for await (const event of subscription) {
        this.apply(event);
        this.position = event.position;
        this.wake();
      }
    })();
  }

  async stop(): Promise<void> {
    await this.subscription?.close();
    this.subscription = null;
    await this.following.catch(() => undefined);
  }

  onChange(listener: BookListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Resolves once the book has applied every match event up to `target` (default: the last one committed now). */
  async caughtUp(target?: Position): Promise<void> {
    const goal = target ?? (await this.store.lastCommittedPosition());
    // Committed is not yet visible while an older transaction is open: wait until a reader sees it.
    while (comparePositions(await this.store.headPosition(), goal) < 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const [next] = await this.store.readAll({ fromPosition: this.position, maxCount: 1, filter: { streamCategories: ['match'] } });
    if (!next || comparePositions(next.position, goal) > 0) return;
    // The book may have applied it while the log was being read: only wait when it has not.
    if (comparePositions(this.position, next.position) < 0) await new Promise<void>((resolve) => this.waiters.push({ target: next.position, resolve }));
    return this.caughtUp(goal);
  }

  private wake(): void {
    for (let i = this.waiters.length - 1; i >= 0; i--) {
      const waiter = this.waiters[i]!;
      if (comparePositions(this.position, waiter.target) >= 0) {
        this.waiters.splice(i, 1);
        waiter.resolve();
      }
    }
  }

  get(matchId: string): BookMatch | undefined {
    return this.matches.get(matchId);
  }

  all(): IterableIterator<BookMatch> {
    return this.matches.values();
  }

  /** The matches the live pages show now (§4). */
  live(now: string, sportId?: number): BookMatch[] {
    return [...this.matches.values()].filter(
      (m) => (sportId === undefined || m.fixture.sportId === sportId) && isLiveVisible({ fixture: m.fixture, status: m.scoreboard.status, markets: [...m.markets.values()] }, now),
    );
  }

  // ── OddsBook (coupon placement) ──
  match(matchId: string): MatchState | undefined {
    const m = this.matches.get(matchId);
    if (!m) return undefined;
    return { phase: phaseOf(m), startsAt: m.fixture.startsAt };
  }

  quote(ref: OutcomeRef): OutcomeQuote | undefined {
    const m = this.matches.get(ref.matchId);
    const offer = m?.markets.get(marketKey({ market: ref.marketId, special: ref.special }));
    const outcome = offer?.outcomes.find((o) => o.outcome === ref.outcomeId);
    if (!m || !offer || !outcome) return undefined;
    return { odds: outcome.odds, suspended: offer.status === 'suspended' || !outcome.active, hidden: offer.status === 'hidden', limits: null };
  }

  /** What live acceptance compares before and after its wait (domain `liveAcceptance`). */
  liveSnapshot(selectionId: string, ref: OutcomeRef): LiveQuoteSnapshot | undefined {
    const m = this.matches.get(ref.matchId);
    if (!m) return undefined;
    const quote = this.quote(ref);
    return {
      selectionId,
      odds: quote?.odds,
      suspended: quote?.suspended ?? true,
      hidden: quote?.hidden ?? true,
      matchStatus: m.scoreboard.status,
      score: m.scoreboard.score,
      redCards: m.scoreboard.cards.red,
    };
  }

  /** Events that arrived ahead of an earlier revision of their stream, by match and revision. */
  private readonly early = new Map<string, Map<number, RecordedEvent>>();

  /**
   * Applies a stream's events in revision order. The global log orders by commit, and two writers on
   * one stream may commit in the other order than they were numbered, so a later revision can arrive
   * first: it waits here for the one before it (which the subscription always delivers).
   */
  private apply(recorded: RecordedEvent): void {
    const matchId = matchIdOf(recorded);
    const revision = Number(recorded.streamRevision);
    const expected = (this.matches.get(matchId)?.revision ?? -1) + 1;
    if (revision < expected) return;
    if (revision > expected) {
      let waiting = this.early.get(matchId);
      if (!waiting) this.early.set(matchId, (waiting = new Map()));
      waiting.set(revision, recorded);
      return;
    }
    this.applyInOrder(recorded);
    const waiting = this.early.get(matchId);
    for (let next = waiting?.get(revision + 1); waiting && next; next = waiting.get(Number(next.streamRevision) + 1)) {
      waiting.delete(Number(next.streamRevision));
      this.applyInOrder(next);
    }
    if (waiting?.size === 0) this.early.delete(matchId);
  }

  private applyInOrder(recorded: RecordedEvent): void {
    const event = { type: recorded.type, data: recorded.data } as unknown as MatchEvent;
    const revision = Number(recorded.streamRevision);
    const at = Date.parse(recorded.metadata.at);
    let match = this.matches.get(matchIdOf(recorded));
    if (event.type === 'FixtureCreated') {
      match = { matchId: event.data.matchId, fixture: event.data, scoreboard: INITIAL_SCOREBOARD, markets: new Map(), resultRecorded: false, revision };
      this.matches.set(match.matchId, match);
      return this.emit(match, { revision, at, match: { fixture: fixtureFields(event.data), ...matchFields(match) } });
    }
    if (!match) return;
    match.revision = revision;
    switch (event.type) {
      case 'FixtureChanged':
        match.fixture = event.data;
        return this.emit(match, { revision, at, match: { fixture: fixtureFields(event.data) } });
      case 'OddsChanged':
        for (const offer of event.data.markets) match.markets.set(marketKey(offer), offer);
        return this.emit(match, { revision, at, odds: event.data.markets.flatMap((m) => oddsLines(m)), match: { betstatus: matchFields(match).betstatus } });
      case 'MatchStateChanged': {
        match.scoreboard = event.data.state;
        const { betstatus: _b, ...fields } = matchFields(match);
        return this.emit(match, { revision, at, match: fields });
      }
      case 'BetStopped': {
        // As the match stream does: every open market is suspended until the feed sends it again.
        const stopped = [...match.markets.values()].filter((m) => m.status === 'active').map((m) => ({ ...m, status: 'suspended' as const }));
        for (const offer of stopped) match.markets.set(marketKey(offer), offer);
        return this.emit(match, { revision, at, match: { betstatus: 'stopped' }, odds: stopped.flatMap((m) => oddsLines(m)) });
      }
      case 'ResultRecorded':
      case 'ResultCorrected':
        match.resultRecorded = true;
        return this.emit(match, { revision, at, match: { result: true } });
      case 'SettlementRolledBack':
        match.resultRecorded = false;
        return this.emit(match, { revision, at, match: { result: false } });
      case 'BetsCancelled':
        return this.emit(match, { revision, at });
      default:
        return;
    }
  }

  private emit(match: BookMatch, delta: MatchDelta): void {
    for (const listener of this.listeners) listener(match, delta);
  }
}

function matchIdOf(event: RecordedEvent): string {
  return event.streamName.slice('match-'.length);
}

function phaseOf(match: BookMatch): MatchPhase {
  const status = match.scoreboard.status;
  if (status === 'cancelled' || status === 'postponed') return 'cancelled';
  if (FINISHED_STATUSES.includes(status) || match.resultRecorded) return 'ended';
  return status === 'not_started' ? 'not_started' : 'live';
}

