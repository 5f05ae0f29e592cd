import type { UserEvent } from '@kupon/domain';
import type { RecordedEvent } from '@kupon/eventstore';
import { type ColumnType, sql, type Transaction } from 'kysely';
import type { Projection } from '../../runner/projection';
import { streamId } from './users';

/** The dealer tree: every account under a dealer or staff member, with its depth and its opening counts. */
export interface DealerTreeTables {
  dealer_tree: {
    user_id: string;
    site_id: string;
    parent_id: string | null;
    ancestors: string[];
    depth: number;
    role: string;
    user_name: string;
    status: string;
    dealers_opened: number;
    users_opened: number;
    dealer_limit: number | null;
    user_limit: number | null;
    revision: ColumnType<string, string, string>;
  };
}

export const dealerTree: Projection<DealerTreeTables> = {
  name: 'identity-dealer-tree',
  version: 1,
  handles: ['UserRegistered', 'UserActivated', 'UserStatusChanged', 'SubAccountOpened', 'OpeningLimitsChanged'],
  tables: ['dealer_tree'],

  async createTables(tx) {
    await tx.schema
      .createTable('dealer_tree')
      .addColumn('user_id', 'uuid', (c) => c.primaryKey())
      .addColumn('site_id', 'text', (c) => c.notNull())
      .addColumn('parent_id', 'uuid')
      .addColumn('ancestors', sql`text[]`, (c) => c.notNull())
      .addColumn('depth', 'integer', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('user_name', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('dealers_opened', 'integer', (c) => c.notNull())
      .addColumn('users_opened', 'integer', (c) => c.notNull())
      .addColumn('dealer_limit', 'integer')
      .addColumn('user_limit', 'integer')
      .addColumn('revision', 'bigint', (c) => c.notNull())
      .execute();
    await tx.schema.createIndex('dealer_tree_parent').on('dealer_tree').columns(['site_id', 'parent_id']).execute();
  },

  async apply(tx: Transaction<DealerTreeTables>, recorded: RecordedEvent) {
    const event = recorded as unknown as UserEvent;
    const revision = recorded.streamRevision.toString();
    if (event.type === 'UserRegistered') {
      const d = event.data;
      await tx
        .insertInto('dealer_tree')
        .values({
          user_id: d.userId,
          site_id: d.siteId,
          parent_id: d.parentId,
          ancestors: [...d.ancestors],
          depth: d.ancestors.length,
          role: d.role,
          user_name: d.userName,
          status: d.status,
          dealers_opened: 0,
          users_opened: 0,
          dealer_limit: d.openingLimits.dealers,
          user_limit: d.openingLimits.users,
          revision,
        })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
      return;
    }
    const userId = streamId(recorded.streamName);
    const guarded = tx.updateTable('dealer_tree').where('user_id', '=', userId).where('revision', '<', revision);
    switch (event.type) {
      case 'UserActivated':
        await guarded.set({ status: 'active', revision }).execute();
        return;
      case 'UserStatusChanged':
        await guarded.set({ status: event.data.status, revision }).execute();
        return;
      case 'SubAccountOpened': {
        const dealer = ['topDealer', 'dealer', 'subDealer'].includes(event.data.childRole);
        await guarded
          .set((eb) => (dealer ? { dealers_opened: eb('dealers_opened', '+', 1), revision } : { users_opened: eb('users_opened', '+', 1), revision }))
          .execute();
        return;
      }
      case 'OpeningLimitsChanged':
        await guarded.set({ dealer_limit: event.data.openingLimits.dealers, user_limit: event.data.openingLimits.users, revision }).execute();
        return;
      default:
        return;
    }
  },
};
