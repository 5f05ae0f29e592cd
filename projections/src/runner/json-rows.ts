import { type RawBuilder, sql } from 'kysely';

/** The columns a batch insert writes and their SQL types (`uuid`, `bigint`, `text[]`, `jsonb`…), in order. */
export type ColumnTypes = Readonly<Record<string, string>>;

/**
 * `insert into <table> (<columns>) select (e->>0)::<type>, … from jsonb_array_elements($1::jsonb) e`:
 * a whole batch of rows as one JSON parameter, each row an array of its values in the order of
 * `columns`. For the set-based writes of a batch fold: a multi-row VALUES of 2,000 rows × 17 columns
 * is 34,000 parameters to serialise, bind and plan; this is one, which PostgreSQL parses in a single
 * pass. Arrays, not objects: the column names are not repeated in every row (a third of a ledger row's
 * text), and each value is taken by its index with no lookup by name; measured on 2,000 ledger rows
 * the database's side took 8 ms against 11 ms for objects read by `json_populate_recordset` (which
 * also parses the text twice, once to check it as `json`) and 13–17 ms by `jsonb_populate_recordset`.
 * A row object may hold more keys than `columns`; a missing key is null. bigint values are sent as
 * text (JSON has no 64-bit integers). Append an `on conflict …` clause with `sql` as needed. The table
 * name goes through `sql.table`, so a projection's build plugin moves it to the build's table like any
 * other query. `where`, given, inserts the rows only where it holds (a folded-ahead batch's
 * `checkpointMoved`).
 */
export function insertJsonRows(table: string, columns: ColumnTypes, rows: readonly object[], where?: RawBuilder<boolean>): RawBuilder<unknown> {
  if (rows.length === 0) throw new RangeError(`insertJsonRows into ${table}: no rows`);
  const only = where ? sql` where ${where}` : sql``;
  return sql`insert into ${sql.table(table)} (${sql.join(Object.keys(columns).map((name) => sql.id(name)))}) ${jsonRows(columns, rows)}${only}`;
}

/**
 * `select (e->>0)::<type> as <column>, … from jsonb_array_elements($1::jsonb) e`: rows sent as one
 * JSON parameter (as insertJsonRows sends them) as a relation to join or update from.
 */
export function jsonRows(columns: ColumnTypes, rows: readonly object[]): RawBuilder<unknown> {
  const names = Object.keys(columns);
  const values = names.map((name, i) => sql`${valueOf(i, columns[name]!)} as ${sql.id(name)}`);
  const json = toJson(rows.map((row) => names.map((name) => (row as Record<string, unknown>)[name] ?? null)));
  return sql`select ${sql.join(values)} from jsonb_array_elements(${json}::jsonb) e`;
}

/**
 * A batch's writes as one statement, each in a data-modifying CTE (`with w0 as (…), w1 as (…) select
 * 1`), so the database writes the batch in one round trip; null when there is nothing to write. Every
 * part sees the table as it was before the statement: no two parts may change the same row.
 */
export function writesStatement(parts: readonly RawBuilder<unknown>[]): RawBuilder<unknown> | null {
  if (parts.length === 0) return null;
  return sql`with ${sql.join(namedWrites(parts))} select 1`;
}

/** Each write as a CTE of the batch's statement: `w0 as (…)`, `w1 as (…)`, … */
export function namedWrites(parts: readonly RawBuilder<unknown>[]): RawBuilder<unknown>[] {
  return parts.map((part, i) => sql`${sql.raw(`w${i}`)} as (${part})`);
}

/** The `i`th value of row `e` as `type`: a JSON null is SQL null. */
function valueOf(i: number, type: string): RawBuilder<unknown> {
  const element = sql`e->${sql.lit(i)}`;
  if (type === 'jsonb') return sql`nullif(${element}, 'null'::jsonb)`;
  if (type === 'json') return sql`nullif(${element}, 'null'::jsonb)::json`;
  if (type.endsWith('[]')) return sql`case when jsonb_typeof(${element}) = 'array' then array(select jsonb_array_elements_text(${element}))::${sql.raw(type)} end`;
  return sql`(e->>${sql.lit(i)})::${sql.raw(type)}`;
}

/**
 * JSON.stringify throws on a bigint; a replacer would handle it but is called for every value of
 * every row (~40% slower on 2,000 ledger rows), so rows are first tried without one: a caller that
 * sends its bigints as text never pays for it.
 */
function toJson(rows: readonly unknown[]): string {
  try {
    return JSON.stringify(rows);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    return JSON.stringify(rows, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));
  }
}

/** `column = any($1::<type>[])`: a list of keys as one array parameter, not one parameter each. */
export function anyOf(column: string, values: readonly string[], type: 'text' | 'uuid' = 'text'): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(column)} = any(${values}::${sql.raw(type)}[])`;
}
