import { type Incident, incidentsBetween, isSportId, type MatchEvent, type Scoreboard } from '@kupon/domain';
import type { RecordedEvent } from '@kupon/eventstore';
import type { ColumnType, Kysely, Transaction } from 'kysely';
import type { Projection } from '../../runner/projection';

type Json<T> = ColumnType<T, string, string>;

/**
 * The live match tracker's timeline (spec §3 live_show_tracker): per match, the last scoreboard and
 * the incidents (goals, cards, corners, games, sets, periods played out) that each new scoreboard
 * added, derived by the domain's `incidentsBetween`, the function the player site runs on live updates.
 */
export interface MatchTimelineTables {
  match_timeline: {
    match_id: string;
    sport_id: number;
    /** The last scoreboard; null before the first state change. */
    scoreboard: Json<Scoreboard | null>;
    incidents: Json<Incident[]>;
    revision: ColumnType<string, string, string>;
  };
}

export const matchTimeline: Projection<MatchTimelineTables> = {
  name: 'match-timeline',
  version: 1,
  handles: ['FixtureCreated', 'MatchStateChanged'] satisfies MatchEvent['type'][],
  tables: ['match_timeline'],

  async createTables(tx) {
    await tx.schema
      .createTable('match_timeline')
      .addColumn('match_id', 'text', (c) => c.primaryKey())
      .addColumn('sport_id', 'integer', (c) => c.notNull())
      .addColumn('scoreboard', 'jsonb')
      .addColumn('incidents', 'jsonb', (c) => c.notNull())
      .addColumn('revision', 'bigint', (c) => c.notNull())
      .execute();
  },

  async apply(tx: Transaction<MatchTimelineTables>, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as unknown as MatchEvent;
    const matchId = recorded.streamName.slice('match-'.length);
    const revision = recorded.streamRevision.toString();
    if (event.type === 'FixtureCreated') {
      await tx
        .insertInto('match_timeline')
        .values({ match_id: matchId, sport_id: event.data.sportId, scoreboard: JSON.stringify(null), incidents: '[]', revision })
        .onConflict((oc) => oc.column('match_id').doNothing())
        .execute();
      return;
    }
    if (event.type !== 'MatchStateChanged') return;
    const row = await tx.selectFrom('match_timeline').selectAll().where('match_id', '=', matchId).executeTakeFirst();
    // A state before its fixture, or one already applied, changes nothing.
    if (!row || !isSportId(row.sport_id) || BigInt(row.revision) >= recorded.streamRevision) return;
    const previous = parse<Scoreboard | null>(row.scoreboard);
    const added = incidentsBetween(row.sport_id, previous, event.data.state);
    await tx
      .updateTable('match_timeline')
      .set({ scoreboard: JSON.stringify(event.data.state), incidents: JSON.stringify([...parse<Incident[]>(row.incidents), ...added]), revision })
      .where('match_id', '=', matchId)
      .execute();
  },
};

const parse = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));

export interface MatchTimeline {
  readonly sportId: number;
  readonly scoreboard: Scoreboard | null;
  readonly incidents: readonly Incident[];
}

/** A match's timeline; null when the read model has not seen its fixture. */
export async function matchTimelineOf(db: Kysely<MatchTimelineTables>, matchId: string): Promise<MatchTimeline | null> {
  const row = await db.selectFrom('match_timeline').selectAll().where('match_id', '=', matchId).executeTakeFirst();
  if (!row) return null;
  return { sportId: row.sport_id, scoreboard: parse<Scoreboard | null>(row.scoreboard), incidents: parse<Incident[]>(row.incidents) };
}
