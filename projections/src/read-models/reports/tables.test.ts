import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { kyselyOver } from '@kupon/eventstore';
import { type TestStorage, testBackends } from '../../testing/storage';
import { createReportTables, REPORT_COLUMNS, REPORT_TABLES, type ReportTables } from './tables';

for (const backend of testBackends) {
  describe(`report tables on ${backend.name}`, () => {
    let storage: TestStorage;

    beforeEach(async () => {
      storage = await backend.open();
    });

    afterEach(async () => {
      await storage.close();
    });

    it('the fold sends every column of every table, each with the type the table gives it', async () => {
      await kyselyOver<ReportTables>(storage.pool)
        .transaction()
        .execute((tx) => createReportTables(tx));
      for (const table of REPORT_TABLES) {
        const { rows } = await storage.pool.query<{ name: string; type: string }>(
          `select attname as name, format_type(atttypid, atttypmod) as type from pg_attribute where attrelid = $1::regclass and attnum > 0 and not attisdropped order by attnum`,
          [table],
        );
        const sent = Object.entries(REPORT_COLUMNS[table]);
        const normalised = await storage.pool.query<{ name: string; type: string }>(`select name, type::regtype::text as type from unnest($1::text[], $2::text[]) as c(name, type)`, [
          sent.map(([name]) => name),
          sent.map(([, type]) => type),
        ]);
        expect(normalised.rows, table).toEqual(rows);
      }
    });
  });
}
