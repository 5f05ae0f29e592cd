import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type TestStorage, testBackends } from '../testing/storage';
import { kyselyOver } from '@kupon/eventstore';
import { type ColumnTypes, insertJsonRows } from './json-rows';

const COLUMNS = { id: 'uuid', amount: 'bigint', day: 'date', at: 'timestamptz', tags: 'text[]', doc: 'jsonb', note: 'text' } as const satisfies ColumnTypes;

for (const backend of testBackends) {
  describe(`insertJsonRows on ${backend.name}`, () => {
    let storage: TestStorage;

    beforeEach(async () => {
      storage = await backend.open();
      await storage.pool.query('create table json_rows (id uuid primary key, amount bigint, day date, at timestamptz, tags text[], doc jsonb, note text)');
    });

    afterEach(async () => {
      await storage.close();
    });

    const read = async () =>
      (await storage.pool.query<Record<string, unknown>>(`select id::text, amount::text, day::text, to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS') as at, tags, doc, note from json_rows order by id`)).rows;

    it('writes every row with each value as its column type: exact 64-bit amounts, dates, times, text arrays, JSON documents, nulls and any text', async () => {
      const db = kyselyOver(storage.pool);
      await insertJsonRows('json_rows', COLUMNS, [
        { id: '00000000-0000-4000-8000-000000000001', amount: (2n ** 63n - 1n).toString(), day: '2026-11-27', at: '2026-11-27T21:15:30.123Z', tags: ['a', 'b,c', '"q"'], doc: { legs: { s1: 'won' } }, note: 'tab\there, quote " and \\ and ünïcode' },
        { id: '00000000-0000-4000-8000-000000000002', amount: -150, day: null, at: null, tags: null, doc: null, extra: 'not a column' },
      ]).execute(db);
      expect(await read()).toEqual([
        { id: '00000000-0000-4000-8000-000000000001', amount: '9223372036854775807', day: '2026-11-27', at: '2026-11-27T21:15:30.123', tags: ['a', 'b,c', '"q"'], doc: { legs: { s1: 'won' } }, note: 'tab\there, quote " and \\ and ünïcode' },
        { id: '00000000-0000-4000-8000-000000000002', amount: '-150', day: null, at: null, tags: null, doc: null, note: null },
      ]);
    });

    it('sends a bigint value as its exact digits', async () => {
      await insertJsonRows('json_rows', COLUMNS, [{ id: '00000000-0000-4000-8000-000000000003', amount: -(2n ** 63n) }]).execute(kyselyOver(storage.pool));
      expect((await read())[0]).toMatchObject({ amount: '-9223372036854775808' });
    });

    it('inserts nothing where the condition does not hold', async () => {
      const db = kyselyOver(storage.pool);
      await insertJsonRows('json_rows', COLUMNS, [{ id: '00000000-0000-4000-8000-000000000004', amount: 1 }], sql<boolean>`false`).execute(db);
      await insertJsonRows('json_rows', COLUMNS, [{ id: '00000000-0000-4000-8000-000000000005', amount: 2 }], sql<boolean>`true`).execute(db);
      expect((await read()).map((row) => row.id)).toEqual(['00000000-0000-4000-8000-000000000005']);
    });

    it('refuses an empty batch', () => {
      expect(() => insertJsonRows('json_rows', COLUMNS, [])).toThrow(RangeError);
    });
  });
}
