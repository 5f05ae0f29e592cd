import type { SqlPool } from '@kupon/eventstore';
import { randomBytes } from 'node:crypto';

/** The installation's HMAC keys, by name, with the environment variable that sets each. */
export const SERVER_KEY_ENV = { casino: 'KUPON_CASINO_SECRET', payment: 'KUPON_PAYMENT_SECRET', ticket: 'KUPON_TICKET_SECRET' } as const;
export type ServerKeyName = keyof typeof SERVER_KEY_ENV;
export type ServerKeys = Readonly<Record<ServerKeyName, string>>;

/** A fresh key: what `loadServerKeys` draws into the database, and what an app built without keys (tests, benches) draws for itself alone. */
export function drawServerKey(): string {
  return randomBytes(32).toString('hex');
}

/**
 * Every key every api process of this installation must share: the environment's when set, else the
 * one the first process drew into `server_keys` (migration 2026-11-25T22-00), so printed ticket codes,
 * open game sessions and payment callbacks stay valid across restarts and between processes. The one
 * place that reads the keys' environment variables: the services take their keys from main.ts.
 */
export async function loadServerKeys(pool: SqlPool, env: NodeJS.ProcessEnv = process.env): Promise<ServerKeys> {
  const entries = await Promise.all(
    (Object.keys(SERVER_KEY_ENV) as ServerKeyName[]).map(async (name) => {
      const given = env[SERVER_KEY_ENV[name]];
      if (given) return [name, given] as const;
      // Racing first starts both insert; one row wins and both read it.
      await pool.query('insert into server_keys (name, value) values ($1, $2) on conflict (name) do nothing', [name, drawServerKey()]);
      const { rows } = await pool.query<{ value: string }>('select value from server_keys where name = $1', [name]);
      return [name, rows[0]!.value] as const;
    }),
  );
  return Object.fromEntries(entries) as ServerKeys;
}
