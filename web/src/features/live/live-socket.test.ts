import { decode, encode } from '@msgpack/msgpack';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveFrame } from './frames';
import { LiveSocket, MAX_RETRIES, RETRY_MS } from './live-socket';
import type { ServerFrame } from './protocol';

/** A WebSocket stand-in the test opens, feeds and drops by hand. */
class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  binaryType = 'blob';
  sent: unknown[] = [];
  closedWith: number | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: ArrayBuffer }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: Uint8Array) {
    this.sent.push(decode(data));
  }
  close(code: number) {
    this.closedWith = code;
    this.readyState = 3;
    this.onclose?.();
  }
  serverOpens() {
    this.readyState = 1;
    this.onopen?.();
  }
  serverSends(frame: ServerFrame) {
    const bytes = encode(frame);
    this.onmessage?.({ data: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer });
  }
  drop() {
    this.readyState = 3;
    this.onclose?.();
  }
}

/** An update of match m1 moving outcome 1 of odds type 1 to 1.80 + seq thousandths. */
const update = (from: number, seq: number): ServerFrame => ({ t: 'upd', m: 'm1', from, seq, odds: [[1, '1', '', 1, 1800 + seq]] });

describe('the /live socket client (spec §4, §9)', () => {
  let frames: LiveFrame[];
  let resyncs: number;
  let statuses: string[];
  let live: LiveSocket;

  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.all = [];
    frames = [];
    resyncs = 0;
    statuses = [];
    live = new LiveSocket('ws://test/live', { onFrame: (f) => frames.push(f), onResync: () => resyncs++, onStatus: (s) => statuses.push(s) }, (url) => new FakeSocket(url) as unknown as WebSocket);
  });
  afterEach(() => vi.useRealTimers());

  it('subscribes its topics when connected and turns msgpack frames into odds and match changes', () => {
    live.subscribe({ sportId: '1' });
    live.subscribe({ matchId: 'm1' });
    live.open();
    const socket = FakeSocket.all[0]!;
    socket.serverOpens();
    expect(socket.sent).toEqual([{ t: 'sub', sport: 1 }, { t: 'sub', match: 'm1' }]);
    socket.serverSends({ t: 'snap', m: 'm1', seq: 4, match: { matchstatus: '1p', betstatus: 'open', score: [1, 0], time: 23 }, odds: [[1, '1', '', 1, 1850], [1, 'X', '', 0, 3300]] });
    socket.serverSends(update(4, 5));
    // The frames carry the market's numeric oddstypeid (1); the client speaks the catalog's market codes.
    expect(frames).toEqual([
      { type: 'match', matchId: 'm1', matchStatus: '1p', betStatus: 'open', score: { home: 1, away: 0 }, minute: 23 },
      { type: 'odds', matchId: 'm1', marketId: 'FT_1X2', special: '', outcomeId: '1', odds: 1850, active: true },
      { type: 'odds', matchId: 'm1', marketId: 'FT_1X2', special: '', outcomeId: 'X', odds: 3300, active: false },
      { type: 'odds', matchId: 'm1', marketId: 'FT_1X2', special: '', outcomeId: '1', odds: 1805, active: true },
    ]);
    socket.serverSends({ t: 'end', m: 'm1', seq: 6 });
    expect(frames.at(-1)).toEqual({ type: 'match', matchId: 'm1', matchStatus: 'ended' });
  });

  it('an update that does not follow the last one is not applied: the match is asked for again', () => {
    live.open();
    const socket = FakeSocket.all[0]!;
    socket.serverOpens();
    socket.serverSends(update(0, 1));
    socket.serverSends(update(1, 2));
    expect(frames).toHaveLength(2);
    socket.serverSends(update(4, 5));
    expect(frames).toHaveLength(2);
    expect(socket.sent.at(-1)).toEqual({ t: 'resync', m: 'm1' });
    socket.serverSends({ t: 'snap', m: 'm1', seq: 5, match: {}, odds: [[1, '1', '', 1, 1900]] });
    socket.serverSends(update(5, 6));
    expect(frames.map((f) => (f.type === 'odds' ? f.odds : null)).filter(Boolean)).toEqual([1801, 1802, 1900, 1806]);
  });

  it('a reconnect asks the page to reload what it shows', () => {
    live.open();
    FakeSocket.all[0]!.serverOpens();
    expect(resyncs).toBe(1);
    FakeSocket.all[0]!.drop();
    vi.advanceTimersByTime(RETRY_MS);
    FakeSocket.all[1]!.serverOpens();
    expect(resyncs).toBe(2);
  });

  it('a dropped connection is retried every second, at most five times', () => {
    live.open();
    for (let attempt = 1; attempt <= MAX_RETRIES; attempt++) {
      FakeSocket.all.at(-1)!.drop();
      expect(FakeSocket.all).toHaveLength(attempt);
      vi.advanceTimersByTime(RETRY_MS);
      expect(FakeSocket.all).toHaveLength(attempt + 1);
    }
    FakeSocket.all.at(-1)!.drop();
    vi.advanceTimersByTime(RETRY_MS * 10);
    expect(FakeSocket.all).toHaveLength(MAX_RETRIES + 1);
    expect(statuses.at(-1)).toBe('failed');
  });

  it('a successful connection resets the retry count', () => {
    live.open();
    FakeSocket.all[0]!.drop();
    vi.advanceTimersByTime(RETRY_MS);
    FakeSocket.all[1]!.serverOpens();
    for (let i = 0; i < MAX_RETRIES; i++) {
      FakeSocket.all.at(-1)!.drop();
      vi.advanceTimersByTime(RETRY_MS);
    }
    expect(FakeSocket.all).toHaveLength(2 + MAX_RETRIES);
  });

  it('leaving the live pages closes with code 1000 and does not reconnect', () => {
    live.open();
    const socket = FakeSocket.all[0]!;
    socket.serverOpens();
    live.close();
    expect(socket.closedWith).toBe(1000);
    vi.advanceTimersByTime(RETRY_MS * 10);
    expect(FakeSocket.all).toHaveLength(1);
  });
});
