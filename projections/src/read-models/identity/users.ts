import type { UserEvent } from '@kupon/domain';
import type { RecordedEvent } from '@kupon/eventstore';
import { type ColumnType, sql, type Transaction } from 'kysely';
import type { Projection } from '../../runner/projection';

/** The back office's user list: the admin-view fields of spec §3, one row per account. */
export interface UsersTables {
  users: {
    user_id: string;
    site_id: string;
    role: string;
    user_name: string;
    status: string;
    first_name: string;
    last_name: string;
    birth_date: string;
    sex: string;
    id_number: string | null;
    email: string | null;
    mobile: string | null;
    country_id: string;
    city: string;
    address: string;
    post_code: string;
    parent_id: string | null;
    /** Every dealer above it, top first: a dealer's subtree is `$dealer = any(ancestors)`. */
    ancestors: string[];
    registered_at: ColumnType<Date, string, string>;
    last_login_at: ColumnType<Date | null, string | null, string | null>;
    last_login_ip: string | null;
    /** The stream revision applied last: a redelivered event changes nothing. */
    revision: ColumnType<string, string, string>;
  };
}

export const identityUsers: Projection<UsersTables> = {
  name: 'identity-users',
  version: 1,
  handles: ['UserRegistered', 'UserActivated', 'UserStatusChanged', 'ProfileUpdated', 'UserLoggedIn'],
  tables: ['users'],

  async createTables(tx) {
    await tx.schema
      .createTable('users')
      .addColumn('user_id', 'uuid', (c) => c.primaryKey())
      .addColumn('site_id', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('user_name', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('first_name', 'text', (c) => c.notNull())
      .addColumn('last_name', 'text', (c) => c.notNull())
      .addColumn('birth_date', 'text', (c) => c.notNull())
      .addColumn('sex', 'text', (c) => c.notNull())
      .addColumn('id_number', 'text')
      .addColumn('email', 'text')
      .addColumn('mobile', 'text')
      .addColumn('country_id', 'text', (c) => c.notNull())
      .addColumn('city', 'text', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('post_code', 'text', (c) => c.notNull())
      .addColumn('parent_id', 'uuid')
      .addColumn('ancestors', sql`text[]`, (c) => c.notNull())
      .addColumn('registered_at', 'timestamptz', (c) => c.notNull())
      .addColumn('last_login_at', 'timestamptz')
      .addColumn('last_login_ip', 'text')
      .addColumn('revision', 'bigint', (c) => c.notNull())
      .execute();
    await tx.schema.createIndex('users_site_role').on('users').columns(['site_id', 'role', 'user_name']).execute();
    await tx.schema.createIndex('users_parent').on('users').column('parent_id').execute();
  },

  async apply(tx: Transaction<UsersTables>, recorded: RecordedEvent) {
    const event = recorded as unknown as UserEvent & { streamRevision: bigint };
    const revision = recorded.streamRevision.toString();
    if (event.type === 'UserRegistered') {
      const d = event.data;
      await tx
        .insertInto('users')
        .values({
          user_id: d.userId,
          site_id: d.siteId,
          role: d.role,
          user_name: d.userName,
          status: d.status,
          first_name: d.profile.firstName,
          last_name: d.profile.lastName,
          birth_date: d.profile.birthDate,
          sex: d.profile.sex,
          id_number: d.idNumber,
          email: d.email,
          mobile: d.mobile,
          country_id: d.profile.countryId,
          city: d.profile.city,
          address: d.profile.address,
          post_code: d.profile.postCode,
          parent_id: d.parentId,
          ancestors: [...d.ancestors],
          registered_at: d.at,
          last_login_at: null,
          last_login_ip: null,
          revision,
        })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
      return;
    }
    const update = (() => {
      switch (event.type) {
        case 'UserActivated':
          return { status: 'active' };
        case 'UserStatusChanged':
          return { status: event.data.status };
        case 'ProfileUpdated': {
          const c = event.data.changes;
          return {
            ...(c.firstName !== undefined ? { first_name: c.firstName } : {}),
            ...(c.lastName !== undefined ? { last_name: c.lastName } : {}),
            ...(c.sex !== undefined ? { sex: c.sex } : {}),
            ...(c.address !== undefined ? { address: c.address } : {}),
            ...(c.city !== undefined ? { city: c.city } : {}),
            ...(c.postCode !== undefined ? { post_code: c.postCode } : {}),
            ...(c.countryId !== undefined ? { country_id: c.countryId } : {}),
          };
        }
        case 'UserLoggedIn':
          return { last_login_at: event.data.at, last_login_ip: event.data.ip };
        default:
          return null;
      }
    })();
    if (!update) return;
    await tx
      .updateTable('users')
      .set({ ...update, revision })
      .where('user_id', '=', streamId(recorded.streamName))
      .where('revision', '<', revision)
      .execute();
  },
};

/** `user-<uuid>` → the uuid. */
export function streamId(streamName: string): string {
  return streamName.slice(streamName.indexOf('-') + 1);
}
