import type { UserEvent } from '@kupon/domain';
import type { RecordedEvent } from '@kupon/eventstore';
import type { ColumnType, Transaction } from 'kysely';
import type { Projection } from '../../runner/projection';
import { streamId } from './users';

/**
 * Session history for the back office: when each session began, how, from where, and when and why it
 * ended (logout, logout everywhere / staff, a permission or password change). The api's live session
 * check does not read this (it must not lag): it uses the auth_sessions store and the user's stream.
 */
export interface LoginSessionsTables {
  login_sessions: {
    session_ref: string;
    user_id: string;
    site_id: string;
    method: string;
    ip: string;
    started_at: ColumnType<Date, string, string>;
    ended_at: ColumnType<Date | null, string | null, string | null>;
    end_reason: string | null;
  };
}

const ENDS_ALL: Readonly<Record<string, string>> = {
  SessionsEnded: 'sessionsEnded',
  PermissionsChanged: 'permissionsChanged',
  PasswordChanged: 'passwordChanged',
  PasswordReset: 'passwordReset',
  UserStatusChanged: 'userPassive',
};

export const loginSessions: Projection<LoginSessionsTables> = {
  name: 'identity-login-sessions',
  version: 1,
  handles: ['UserLoggedIn', 'UserLoggedOut', ...Object.keys(ENDS_ALL)],
  tables: ['login_sessions'],

  async createTables(tx) {
    await tx.schema
      .createTable('login_sessions')
      .addColumn('session_ref', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'uuid', (c) => c.notNull())
      .addColumn('site_id', 'text', (c) => c.notNull())
      .addColumn('method', 'text', (c) => c.notNull())
      .addColumn('ip', 'text', (c) => c.notNull())
      .addColumn('started_at', 'timestamptz', (c) => c.notNull())
      .addColumn('ended_at', 'timestamptz')
      .addColumn('end_reason', 'text')
      .execute();
    await tx.schema.createIndex('login_sessions_user').on('login_sessions').columns(['user_id', 'started_at']).execute();
  },

  async apply(tx: Transaction<LoginSessionsTables>, recorded: RecordedEvent) {
    const event = recorded as unknown as UserEvent;
    const userId = streamId(recorded.streamName);
    switch (event.type) {
      case 'UserLoggedIn':
        await tx
          .insertInto('login_sessions')
          .values({ session_ref: event.data.sessionRef, user_id: userId, site_id: event.data.siteId, method: event.data.method, ip: event.data.ip, started_at: event.data.at, ended_at: null, end_reason: null })
          .onConflict((oc) => oc.column('session_ref').doNothing())
          .execute();
        return;
      case 'UserLoggedOut':
        await tx.updateTable('login_sessions').set({ ended_at: event.data.at, end_reason: 'logout' }).where('session_ref', '=', event.data.sessionRef).where('ended_at', 'is', null).execute();
        return;
      case 'UserStatusChanged':
        if (event.data.status !== 'passive') return;
        break;
      default:
        if (!(event.type in ENDS_ALL)) return;
    }
    // Every session still open began earlier in this user's stream (the log is applied in order), so all end here.
    const at = (event.data as { at: string }).at;
    await tx.updateTable('login_sessions').set({ ended_at: at, end_reason: ENDS_ALL[event.type] ?? 'ended' }).where('user_id', '=', userId).where('ended_at', 'is', null).execute();
  },
};
