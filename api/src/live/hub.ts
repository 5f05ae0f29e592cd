import { FINISHED_STATUSES, isLiveVisible, type LiveStatus, SiteCatalogView } from '@kupon/domain';
import type { WebSocket } from 'ws';
import { type ClientFrame, decodeFrame, encodeFrame, parseClientFrame, type ServerFrame } from './frames';
import { type BookMatch, fixtureFields, type LiveOddsBook, type MatchDelta, matchFields, type OddsLine, oddsLines } from './odds-book';
import { placeOfFixture, siteOddsLines } from './site-catalogs';

export interface LiveHubOptions {
  /** Heartbeat period: a `hb` frame and a WebSocket ping; a client silent for two periods is dropped. */
  readonly heartbeatMs?: number;
  /** A client with more than this many bytes unsent gets coalesced updates until it drains. */
  readonly highWaterBytes?: number;
  readonly maxMatchesPerClient?: number;
  readonly maxSportsPerClient?: number;
  /** How often a held-back client is looked at again. */
  readonly retryMs?: number;
  readonly clock?: () => Date;
}

/** What a client has not been sent yet for one match: the latest value per field and per outcome. */
interface Pending {
  snapshot: boolean;
  from: number;
  seq: number;
  at: number;
  match: Record<string, unknown>;
  odds: Map<string, OddsLine>;
  end: boolean;
}

interface Client {
  readonly socket: WebSocket;
  /** The client's site as it was when it connected: what it offers, at its prices. */
  site: SiteCatalogView;
  readonly sports: Set<number>;
  readonly matches: Set<string>;
  /** Matches the client holds a snapshot of, with the last sequence number sent. */
  readonly known: Map<string, number>;
  readonly pending: Map<string, Pending>;
  alive: boolean;
}

export interface HubStats {
  clients: number;
  framesSent: number;
  bytesSent: number;
  coalesced: number;
}

/**
 * Fans the odds book out to WebSocket clients: per-sport and per-match subscriptions, a snapshot on
 * subscribe, then deltas numbered by the match stream's revision (`from`…`seq`), so a client sees a
 * gap and asks for a resync; two api processes number them the same. A slow client's unsent updates
 * are merged per field and per outcome (latest value wins), so its memory is bounded by what it
 * subscribed to, never by how far behind it is.
 */
export class LiveHub {
  private readonly clients = new Set<Client>();
  private readonly bySport = new Map<number, Set<Client>>();
  private readonly byMatch = new Map<string, Set<Client>>();
  private readonly dirty = new Set<Client>();
  private flushScheduled = false;
  private readonly heartbeat: NodeJS.Timeout;
  private readonly retry: NodeJS.Timeout;
  private readonly detach: () => void;
  private readonly options: Required<Omit<LiveHubOptions, 'clock'>> & { clock: () => Date };
  readonly stats: HubStats = { clients: 0, framesSent: 0, bytesSent: 0, coalesced: 0 };

  constructor(
    private readonly book: LiveOddsBook,
    options: LiveHubOptions = {},
  ) {
    this.options = {
      heartbeatMs: 15_000,
      highWaterBytes: 256 * 1024,
      maxMatchesPerClient: 500,
      maxSportsPerClient: 20,
      retryMs: 25,
      clock: () => new Date(),
      ...options,
    };
    this.detach = book.onChange((match, delta) => this.publish(match, delta));
    this.heartbeat = setInterval(() => this.beat(), this.options.heartbeatMs);
    this.retry = setInterval(() => this.dirty.size > 0 && this.flush(), this.options.retryMs);
    this.heartbeat.unref();
    this.retry.unref();
  }

  /**
   * Takes a connected socket: the hub owns it from here. `site` is the client's site (its catalog
   * settings: what it offers, at which prices); its frames wait until that is known.
   */
  accept(socket: WebSocket, site: SiteCatalogView | Promise<SiteCatalogView> = SiteCatalogView.EMPTY): void {
    const client: Client = { socket, site: SiteCatalogView.EMPTY, sports: new Set(), matches: new Set(), known: new Map(), pending: new Map(), alive: true };
    this.clients.add(client);
    this.stats.clients = this.clients.size;
    socket.on('pong', () => (client.alive = true));
    socket.on('close', () => this.drop(client));
    socket.on('error', () => this.drop(client));
    const hello = (view: SiteCatalogView) => {
      client.site = view;
      this.send(client, { t: 'hello', v: 1, hb: this.options.heartbeatMs });
    };
    if (!(site instanceof Promise)) {
      hello(site);
      socket.on('message', (data: Buffer, isBinary: boolean) => this.receive(client, data, isBinary));
      return;
    }
    // Messages that arrive while the site's settings load queue behind them, in order.
    const ready = site.then(hello, () => socket.close(1011, 'site unavailable'));
    socket.on('message', (data: Buffer, isBinary: boolean) => void ready.then(() => this.receive(client, data, isBinary)));
  }

  /** What a client has queued and not been sent: matches, and outcome lines over them. */
  pendingOf(socket: WebSocket): { matches: number; outcomes: number } | undefined {
    for (const client of this.clients) {
      if (client.socket !== socket) continue;
      let outcomes = 0;
      for (const pending of client.pending.values()) outcomes += pending.odds.size;
      return { matches: client.pending.size, outcomes };
    }
    return undefined;
  }

  /** Closes every socket with 1000 (normal closure). */
  async close(): Promise<void> {
    clearInterval(this.heartbeat);
    clearInterval(this.retry);
    this.detach();
    for (const client of this.clients) client.socket.close(1000, 'server closing');
    this.clients.clear();
  }

  private receive(client: Client, data: Buffer, isBinary: boolean): void {
    client.alive = true;
    let frame: ClientFrame | { error: string };
    try {
      frame = parseClientFrame(isBinary ? decodeFrame(data) : JSON.parse(data.toString('utf8')));
    } catch {
      frame = { error: 'badFrame' };
    }
    if ('error' in frame) return this.send(client, { t: 'err', error: frame.error });
    switch (frame.t) {
      case 'sub':
        return this.subscribe(client, frame);
      case 'unsub':
        return this.unsubscribe(client, frame);
      case 'resync':
        return this.queueSnapshot(client, frame.m);
      case 'ping':
        return this.send(client, { t: 'pong', ts: this.options.clock().getTime() });
    }
  }

  private subscribe(client: Client, frame: { sport?: number; match?: string }): void {
    const now = this.options.clock().toISOString();
    let matches = 0;
    if (frame.sport !== undefined) {
      if (!client.sports.has(frame.sport) && client.sports.size >= this.options.maxSportsPerClient) {
        return this.send(client, { t: 'err', error: `liveSubscriptionLimit|${this.options.maxSportsPerClient}` });
      }
      client.sports.add(frame.sport);
      index(this.bySport, frame.sport, client);
      for (const match of this.book.live(now, frame.sport)) {
        this.queueSnapshot(client, match.matchId);
        matches++;
      }
    }
    if (frame.match !== undefined) {
      if (!client.matches.has(frame.match) && client.matches.size >= this.options.maxMatchesPerClient) {
        return this.send(client, { t: 'err', error: `liveSubscriptionLimit|${this.options.maxMatchesPerClient}` });
      }
      client.matches.add(frame.match);
      index(this.byMatch, frame.match, client);
      if (this.book.get(frame.match)) {
        this.queueSnapshot(client, frame.match);
        matches++;
      }
    }
    // The ack goes before the snapshots it announces.
    this.send(client, { t: 'subscribed', ...(frame.sport !== undefined ? { sport: frame.sport } : {}), ...(frame.match !== undefined ? { match: frame.match } : {}), matches });
  }

  private unsubscribe(client: Client, frame: { sport?: number; match?: string }): void {
    if (frame.sport !== undefined) {
      client.sports.delete(frame.sport);
      unindex(this.bySport, frame.sport, client);
    }
    if (frame.match !== undefined) {
      client.matches.delete(frame.match);
      unindex(this.byMatch, frame.match, client);
    }
    for (const matchId of [...client.known.keys()]) {
      if (!this.follows(client, matchId)) {
        client.known.delete(matchId);
        client.pending.delete(matchId);
      }
    }
    this.send(client, { t: 'unsubscribed', ...(frame.sport !== undefined ? { sport: frame.sport } : {}), ...(frame.match !== undefined ? { match: frame.match } : {}) });
  }

  private follows(client: Client, matchId: string): boolean {
    if (client.matches.has(matchId)) return true;
    const match = this.book.get(matchId);
    return match !== undefined && client.sports.has(match.fixture.sportId);
  }

  private queueSnapshot(client: Client, matchId: string): void {
    const match = this.book.get(matchId);
    if (!match || !client.site.offers(placeOfFixture(match.fixture))) return this.send(client, { t: 'err', error: `matchNotFound|${matchId}` });
    client.pending.set(matchId, { snapshot: true, from: 0, seq: 0, at: 0, match: {}, odds: new Map(), end: false });
    this.markDirty(client);
  }

  private publish(match: BookMatch, delta: MatchDelta): void {
    const finished = FINISHED_STATUSES.includes(match.scoreboard.status as LiveStatus);
    const targets = new Set<Client>(this.byMatch.get(match.matchId));
    const sportClients = this.bySport.get(match.fixture.sportId);
    if (sportClients && sportClients.size > 0) {
      const visible = isLiveVisible({ fixture: match.fixture, status: match.scoreboard.status, markets: [...match.markets.values()] }, new Date(delta.at).toISOString());
      for (const client of sportClients) if (visible || client.known.has(match.matchId) || finished) targets.add(client);
    }
    for (const client of targets) {
      if (!client.site.offers(placeOfFixture(match.fixture))) continue;
      const pending = client.pending.get(match.matchId);
      const known = client.known.has(match.matchId);
      if (!known && !pending) {
        if (finished && !client.matches.has(match.matchId)) continue;
        this.queueSnapshot(client, match.matchId);
        continue;
      }
      if (pending?.snapshot) continue;
      const merged = pending ?? { snapshot: false, from: delta.revision, seq: delta.revision, at: delta.at, match: {}, odds: new Map<string, OddsLine>(), end: false };
      if (pending) this.stats.coalesced++;
      merged.seq = delta.revision;
      merged.at = delta.at;
      if (delta.match) Object.assign(merged.match, delta.match);
      for (const line of delta.odds ?? []) merged.odds.set(`${line[0]}|${line[2]}|${line[1]}`, line);
      // A match that ended leaves the live lists: sport subscribers get its last update and an `end`.
      if (finished && !client.matches.has(match.matchId)) merged.end = true;
      client.pending.set(match.matchId, merged);
      this.markDirty(client);
    }
  }

  private markDirty(client: Client): void {
    this.dirty.add(client);
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => this.flush());
  }

  private flush(): void {
    this.flushScheduled = false;
    // One encoding per distinct update and site: clients that are up to date get the very same bytes.
    const encoded = new Map<string, Buffer>();
    for (const client of this.dirty) {
      if (client.socket.readyState !== client.socket.OPEN) {
        this.dirty.delete(client);
        continue;
      }
      if (client.socket.bufferedAmount > this.options.highWaterBytes) continue;
      for (const [matchId, pending] of client.pending) {
        client.pending.delete(matchId);
        if (pending.snapshot) {
          const frame = this.snapshotFrame(matchId, client.site);
          if (!frame) continue;
          this.sendBytes(client, encodeFrame(frame));
          client.known.set(matchId, frame.seq);
          continue;
        }
        const key = `${this.siteKey(client.site)}|${matchId}|${pending.from}|${pending.seq}|${pending.end}`;
        let bytes = encoded.get(key);
        if (!bytes) {
          const frame: ServerFrame = { t: 'upd', m: matchId, from: pending.from, seq: pending.seq, at: pending.at };
          if (Object.keys(pending.match).length > 0) frame.match = pending.match;
          if (pending.odds.size > 0) frame.odds = siteOddsLines([...pending.odds.values()], client.site);
          bytes = encodeFrame(frame);
          encoded.set(key, bytes);
        }
        this.sendBytes(client, bytes);
        client.known.set(matchId, pending.seq);
        if (pending.end) {
          this.send(client, { t: 'end', m: matchId, seq: pending.seq });
          client.known.delete(matchId);
        }
      }
      this.dirty.delete(client);
    }
  }

  private snapshotFrame(matchId: string, site: SiteCatalogView): Extract<ServerFrame, { t: 'snap' }> | undefined {
    const match = this.book.get(matchId);
    if (!match) return undefined;
    return {
      t: 'snap',
      m: matchId,
      seq: match.revision,
      match: { ...fixtureFields(match.fixture), ...matchFields(match), result: match.resultRecorded },
      odds: siteOddsLines(
        [...match.markets.values()].flatMap((m) => oddsLines(m)),
        site,
      ),
    };
  }

  /** One number per site view, for the encoding cache (clients of one site share bytes). */
  private readonly siteKeys = new WeakMap<SiteCatalogView, number>();
  private nextSiteKey = 0;
  private siteKey(site: SiteCatalogView): number {
    let key = this.siteKeys.get(site);
    if (key === undefined) this.siteKeys.set(site, (key = this.nextSiteKey++));
    return key;
  }

  private beat(): void {
    const frame = encodeFrame({ t: 'hb', ts: this.options.clock().getTime() });
    for (const client of this.clients) {
      if (!client.alive) {
        client.socket.terminate();
        this.drop(client);
        continue;
      }
      client.alive = false;
      client.socket.ping();
      this.sendBytes(client, frame);
    }
  }

  private send(client: Client, frame: ServerFrame): void {
    this.sendBytes(client, encodeFrame(frame));
  }

  private sendBytes(client: Client, bytes: Buffer): void {
    if (client.socket.readyState !== client.socket.OPEN) return;
    client.socket.send(bytes, { binary: true });
    this.stats.framesSent++;
    this.stats.bytesSent += bytes.length;
  }

  private drop(client: Client): void {
    if (!this.clients.delete(client)) return;
    for (const sport of client.sports) unindex(this.bySport, sport, client);
    for (const match of client.matches) unindex(this.byMatch, match, client);
    this.dirty.delete(client);
    this.stats.clients = this.clients.size;
  }
}

function index<K>(map: Map<K, Set<Client>>, key: K, client: Client): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(client);
}

function unindex<K>(map: Map<K, Set<Client>>, key: K, client: Client): void {
  const set = map.get(key);
  set?.delete(client);
  if (set?.size === 0) map.delete(key);
}
