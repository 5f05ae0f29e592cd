import { kyselyOver } from '@kupon/eventstore';
import { type TestStorage } from '@kupon/eventstore/testing';
import { sql } from 'kysely';

export { type TestBackend, testBackends, type TestStorage } from '@kupon/eventstore/testing';

/** Every row of `tables`, each as its row text, sorted: two builds from one log must hold the same. */
export async function tableRows(storage: TestStorage, tables: readonly string[]): Promise<Record<string, string[]>> {
  const db = kyselyOver(storage.pool);
  const rows: Record<string, string[]> = {};
  for (const table of tables) {
    const result = await sql<{ row: string }>`select t::text as row from ${sql.table(table)} t`.execute(db);
    rows[table] = result.rows.map((r) => r.row).sort();
  }
  return rows;
}
