import { describe, expect, it } from 'vitest';
import { compileOnlyDb } from '../testing/compile-only';
import { insertJsonRows } from './json-rows';

// The statement's one parameter is the rows' JSON text.
const db = compileOnlyDb();

const parameterOf = (rows: object[]) => insertJsonRows('report_totals', rows).compile(db).parameters[0];

describe('insertJsonRows', () => {
  it('sends every row as one JSON parameter, typed by the table', () => {
    const compiled = insertJsonRows('report_totals', [{ day: '2026-11-27', stakes: 1500 }]).compile(db);
    expect(compiled.sql).toBe('insert into "report_totals" ("day", "stakes") select "day", "stakes" from json_populate_recordset(null::"report_totals", $1::json)');
    expect(JSON.parse(compiled.parameters[0] as string)).toEqual([{ day: '2026-11-27', stakes: 1500 }]);
  });

  it('sends a bigint beyond 2^53 as its exact digits', () => {
    const big = 2n ** 63n - 1n;
    expect(parameterOf([{ day: '2026-11-27', stakes: big }])).toBe('[{"day":"2026-11-27","stakes":"9223372036854775807"}]');
  });

  it('refuses an empty batch', () => {
    expect(() => insertJsonRows('report_totals', [])).toThrow(RangeError);
  });
});
