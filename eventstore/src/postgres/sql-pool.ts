import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * The one connection shape the PostgreSQL adapter, the projection runner and kysely use, over either
 * a real PostgreSQL pool or embedded PGlite. It is shaped like pg's Pool, so kysely's
 * PostgresDialect accepts it as it is. Both sides return int8, xid8 and numeric as strings (pg's
 * default): convert at the edge, on purpose.
 */
export interface SqlResult<Row> {
  readonly rows: Row[];
  readonly rowCount: number;
  /** The statement's verb as kysely expects it (it reads affected rows for these four). */
  readonly command: 'SELECT' | 'INSERT' | 'UPDATE' | 'DELETE' | 'MERGE';
}

export interface SqlConnection {
  query<Row = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<SqlResult<Row>>;
  release(): void;
}

export interface QueryOptions {
  /**
   * Prepares the statement once per connection under this name and runs it from there on without
   * parsing it again (PostgreSQL; PGlite ignores it). Only for a hot statement whose text never changes.
   */
  readonly name?: string;
}

export interface SqlPool {
  readonly dialect: 'postgres' | 'pglite';
  query<Row = Record<string, unknown>>(text: string, params?: readonly unknown[], options?: QueryOptions): Promise<SqlResult<Row>>;
  /** A connection of one's own, e.g. for a transaction. Always release it. */
  connect(): Promise<SqlConnection>;
  /** Calls `onNotify` on every NOTIFY on `channel` until the returned function is called. */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  end(): Promise<void>;
}

/** Runs `work` in a transaction on a connection of its own; commits, or rolls back and rethrows. */
export async function inTransaction<T>(pool: SqlPool, work: (connection: SqlConnection) => Promise<T>): Promise<T> {
  const connection = await pool.connect();
  try {
    await connection.query('begin');
    const result = await work(connection);
    await connection.query('commit');
    return result;
  } catch (error) {
    await connection.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    connection.release();
  }
}

export interface PgPoolOptions {
  readonly connectionString: string;
  /** Every connection's search_path: lets tests and tenants use a schema of their own. */
  readonly schema?: string;
  readonly max?: number;
}

export function createPgPool(options: PgPoolOptions): SqlPool {
  const config: pg.PoolConfig = {
    connectionString: options.connectionString,
    max: options.max ?? 20,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  };
  const pool = new pg.Pool(config);
  // An idle client's error (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const listeners = new Map<string, Set<() => void>>();
  let listenClient: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;

  const wakeAll = () => {
    for (const set of listeners.values()) for (const callback of set) callback();
  };

  const listenConnection = (): Promise<pg.Client> => {
    if (listenClient) return Promise.resolve(listenClient);
    connecting ??= (async () => {
      const client = new pg.Client(config);
      client.on('notification', (message) => {
        for (const callback of listeners.get(message.channel) ?? []) callback();
      });
      client.on('error', () => {
        // Reconnect on the next listen; wake everyone so nothing waits on a dead connection.
        listenClient = null;
        connecting = null;
        void client.end().catch(() => undefined);
        setTimeout(() => {
          if (listeners.size > 0) void resubscribe();
        }, 100);
        wakeAll();
      });
      await client.connect();
      listenClient = client;
      return client;
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  };

  const resubscribe = async () => {
    try {
      const client = await listenConnection();
      for (const channel of listeners.keys()) await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      wakeAll();
    } catch {
      setTimeout(() => void resubscribe(), 500);
    }
  };

  return {
    dialect: 'postgres',
    async query(text, params, options) {
      const values = params as unknown[] | undefined;
      const result = options?.name ? await pool.query({ name: options.name, text, ...(values ? { values } : {}) }) : await pool.query(text, values);
      return asResult(result);
    },
    async connect() {
      const client = await pool.connect();
      return {
        async query(text, params) {
          return asResult(await client.query(text, params as unknown[] | undefined));
        },
        release: () => client.release(),
      };
    },
    async listen(channel, onNotify) {
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        const client = await listenConnection();
        await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      }
      set.add(onNotify);
      return async () => {
        set.delete(onNotify);
      };
    },
    async end() {
      listeners.clear();
      const client = listenClient;
      listenClient = null;
      await client?.end().catch(() => undefined);
      await pool.end();
    },
  };
}

function asResult<Row>(result: pg.QueryResult | pg.QueryResult[]): SqlResult<Row> {
  const last = Array.isArray(result) ? result[result.length - 1] : result;
  return { rows: (last?.rows ?? []) as Row[], rowCount: last?.rowCount ?? 0, command: (last?.command ?? 'SELECT') as SqlResult<Row>['command'] };
}

const TEXT_PARSERS = {
  20: (value: string) => value, // int8
  1700: (value: string) => value, // numeric
  5069: (value: string) => value, // xid8
};

export interface PglitePoolOptions {
  /** A directory for a durable database; omit for an in-memory one. */
  readonly dataDir?: string;
}

export async function createPglitePool(options: PglitePoolOptions = {}): Promise<SqlPool> {
  const db = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    parsers: TEXT_PARSERS,
  });
  return pglitePool(db);
}

/**
 * PGlite is one connection. A transaction must own it from BEGIN to COMMIT, so connections are
 * handed out one at a time; everyone else waits in line.
 */
export function pglitePool(db: PGlite): SqlPool {
  let line: Promise<void> = Promise.resolve();

  const run = async <Row>(text: string, params?: readonly unknown[]): Promise<SqlResult<Row>> => {
    if (!params || params.length === 0) {
      // The simple protocol, as pg uses without parameters: several statements in one text work.
      const results = await db.exec(text);
      const last = results[results.length - 1];
      return { rows: (last?.rows ?? []) as Row[], rowCount: last?.affectedRows ?? last?.rows.length ?? 0, command: commandOf(text) };
    }
    const result = await db.query<Row>(text, params as unknown[]);
    return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length, command: commandOf(text) };
  };

  const connect = async (): Promise<SqlConnection> => {
    let release!: () => void;
    const previous = line;
    line = new Promise<void>((resolve) => (release = resolve));
    await previous;
    let released = false;
    return {
      query: run,
      release: () => {
        if (!released) {
          released = true;
          release();
        }
      },
    };
  };

  return {
    dialect: 'pglite',
    async query(text, params) {
      const connection = await connect();
      try {
        return await connection.query(text, params);
      } finally {
        connection.release();
      }
    },
    connect,
    async listen(channel, onNotify) {
      // LISTEN is a statement too: it must not land inside someone else's open transaction.
      const connection = await connect();
      let unlisten: () => Promise<void>;
      try {
        unlisten = await db.listen(channel, () => onNotify());
      } finally {
        connection.release();
      }
      return async () => {
        const again = await connect();
        try {
          await unlisten();
        } finally {
          again.release();
        }
      };
    },
    async end() {
      if (!db.closed) await db.close();
    },
  };
}

function commandOf(text: string): SqlResult<unknown>['command'] {
  return (/^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? 'SELECT') as SqlResult<unknown>['command'];
}
