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
 * so one round trip and one commit write a whole batch. It is set-based: a fixed handful of
 * statements per batch whatever its size (insert missing stream heads, lock every head, one INSERT of
 * all events, one UPDATE of all heads); a batch holding an id that is stored already or repeated (a
 * retry, a conflict) goes append by append through es_append_each instead.
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
  await sql.raw(APPEND_EACH_FUNCTION).execute(db);
  await sql.raw(APPEND_FUNCTION).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function es_append(text[], bigint[], int[], jsonb)`.execute(db);
  await sql`drop function es_append_each`.execute(db);
  await sql`drop table es_streams`.execute(db);
  await sql`drop table es_events`.execute(db);
}

/*
 * Both functions return the same rows.
 * p_expected: -1 no_stream, -2 stream_exists, -3 any, >= 0 the revision of the last event.
 * p_counts[i] events of p_ids/p_types/p_data/p_metadata/p_tails belong to append i.
 * p_tails: the canonical JSON of [prevHash, id, type, data, metadata] after its first element; the
 * hash is sha-256 of '["' || prevHash || '"' || tail.
 * Returns one row per append: ok | duplicate (all ids stored: a retry) | wrong_revision | conflict.
 *
 * Deadlock freedom: every transaction first inserts the heads it lacks in one statement in stream-name
 * order, then locks heads in stream-name order (es_append sorts itself; es_append_each follows the
 * caller's order, which the adapter sorts). Should PostgreSQL still report a deadlock or a unique
 * violation (two batches racing with the same new event id), the adapter retries the batch's appends
 * one by one, where each is decided on its own.
 *
 * No NOTIFY in here: a transaction that notifies holds a database-wide lock through its commit's WAL
 * flush, which would serialize every append's commit. The adapter notifies after commit instead.
 */
const APPEND_EACH_FUNCTION = `
create function es_append_each(
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

/*
 * es_append takes the events as one jsonb array of [id, type, data, metadata, tail] (one JSON text
 * from the client, parsed once) instead of five text arrays; es_append_each keeps the arrays.
 * The set-based path: 1. insert missing heads (sorted); 2. any id stored already or repeated in the
 * batch → es_append_each; 3. lock every head of the batch (sorted) and read revision and last hash;
 * 4. decide each append in memory, chaining hashes (no SQL per append or event); 5. one UPDATE of the
 * touched heads and one INSERT … SELECT FROM unnest(…) of every event, in batch order.
 */
export const APPEND_FUNCTION = `
create function es_append(p_streams text[], p_expected bigint[], p_counts int[], p_events jsonb)
returns table (append_index int, status text, revision bigint, transaction_id text, global_position bigint)
language plpgsql
-- Its lookups take arrays (= any(…)); on a young, never-analyzed table the planner would pick a
-- sequential scan and PL/pgSQL could keep that plan: always use the indexes.
set enable_seqscan = off
set plan_cache_mode = force_generic_plan
as $fn$
#variable_conflict use_column
declare
  genesis constant text := repeat('0', 64);
  total int := jsonb_array_length(p_events);
  p_ids uuid[];
  p_tails text[];
  names text[];
  revs bigint[];
  hashes text[];
  k int;
  first_event int := 0;
  n int;
  expected bigint;
  cur bigint;
  prev text;
  h text;
  ev_stream text[] := '{}';
  ev_rev bigint[] := '{}';
  ev_src int[] := '{}';
  ev_prev text[] := '{}';
  ev_hash text[] := '{}';
  res_status text[] := '{}';
  res_rev bigint[] := '{}';
  res_stream text[] := '{}';
begin
  if coalesce(array_length(p_streams, 1), 0) = 0 then
    return;
  end if;
  select array_agg((x.doc->>0)::uuid order by x.ord), array_agg(x.doc->>4 order by x.ord) into p_ids, p_tails
    from jsonb_array_elements(p_events) with ordinality as x(doc, ord);
  insert into es_streams (stream_name, revision, last_hash)
    select d.s, -1, genesis from (select distinct unnest(p_streams) as s) d order by d.s
    on conflict (stream_name) do nothing;

  if exists (select 1 from es_events e where e.event_id = any(p_ids))
     or (select count(distinct x) from unnest(p_ids) as x) <> total then
    return query select * from es_append_each(p_streams, p_expected, p_counts, p_ids,
      array(select x.doc->>1 from jsonb_array_elements(p_events) with ordinality as x(doc, ord) order by x.ord),
      array(select x.doc->>2 from jsonb_array_elements(p_events) with ordinality as x(doc, ord) order by x.ord),
      array(select x.doc->>3 from jsonb_array_elements(p_events) with ordinality as x(doc, ord) order by x.ord),
      p_tails);
    return;
  end if;

  select array_agg(l.stream_name order by l.stream_name), array_agg(l.revision order by l.stream_name),
         array_agg(l.last_hash order by l.stream_name)
    into names, revs, hashes
    from (select s.stream_name, s.revision, s.last_hash from es_streams s
          where s.stream_name = any(p_streams) order by s.stream_name for update) l;

  for i in 1 .. array_length(p_streams, 1) loop
    n := p_counts[i];
    k := array_position(names, p_streams[i]);
    cur := revs[k];
    expected := p_expected[i];
    if (expected = -1 and cur <> -1) or (expected = -2 and cur = -1) or (expected >= 0 and expected <> cur) then
      res_status := array_append(res_status, 'wrong_revision'::text);
      res_rev := array_append(res_rev, cur);
      res_stream := array_append(res_stream, null::text);
    else
      prev := hashes[k];
      for j in 1 .. n loop
        cur := cur + 1;
        h := encode(sha256(convert_to('["' || prev || '"' || p_tails[first_event + j], 'UTF8')), 'hex');
        ev_stream := array_append(ev_stream, p_streams[i]);
        ev_rev := array_append(ev_rev, cur);
        ev_src := array_append(ev_src, first_event + j);
        ev_prev := array_append(ev_prev, prev);
        ev_hash := array_append(ev_hash, h);
        prev := h;
      end loop;
      revs[k] := cur;
      hashes[k] := prev;
      res_status := array_append(res_status, 'ok'::text);
      res_rev := array_append(res_rev, cur);
      res_stream := array_append(res_stream, p_streams[i]);
    end if;
    first_event := first_event + n;
  end loop;

  update es_streams s set revision = revs[array_position(names, s.stream_name)],
                         last_hash = hashes[array_position(names, s.stream_name)]
    where s.stream_name = any(ev_stream);

  return query
    with ins as (
      insert into es_events (stream_name, stream_revision, category, event_id, event_type, data, metadata)
      select e.stream, e.rev, split_part(e.stream, '-', 1), p_ids[e.src], p_events->(e.src - 1)->>1, p_events->(e.src - 1)->2,
             (p_events->(e.src - 1)->3) || jsonb_build_object('prevHash', e.prev, 'hash', e.hash)
      from unnest(ev_stream, ev_rev, ev_src, ev_prev, ev_hash) with ordinality as e(stream, rev, src, prev, hash, ord)
      order by e.ord
      returning es_events.stream_name, es_events.stream_revision, es_events.global_position)
    select r.idx::int, r.status, r.rev, case when r.status = 'ok' then pg_current_xact_id()::text end, ins.global_position
    from unnest(res_status, res_rev, res_stream) with ordinality as r(status, rev, stream, idx)
    left join ins on ins.stream_name = r.stream and ins.stream_revision = r.rev
    order by r.idx;
end
$fn$`;
