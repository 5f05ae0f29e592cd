import { BONUS_CLAIM_EVENT_TYPES, type BonusClaimEvent, CONTENT_EVENT_TYPES, type ContentEvent, type InboxEvent } from '@kupon/domain';
import type { RecordedEvent } from '@kupon/eventstore';
import { type ColumnType, sql, type Transaction } from 'kysely';
import type { Projection } from '../../runner/projection';

type Json<T> = ColumnType<T, string, string>;

/** What a content item is, by the event naming it: `BannerAdded` → banner. */
export const CONTENT_KINDS = { Banner: 'banner', Page: 'page', Popup: 'popup', Language: 'language', MailTemplate: 'mailTemplate', BonusOffer: 'bonus' } as const;
export type ContentKind = (typeof CONTENT_KINDS)[keyof typeof CONTENT_KINDS];

/**
 * The sites' content as the player site and the back office read it (streams `content-…`,
 * `bonusclaim-…`, `inbox-…`): one row per item of every kind (its whole item as JSON, with the
 * columns lists sort and filter by), the notifications, what each player has read, and the bonus
 * requests with their state.
 */
export interface ContentTables {
  content_items: {
    site_id: string;
    kind: string;
    item_id: string;
    item: Json<Record<string, unknown>>;
    /** Banners and languages: their order; others 0. */
    sort_order: number;
    /** Banners, popups, bonuses: active; pages: published; languages: status; templates: true. */
    active: boolean;
    updated_at: ColumnType<Date, string, string>;
  };
  content_notifications: {
    notification_id: string;
    site_id: string;
    /** null: every player of the site. */
    user_id: string | null;
    title: string;
    body: string;
    by_user_id: string;
    withdrawn: boolean;
    sent_at: ColumnType<Date, string, never>;
  };
  content_notification_reads: { user_id: string; notification_id: string; read_at: ColumnType<Date, string, never> };
  content_bonus_requests: {
    claim_id: string;
    request_no: number;
    site_id: string;
    bonus_id: string;
    user_id: string;
    user_name: string;
    /** waiting | confirmed | canceled */
    status: string;
    amount: ColumnType<string | null, string | null, string | null>;
    reason: string | null;
    decided_by: string | null;
    requested_at: ColumnType<Date, string, never>;
    decided_at: ColumnType<Date | null, string | null, string | null>;
  };
}

export const content: Projection<ContentTables> = {
  name: 'content',
  version: 1,
  handles: [...CONTENT_EVENT_TYPES, ...BONUS_CLAIM_EVENT_TYPES, 'NotificationsRead'],
  tables: ['content_items', 'content_notifications', 'content_notification_reads', 'content_bonus_requests'],

  async createTables(tx) {
    await tx.schema
      .createTable('content_items')
      .addColumn('site_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('item_id', 'text', (c) => c.notNull())
      .addColumn('item', 'jsonb', (c) => c.notNull())
      .addColumn('sort_order', 'integer', (c) => c.notNull())
      .addColumn('active', 'boolean', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .addPrimaryKeyConstraint('content_items_pk', ['site_id', 'kind', 'item_id'])
      .execute();
    await tx.schema
      .createTable('content_notifications')
      .addColumn('notification_id', 'text', (c) => c.primaryKey())
      .addColumn('site_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text')
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('by_user_id', 'text', (c) => c.notNull())
      .addColumn('withdrawn', 'boolean', (c) => c.notNull())
      .addColumn('sent_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await tx.schema.createIndex('content_notifications_site_at').on('content_notifications').columns(['site_id', 'sent_at']).execute();
    await tx.schema
      .createTable('content_notification_reads')
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('notification_id', 'text', (c) => c.notNull())
      .addColumn('read_at', 'timestamptz', (c) => c.notNull())
      .addPrimaryKeyConstraint('content_notification_reads_pk', ['user_id', 'notification_id'])
      .execute();
    await tx.schema
      .createTable('content_bonus_requests')
      .addColumn('claim_id', 'text', (c) => c.notNull())
      .addColumn('request_no', 'integer', (c) => c.notNull())
      .addColumn('site_id', 'text', (c) => c.notNull())
      .addColumn('bonus_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('user_name', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('amount', 'bigint')
      .addColumn('reason', 'text')
      .addColumn('decided_by', 'text')
      .addColumn('requested_at', 'timestamptz', (c) => c.notNull())
      .addColumn('decided_at', 'timestamptz')
      .addPrimaryKeyConstraint('content_bonus_requests_pk', ['claim_id', 'request_no'])
      .execute();
    await tx.schema.createIndex('content_bonus_requests_site').on('content_bonus_requests').columns(['site_id', 'status', 'requested_at']).execute();
    await tx.schema.createIndex('content_bonus_requests_user').on('content_bonus_requests').columns(['user_id', 'bonus_id']).execute();
  },

  async apply(tx: Transaction<ContentTables>, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as unknown as ContentEvent | BonusClaimEvent | InboxEvent;
    switch (event.type) {
      case 'NotificationSent': {
        const { notificationId, siteId, userId, title, body, byUserId, at } = event.data;
        await tx
          .insertInto('content_notifications')
          .values({ notification_id: notificationId, site_id: siteId, user_id: userId, title, body, by_user_id: byUserId, withdrawn: false, sent_at: at })
          .onConflict((oc) => oc.column('notification_id').doNothing())
          .execute();
        return;
      }
      case 'NotificationWithdrawn':
        await tx.updateTable('content_notifications').set({ withdrawn: true }).where('notification_id', '=', event.data.notificationId).execute();
        return;
      case 'NotificationsRead':
        await tx
          .insertInto('content_notification_reads')
          .values(event.data.notificationIds.map((id) => ({ user_id: event.data.userId, notification_id: id, read_at: event.data.at })))
          .onConflict((oc) => oc.columns(['user_id', 'notification_id']).doNothing())
          .execute();
        return;
      case 'BonusRequested': {
        const d = event.data;
        await tx
          .insertInto('content_bonus_requests')
          .values({
            claim_id: d.claimId,
            request_no: d.requestNo,
            site_id: d.siteId,
            bonus_id: d.bonusId,
            user_id: d.userId,
            user_name: d.userName,
            status: 'waiting',
            amount: null,
            reason: null,
            decided_by: null,
            requested_at: d.at,
            decided_at: null,
          })
          .onConflict((oc) => oc.columns(['claim_id', 'request_no']).doNothing())
          .execute();
        return;
      }
      case 'BonusRequestConfirmed':
      case 'BonusRequestCanceled': {
        const d = event.data;
        const decided = event.type === 'BonusRequestConfirmed' ? { status: 'confirmed', amount: String(event.data.amount), reason: null } : { status: 'canceled', amount: null, reason: event.data.reason };
        await tx
          .updateTable('content_bonus_requests')
          .set({ ...decided, decided_by: d.byUserId, decided_at: d.at })
          .where('claim_id', '=', d.claimId)
          .where('request_no', '=', d.requestNo)
          .execute();
        return;
      }
      default: {
        const kind = itemKindOf(event.type);
        if (!kind) return;
        const data = event.data as { siteId: string; at: string; id?: string; item?: Record<string, unknown> & { id: string } };
        if (event.type.endsWith('Removed')) {
          await tx.deleteFrom('content_items').where('site_id', '=', data.siteId).where('kind', '=', kind).where('item_id', '=', data.id!).execute();
          return;
        }
        const item = data.item!;
        await tx
          .insertInto('content_items')
          .values({ site_id: data.siteId, kind, item_id: item.id, item: JSON.stringify(item), sort_order: sortOrderOf(item), active: activeOf(kind, item), updated_at: data.at })
          .onConflict((oc) =>
            oc.columns(['site_id', 'kind', 'item_id']).doUpdateSet({ item: sql`excluded.item`, sort_order: sql`excluded.sort_order`, active: sql`excluded.active`, updated_at: sql`excluded.updated_at` }),
          )
          .execute();
      }
    }
  },
};

function itemKindOf(type: string): ContentKind | null {
  const name = type.replace(/(Added|Changed|Removed)$/, '') as keyof typeof CONTENT_KINDS;
  return CONTENT_KINDS[name] ?? null;
}

function sortOrderOf(item: Record<string, unknown>): number {
  return typeof item.order === 'number' ? item.order : 0;
}

function activeOf(kind: ContentKind, item: Record<string, unknown>): boolean {
  switch (kind) {
    case 'page':
      return item.published === true;
    case 'language':
      return item.status === true;
    case 'mailTemplate':
      return true;
    default:
      return item.active === true;
  }
}
