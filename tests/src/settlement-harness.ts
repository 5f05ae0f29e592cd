import type { Fixture, MatchResult } from '@kupon/domain';
import { type FeedMessage, FeedIngestor } from '@kupon/api/feed';
import { ReactorRunner, settlementReactor } from '@kupon/commands';
import type { TestStorage } from '@kupon/projections/testing';
import { KICKOFF, type MoneyApi } from './money-harness';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** A feed fixture for `matchId` at the money harness's kick-off, in the Süper Lig. */
export function fixture(matchId: string, sportId: Fixture['sportId'] = 1): Fixture {
  return {
    matchId,
    sportId,
    category: { id: 'tr', name: { tr: 'Türkiye', en: 'Turkey' } },
    tournament: { id: 'sl', name: { tr: 'Süper Lig', en: 'Super League' } },
    home: { id: `${matchId}-h`, name: { tr: 'Ev', en: 'Home' } },
    away: { id: `${matchId}-a`, name: { tr: 'Dep', en: 'Away' } },
    startsAt: KICKOFF,
    liveCoverage: true,
  };
}

/** A football full time: a goalless first half, then `home`:`away`. */
export const fullTime = (home: number, away: number): MatchResult => ({
  sportId: 1,
  status: 'completed',
  periods: [
    { home: 0, away: 0 },
    { home, away },
  ],
});

export interface SettlementFeed {
  /** One feed message, stored; `id` may be given to redeliver one. */
  feed(message: DistributiveOmit<FeedMessage, 'id' | 'at'> & { id?: string }): Promise<string>;
  /** Settlement, then the money reactors, then the read models, until nothing is left to do. */
  settled(): Promise<void>;
  stop(): Promise<void>;
}

/** The feed and the settlement reactor beside a money api; as in `npm start`, settlement pays what it settles. */
export async function openSettlementFeed(storage: TestStorage, api: MoneyApi): Promise<SettlementFeed> {
  const settlement = new ReactorRunner({ store: storage.store, pool: storage.pool, commands: api.commands, reactors: [settlementReactor(storage.pool, { payouts: storage.store })] });
  await settlement.start();
  const ingestor = new FeedIngestor(storage.store);
  let sent = 0;
  return {
    async feed(message) {
      const id = message.id ?? `msg-${++sent}`;
      await ingestor.ingest({ ...message, id, at: api.clock.now().toISOString() } as FeedMessage);
      return id;
    },
    async settled() {
      for (let i = 0; i < 2; i++) {
        await settlement.waitUntilCaughtUp();
        await api.settled();
      }
    },
    stop: () => settlement.stop(),
  };
}
