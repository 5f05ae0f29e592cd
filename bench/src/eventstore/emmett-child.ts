/**
 * Runs the append cells through @event-driven-io/emmett-postgresql in a process of its own: its
 * driver (dumbo) installs global pg type parsers (int8 → BigInt, jsonb → its own parser), which
 * must not leak into the Kupon adapter's process. Input: one JSON argument. Output: one JSON line.
 */
// emmett-postgresql bundles its own copy of the error classes: match by error code, not instanceof.
import { isExpectedVersionConflictError } from '@event-driven-io/emmett';
import { getPostgreSQLEventStore } from '@event-driven-io/emmett-postgresql';
import pg from 'pg';
import { ConflictSignal, log, now, runWindow, walletEvent, type WindowOptions, type WindowResult, WriterStreams } from './common';

export interface EmmettCell {
  readonly label: string;
  readonly mode: 'distinct' | 'hot';
  readonly window: WindowOptions;
  readonly schema: string;
}

export interface EmmettInput {
  readonly databaseUrl: string;
  readonly cells: readonly EmmettCell[];
}

async function runCell(databaseUrl: string, cell: EmmettCell): Promise<WindowResult> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create schema ${cell.schema}`);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: cell.window.writers, options: `-c search_path=${cell.schema}` });
  pool.on('error', () => undefined);
  const store = getPostgreSQLEventStore(databaseUrl, { connectionOptions: { pool } });
  try {
    await store.schema.migrate();
    const clients = await Promise.all(Array.from({ length: cell.window.writers }, () => pool.connect()));
    for (const client of clients) client.release();
    log(`  emmett ${cell.label}: schema ${cell.schema} migrated, ${cell.window.writers} connections open`);
    const streams = new WriterStreams(`wallet-${cell.schema.slice(-6)}`, cell.window.writers, 16);
    const hot = `match-${cell.schema.slice(-6)}hot`;
    return await runWindow(cell.window, async (writer) => {
      const event = walletEvent(now());
      const emmettEvent = { type: event.type, data: event.data, metadata: event.metadata };
      try {
        if (cell.mode === 'hot') {
          // No concurrency check: emmett reads the stream position inside its function.
          await store.appendToStream(hot, [emmettEvent]);
          return 1;
        }
        const { stream, revision } = streams.next(writer);
        // Emmett's stream version counts events (0 = no stream); ours is the last revision.
        const result = await store.appendToStream(stream, [emmettEvent], { expectedStreamVersion: revision ?? 0n });
        streams.set(writer, stream, result.nextExpectedStreamVersion);
        return 1;
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (isExpectedVersionConflictError(error) || code === '23505' || code === '40001') throw new ConflictSignal();
        throw error;
      }
    });
  } finally {
    await store.close().catch(() => undefined);
    await pool.end().catch(() => undefined);
    await admin.query(`drop schema if exists ${cell.schema} cascade`);
    await admin.end();
  }
}

async function main(): Promise<void> {
  const input = JSON.parse(process.argv[2] ?? '{}') as EmmettInput;
  const results: Record<string, WindowResult> = {};
  for (const cell of input.cells) {
    log(`emmett ${cell.label} …`);
    results[cell.label] = await runCell(input.databaseUrl, cell);
    log(`emmett ${cell.label}: ${Math.round(results[cell.label]!.eventsPerSec)} events/s`);
  }
  process.stdout.write(`${JSON.stringify(results)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`emmett child failed: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
