import { decode, encode } from '@msgpack/msgpack';
import type { LiveFrame } from './frames';
import { type ClientFrame, matchFrame, oddsFrames, type ServerFrame } from './protocol';

/** Spec §9 "socket retry 1 s, max 5". */
export const RETRY_MS = 1000;
export const MAX_RETRIES = 5;

export type Topic = { readonly sportId: string } | { readonly matchId: string };

export interface LiveSocketEvents {
  onFrame(frame: LiveFrame): void;
  /** After a (re)connect: what happened while away must be reloaded from HTTP. */
  onResync(): void;
  onStatus?(status: 'connecting' | 'open' | 'closed' | 'failed'): void;
}

type SocketFactory = (url: string) => WebSocket;

function topicFrame(kind: 'sub' | 'unsub', topic: Topic): ClientFrame {
  return 'sportId' in topic ? { t: kind, sport: Number(topic.sportId) } : { t: kind, match: topic.matchId };
}

/**
 * The `/live` msgpack WebSocket client: connect on demand, subscribe to sports and matches, retry
 * every second up to five times, close with 1000 when leaving the live pages (§4). Each match's
 * updates carry `from`/`seq`; an update that does not follow the last one seen asks the hub for
 * that match again (`resync`) instead of applying a change on top of a missed one.
 */
export class LiveSocket {
  private socket: WebSocket | null = null;
  private retries = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly lastSeq = new Map<string, number>();
  private readonly topics = new Map<string, Topic>();
  private wanted = false;

  constructor(
    private readonly url: string,
    private readonly events: LiveSocketEvents,
    private readonly factory: SocketFactory = (u) => new WebSocket(u),
  ) {}

  open(): void {
    this.wanted = true;
    if (this.socket || this.retryTimer) return;
    this.retries = 0;
    this.connect();
  }

  /** Spec §4 "closes with code 1000 elsewhere". */
  close(): void {
    this.wanted = false;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const socket = this.socket;
    this.socket = null;
    if (socket && socket.readyState <= 1) socket.close(1000, 'leaving live pages');
  }

  subscribe(topic: Topic): () => void {
    const key = JSON.stringify(topic);
    this.topics.set(key, topic);
    this.send(topicFrame('sub', topic));
    return () => {
      this.topics.delete(key);
      this.send(topicFrame('unsub', topic));
    };
  }

  private send(frame: ClientFrame): void {
    if (this.socket?.readyState === 1) this.socket.send(encode(frame));
  }

  private receive(frame: ServerFrame): void {
    switch (frame.t) {
      case 'snap':
        this.lastSeq.set(frame.m, frame.seq);
        this.events.onFrame(matchFrame(frame.m, frame.match));
        for (const change of oddsFrames(frame.m, frame.odds)) this.events.onFrame(change);
        return;
      case 'upd': {
        const last = this.lastSeq.get(frame.m);
        if (last !== undefined && frame.from !== last) {
          this.lastSeq.delete(frame.m);
          this.send({ t: 'resync', m: frame.m });
          return;
        }
        this.lastSeq.set(frame.m, frame.seq);
        if (frame.match) this.events.onFrame(matchFrame(frame.m, frame.match));
        for (const change of oddsFrames(frame.m, frame.odds ?? [])) this.events.onFrame(change);
        return;
      }
      case 'end':
        this.lastSeq.delete(frame.m);
        this.events.onFrame({ type: 'match', matchId: frame.m, matchStatus: 'ended' });
        return;
      default:
        return;
    }
  }

  private connect(): void {
    this.events.onStatus?.('connecting');
    const socket = this.factory(this.url);
    socket.binaryType = 'arraybuffer';
    this.socket = socket;
    socket.onopen = () => {
      this.retries = 0;
      this.lastSeq.clear();
      this.events.onStatus?.('open');
      for (const topic of this.topics.values()) this.send(topicFrame('sub', topic));
      this.events.onResync();
    };
    socket.onmessage = (event: MessageEvent) => {
      let frame: ServerFrame;
      try {
        frame = decode(new Uint8Array(event.data as ArrayBuffer)) as ServerFrame;
      } catch {
        return;
      }
      if (frame && typeof frame === 'object') this.receive(frame);
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (!this.wanted) return;
      if (this.retries >= MAX_RETRIES) {
        this.events.onStatus?.('failed');
        return;
      }
      this.retries += 1;
      this.events.onStatus?.('closed');
      this.retryTimer = setTimeout(() => {
        this.retryTimer = null;
        if (this.wanted) this.connect();
      }, RETRY_MS);
    };
  }
}
