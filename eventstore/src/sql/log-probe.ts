import { type AllFilter, comparePositions, type EventStore, type Position, type RecordedEvent, START, streamCategory } from '../port';
import type { SqlPool } from '../postgres/sql-pool';

/**
 * Questions about a stretch of the log that the EventStore port cannot answer: a filtered
 * subscription hands out matching events only, so a runner whose last matching event lies before the
 * head cannot tell from its checkpoint alone whether it is caught up.
 * Both bounds are positions a reader has seen (`upTo` a head or an append's result), so no event can
 * still appear between them.
 */
export interface LogProbe {
  /**
   * The last event committed so far (the store's lastCommittedPosition()): waiting for it waits for
   * everything written before the call.
   */
  lastCommitted(): Promise<Position>;
  /** Whether an event matching `filter` lies in (after, upTo]. */
  anyBetween(filter: AllFilter | undefined, after: Position, upTo: Position): Promise<boolean>;
  /** How many events matching `filter` lie in (after, upTo]. */
  countBetween(filter: AllFilter | undefined, after: Position, upTo: Position): Promise<number>;
}

/** The probe for events kept by PostgresEventStore in this pool's es_events: index range reads. */
export function sqlLogProbe(store: EventStore, pool: SqlPool): LogProbe {
  const query = (select: string, filter: AllFilter | undefined, after: Position, upTo: Position) => {
    const params: unknown[] = [after.commit < 0n ? '0' : after.commit.toString(), after.prepare.toString(), upTo.commit.toString(), upTo.prepare.toString()];
    const conditions = ['(transaction_id, global_position) > ($1::xid8, $2::bigint)', '(transaction_id, global_position) <= ($3::xid8, $4::bigint)'];
    if (filter?.streamCategories?.length) {
      params.push(filter.streamCategories);
      conditions.push(`category = any($${params.length}::text[])`);
    }
    if (filter?.eventTypes?.length) {
      params.push(filter.eventTypes);
      conditions.push(`event_type = any($${params.length}::text[])`);
    }
    return pool.query<{ answer: string | boolean }>(select.replace('$where', conditions.join(' and ')), params);
  };
  return {
    lastCommitted: () => store.lastCommittedPosition(),
    async anyBetween(filter, after, upTo) {
      if (comparePositions(after, upTo) >= 0) return false;
      const { rows } = await query('select exists (select 1 from es_events where $where) as answer', filter, after, upTo);
      return rows[0]?.answer === true;
    },
    async countBetween(filter, after, upTo) {
      if (comparePositions(after, upTo) >= 0) return 0;
      const { rows } = await query('select count(*) as answer from es_events where $where', filter, after, upTo);
      return Number(rows[0]?.answer ?? 0);
    },
  };
}

/** For any store (EventStoreDB): reads the stretch unfiltered, page by page. Slower, same answers. */
export function scanLogProbe(store: EventStore, pageSize = 1000): LogProbe {
  const scan = async (filter: AllFilter | undefined, after: Position, upTo: Position, stopAtFirst: boolean): Promise<number> => {
    let count = 0;
    let from = after;
    while (comparePositions(from, upTo) < 0) {
      const page = await store.readAll({ fromPosition: from, maxCount: pageSize });
      for (const event of page) {
        if (comparePositions(event.position, upTo) > 0) return count;
        if (matches(filter, event)) {
          count++;
          if (stopAtFirst) return count;
        }
      }
      if (page.length < pageSize) return count;
      from = page.at(-1)?.position ?? START;
    }
    return count;
  };
  return {
    lastCommitted: () => store.lastCommittedPosition(),
    anyBetween: async (filter, after, upTo) => (await scan(filter, after, upTo, true)) > 0,
    countBetween: (filter, after, upTo) => scan(filter, after, upTo, false),
  };
}

/** The probe that reads where `store` keeps its events. */
export function logProbeFor(store: EventStore, pool: SqlPool): LogProbe {
  return store.kind === 'eventstoredb' ? scanLogProbe(store) : sqlLogProbe(store, pool);
}

function matches(filter: AllFilter | undefined, event: RecordedEvent): boolean {
  if (filter?.eventTypes?.length && !filter.eventTypes.includes(event.type)) return false;
  if (filter?.streamCategories?.length && !filter.streamCategories.includes(streamCategory(event.streamName))) return false;
  return true;
}
