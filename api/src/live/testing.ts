import { StreamCommands } from '@kupon/commands';
import { type Fixture, type MarketOffer, type MatchCommand, matchDecider, matchStream, type Scoreboard, INITIAL_SCOREBOARD } from '@kupon/domain';
import type { EventStore } from '@kupon/eventstore';
import { randomUUID } from 'node:crypto';
import { WebSocket } from 'ws';
import { decodeFrame, encodeFrame, type ServerFrame } from './frames';

export const KICKOFF = '2026-11-22T18:00:00.000Z';

export function fixture(matchId: string, sportId: Fixture['sportId'] = 1, startsAt = KICKOFF): Fixture {
  return {
    matchId,
    sportId,
    category: { id: 'tr', name: { tr: 'Türkiye', en: 'Turkey' } },
    tournament: { id: 'sl', name: { tr: 'Süper Lig', en: 'Super League' } },
    home: { id: `${matchId}-h`, name: { tr: 'Ev', en: 'Home' } },
    away: { id: `${matchId}-a`, name: { tr: 'Deplasman', en: 'Away' } },
    startsAt,
    liveCoverage: true,
  };
}

export function oneXTwo(home: number, draw = 3_300, away = 3_600, status: MarketOffer['status'] = 'active'): MarketOffer {
  return {
    market: 'FT_1X2',
    special: '',
    status,
    outcomes: [
      { outcome: '1', odds: home, active: true },
      { outcome: 'X', odds: draw, active: true },
      { outcome: '2', odds: away, active: true },
    ],
  };
}

export function playing(minute: number, home = 0, away = 0, status: Scoreboard['status'] = '1p'): Scoreboard {
  return { ...INITIAL_SCOREBOARD, status, minute, score: { home, away }, periods: [{ home, away }] };
}

/** Drives match streams the way the feed ingestor does. */
export class MatchWriter {
  private readonly commands: StreamCommands;
  constructor(store: EventStore, private readonly now = '2026-11-22T18:10:00.000Z') {
    this.commands = new StreamCommands(store);
  }

  async run(matchId: string, command: MatchCommand) {
    const outcome = await this.commands.run(
      matchStream(matchId),
      matchDecider,
      command,
      { actor: { userId: 'feed', role: 'feed' }, correlationId: randomUUID(), causationId: randomUUID(), at: this.now, eventId: () => randomUUID() },
      undefined,
    );
    if (!outcome.ok) throw new Error(`${command.type}: ${outcome.error.code}`);
    return outcome;
  }

  create(f: Fixture) {
    return this.run(f.matchId, { type: 'CreateFixture', fixture: f, now: this.now });
  }
  odds(matchId: string, ...markets: MarketOffer[]) {
    return this.run(matchId, { type: 'ChangeOdds', matchId, markets, now: this.now });
  }
  state(matchId: string, state: Scoreboard) {
    return this.run(matchId, { type: 'UpdateMatchState', matchId, state, now: this.now });
  }
  stop(matchId: string) {
    return this.run(matchId, { type: 'StopBets', matchId, reason: 'goal', now: this.now });
  }
}

/** A `/live` client that keeps every frame and waits for the ones a test expects. */
export class LiveClient {
  readonly frames: ServerFrame[] = [];
  private readonly socket: WebSocket;
  private waiters: (() => void)[] = [];
  closeCode: number | null = null;
  readonly opened: Promise<void>;
  readonly closed: Promise<number>;
  /** Frames whose arrival the client pretends it lost (to test gap detection). */
  dropNext = 0;

  constructor(url: string) {
    this.socket = new WebSocket(url);
    this.opened = new Promise((resolve, reject) => {
      this.socket.once('open', () => resolve());
      this.socket.once('error', reject);
    });
    this.closed = new Promise((resolve) => this.socket.once('close', (code) => resolve((this.closeCode = code))));
    this.socket.on('message', (data: Buffer) => {
      const frame = decodeFrame(data) as ServerFrame;
      if (frame.t === 'upd' && this.dropNext > 0) {
        this.dropNext--;
        return;
      }
      this.frames.push(frame);
      const waiters = this.waiters;
      this.waiters = [];
      for (const wake of waiters) wake();
    });
  }

  send(frame: object): void {
    this.socket.send(encodeFrame(frame as ServerFrame));
  }

  close(code = 1000): void {
    this.socket.close(code);
  }

  /** Resolves with the first frame (from `after` on) that matches; the test's own timeout bounds it. */
  async next<T extends ServerFrame>(predicate: (frame: ServerFrame) => frame is T, after?: number): Promise<T>;
  async next(predicate: (frame: ServerFrame) => boolean, after?: number): Promise<ServerFrame>;
  async next(predicate: (frame: ServerFrame) => boolean, after = 0): Promise<ServerFrame> {
    for (;;) {
      const found = this.frames.slice(after).find(predicate);
      if (found) return found;
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  updates(matchId: string): Extract<ServerFrame, { t: 'upd' }>[] {
    return this.frames.filter((f): f is Extract<ServerFrame, { t: 'upd' }> => f.t === 'upd' && f.m === matchId);
  }
}
