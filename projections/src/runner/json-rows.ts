import { type RawBuilder, sql } from 'kysely';

/**
 * `insert into <table> (<columns>) select <columns> from json_populate_recordset(null::<table>, $1)`:
 * a whole batch of rows as one JSON parameter, typed by the table's own row type. For the set-based
 * writes of a batch fold: a multi-row VALUES of 2,000 rows × 17 columns is 34,000 parameters to
 * serialise, bind and plan; this is one, which PostgreSQL parses in a single pass. `json`, not
 * `jsonb`: the text is read once as the rows are made, where `jsonb` first builds a binary document
 * of the whole batch (measured on 2,000-row ledger batches: the json form took 55–60% of the jsonb
 * form's time, parsing and converting being nearly all of an insert's cost). Every row must
 * have the keys of the first; bigint values are sent as text (JSON has no 64-bit integers). Append
 * an `on conflict …` clause with `sql` as needed. The table name goes through `sql.table`, so a
 * projection's build plugin moves it to the build's table like any other query.
 */
export function insertJsonRows(table: string, rows: readonly object[]): RawBuilder<unknown> {
  const first = rows[0];
  if (!first) throw new RangeError(`insertJsonRows into ${table}: no rows`);
  const columns = sql.join(Object.keys(first).map((column) => sql.id(column)));
  const json = toJson(rows);
  return sql`insert into ${sql.table(table)} (${columns}) select ${columns} from json_populate_recordset(null::${sql.table(table)}, ${json}::json)`;
}

/**
 * JSON.stringify throws on a bigint; a replacer would handle it but is called for every key of every
 * row (~40% slower on 2,000 ledger rows), so rows are first tried without one: a caller that sends
 * its bigints as text never pays for it.
 */
function toJson(rows: readonly object[]): string {
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
