import pg from 'pg';
import { log, now, runWindow, walletEvent, type WindowOptions, type WindowResult } from './common';

/**
 * The floor for "one event, one commit": a plain table, one autocommit INSERT per append, one
 * connection per writer. No stream revision, no hash chain, no extra index, no NOTIFY.
 */
export async function rawInsert(databaseUrl: string, schema: string, window: WindowOptions, mode: 'distinct' | 'hot', prefix: string): Promise<WindowResult> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.query(`create table ${schema}.raw_events (id uuid primary key, stream text not null, type text not null, data jsonb not null, metadata jsonb not null)`);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: window.writers, options: `-c search_path=${schema}` });
  pool.on('error', () => undefined);
  try {
    // Open every connection before the clock starts, as the other contenders' pools are warm too.
    const clients = await Promise.all(Array.from({ length: window.writers }, () => pool.connect()));
    for (const client of clients) client.release();
    log(`  raw: ${window.writers} connections open`);
    const cursor = Array.from({ length: window.writers }, () => 0);
    return await runWindow(window, async (writer) => {
      const event = walletEvent(now());
      const stream = mode === 'hot' ? `${prefix}-hot` : `${prefix}-w${writer}s${cursor[writer]! % 16}`;
      cursor[writer] = cursor[writer]! + 1;
      await pool.query('insert into raw_events (id, stream, type, data, metadata) values ($1, $2, $3, $4, $5)', [
        event.id,
        stream,
        event.type,
        JSON.stringify(event.data),
        JSON.stringify(event.metadata),
      ]);
      return 1;
    });
  } finally {
    await pool.end();
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  }
}
