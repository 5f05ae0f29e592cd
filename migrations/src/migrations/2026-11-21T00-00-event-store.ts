import { type Kysely, sql } from 'kysely';

/**
 * The event store (see ARCHITECTURE.md, "The event store contract").
 *
 * Global order without a global lock: each event records the id of the transaction that wrote it
 * (xid8). Readers only take events whose transaction id is below the xmin of their snapshot, so every
 * transaction that could still commit an event "before" them has ended, and order by
 * (transaction_id, global_position). A subscriber's checkpoint is that pair.
 *
 * es_append takes a batch of appends to any streams and decides each on its own: expected revision,
 * idempotent retry (all ids already stored), and the hash chain computed under the stream's row lock,
 * so one round trip writes a whole batch. Streams are locked in the order the caller sorted them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table es_events (
      global_position bigint generated always as identity,
      transaction_id xid8 not null default pg_current_xact_id(),
      stream_name text not null,
      stream_revision bigint not null,
      category text not null,
      event_id uuid not null,
      event_type text not null,
      data jsonb not null,
      metadata jsonb not null,
      recorded_at timestamptz not null default clock_timestamp(),
      primary key (stream_name, stream_revision)
    )`.execute(db);
  await sql`create unique index es_events_event_id on es_events (event_id)`.execute(db);
  await sql`create index es_events_global_order on es_events (transaction_id, global_position)`.execute(db);
  await sql`create index es_events_category_order on es_events (category, transaction_id, global_position)`.execute(db);
  await sql`
    create table es_streams (
      stream_name text primary key,
      revision bigint not null,
      last_hash text not null
    )`.execute(db);
  await sql.raw(APPEND_FUNCTION).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function es_append`.execute(db);
  await sql`drop table es_streams`.execute(db);
  await sql`drop table es_events`.execute(db);
}

/*
 * p_expected: -1 no_stream, -2 stream_exists, -3 any, >= 0 the revision of the last event.
 * p_counts[i] events of p_ids/p_types/p_data/p_metadata/p_tails belong to append i.
 * p_tails: the canonical JSON of [prevHash, id, type, data, metadata] after its first element; the
 * hash is sha-256 of '["' || prevHash || '"' || tail.
 * Returns one row per append: ok | duplicate (all ids stored: a retry) | wrong_revision | conflict.
 *
 * No NOTIFY in here: a transaction that notifies holds a database-wide lock through its commit's WAL
 * flush, which would serialize every append's commit. The adapter notifies after commit instead.
 */
const APPEND_FUNCTION = `
create function es_append(
  p_streams text[], p_expected bigint[], p_counts int[],
  p_ids uuid[], p_types text[], p_data text[], p_metadata text[], p_tails text[]
) returns table (append_index int, status text, revision bigint, transaction_id text, global_position bigint)
language plpgsql as $fn$
#variable_conflict use_column
declare
  genesis constant text := repeat('0', 64);
  first_event int := 0;
  n int;
  stream text;
  expected bigint;
  current_revision bigint;
  current_hash text;
  stored_count int;
  stored_in_stream int;
  hash text;
  last_position bigint;
  last_transaction text;
begin
  for i in 1 .. coalesce(array_length(p_streams, 1), 0) loop
    stream := p_streams[i];
    expected := p_expected[i];
    n := p_counts[i];

    select count(*), count(*) filter (where e.stream_name = stream)
      into stored_count, stored_in_stream
      from es_events e where e.event_id = any(p_ids[first_event + 1 : first_event + n]);
    if stored_count > 0 then
      if stored_count = n and stored_in_stream = n then
        select e.stream_revision, e.transaction_id::text, e.global_position
          into current_revision, last_transaction, last_position
          from es_events e where e.event_id = any(p_ids[first_event + 1 : first_event + n])
          order by e.stream_revision desc limit 1;
        return query select i, 'duplicate'::text, current_revision, last_transaction, last_position;
      else
        return query select i, 'conflict'::text, null::bigint, null::text, null::bigint;
      end if;
      first_event := first_event + n;
      continue;
    end if;

    select s.revision, s.last_hash into current_revision, current_hash
      from es_streams s where s.stream_name = stream for update;
    if not found then
      -- A racing first append waits here on the other's uncommitted row, then sees it.
      insert into es_streams (stream_name, revision, last_hash) values (stream, -1, genesis)
        on conflict (stream_name) do nothing;
      select s.revision, s.last_hash into current_revision, current_hash
        from es_streams s where s.stream_name = stream for update;
    end if;

    if (expected = -1 and current_revision <> -1)
       or (expected = -2 and current_revision = -1)
       or (expected >= 0 and expected <> current_revision) then
      return query select i, 'wrong_revision'::text, current_revision, null::text, null::bigint;
      first_event := first_event + n;
      continue;
    end if;

    for j in 1 .. n loop
      current_revision := current_revision + 1;
      hash := encode(sha256(convert_to('["' || current_hash || '"' || p_tails[first_event + j], 'UTF8')), 'hex');
      insert into es_events (stream_name, stream_revision, category, event_id, event_type, data, metadata)
        values (stream, current_revision, split_part(stream, '-', 1), p_ids[first_event + j], p_types[first_event + j],
                p_data[first_event + j]::jsonb,
                p_metadata[first_event + j]::jsonb || jsonb_build_object('prevHash', current_hash, 'hash', hash))
        returning es_events.global_position into last_position;
      current_hash := hash;
    end loop;
    update es_streams s set revision = current_revision, last_hash = current_hash where s.stream_name = stream;
    return query select i, 'ok'::text, current_revision, pg_current_xact_id()::text, last_position;
    first_event := first_event + n;
  end loop;
end
$fn$`;
