import type { UserEvent } from '@kupon/domain';
import type { RecordedEvent } from '@kupon/eventstore';
import { type ColumnType, sql, type Transaction } from 'kysely';
import { type ColumnTypes, insertJsonRows } from '../../runner/json-rows';
import type { Projection } from '../../runner/projection';
import { streamId } from './users';

/**
 * Spec §1 "IP logs": every login and failed login of a known account, with where it came from, and
 * the log position and time of each, so the IP log report can be asked "as of" either (issue 8).
 */
export interface IpLogsTables {
  ip_logs: {
    /** Log order, for entries with the same instant. */
    seq: ColumnType<string, never, never>;
    event_id: string;
    user_id: string;
    site_id: string;
    ip: string;
    method: string;
    success: boolean;
    reason: string | null;
    user_agent: string;
    at: ColumnType<Date, string, string>;
    position_commit: ColumnType<string, string, string>;
    position_prepare: ColumnType<string, string, string>;
  };
}

export const ipLogs: Projection<IpLogsTables> = {
  name: 'identity-ip-logs',
  version: 2,
  handles: ['UserLoggedIn', 'LoginFailed'],
  tables: ['ip_logs'],

  async createTables(tx) {
    await tx.schema
      .createTable('ip_logs')
      .addColumn('seq', 'bigserial', (c) => c.notNull())
      .addColumn('event_id', 'uuid', (c) => c.primaryKey())
      .addColumn('user_id', 'uuid', (c) => c.notNull())
      .addColumn('site_id', 'text', (c) => c.notNull())
      .addColumn('ip', 'text', (c) => c.notNull())
      .addColumn('method', 'text', (c) => c.notNull())
      .addColumn('success', 'boolean', (c) => c.notNull())
      .addColumn('reason', 'text')
      .addColumn('user_agent', 'text', (c) => c.notNull())
      .addColumn('at', 'timestamptz', (c) => c.notNull())
      .addColumn('position_commit', 'bigint', (c) => c.notNull())
      .addColumn('position_prepare', 'bigint', (c) => c.notNull())
      .execute();
    await tx.schema.createIndex('ip_logs_user').on('ip_logs').columns(['user_id', 'at']).execute();
    await tx.schema.createIndex('ip_logs_site_ip').on('ip_logs').columns(['site_id', 'ip']).execute();
  },

  apply: (tx, event) => applyIpLogsBatch(tx, [event]),
  applyBatch: (tx, events) => applyIpLogsBatch(tx, events),
};

const IP_LOG_COLUMNS = {
  event_id: 'uuid',
  user_id: 'uuid',
  site_id: 'text',
  ip: 'text',
  method: 'text',
  success: 'boolean',
  reason: 'text',
  user_agent: 'text',
  at: 'timestamptz',
  position_commit: 'bigint',
  position_prepare: 'bigint',
} as const satisfies ColumnTypes;

/** A batch's logins and failed logins as one insert, in log order (`seq` numbers them in that order). */
async function applyIpLogsBatch(tx: Transaction<IpLogsTables>, events: readonly RecordedEvent[]): Promise<void> {
  const rows = (events as unknown as readonly (UserEvent & RecordedEvent)[]).flatMap((event) => {
    if (event.type !== 'UserLoggedIn' && event.type !== 'LoginFailed') return [];
    const d = event.data;
    return [
      {
        event_id: event.id,
        user_id: streamId(event.streamName),
        site_id: d.siteId,
        ip: d.ip,
        method: d.method,
        success: event.type === 'UserLoggedIn',
        reason: event.type === 'LoginFailed' ? event.data.reason : null,
        user_agent: d.userAgent,
        at: d.at,
        position_commit: event.position.commit.toString(),
        position_prepare: event.position.prepare.toString(),
      },
    ];
  });
  if (rows.length === 0) return;
  await sql`${insertJsonRows('ip_logs', IP_LOG_COLUMNS, rows)} on conflict (event_id) do nothing`.execute(tx);
}
