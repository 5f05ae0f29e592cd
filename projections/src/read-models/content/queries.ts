import { type Kysely, sql } from 'kysely';
import { COUNT, type Page, TOTAL, totalOf } from '../paging';
import type { ContentKind, ContentTables } from './content';

export type { Page };

export interface NotificationRow {
  readonly notificationId: string;
  readonly userId: string | null;
  readonly title: string;
  readonly body: string;
  readonly byUserId: string;
  readonly withdrawn: boolean;
  readonly sentAt: string;
}

export interface BonusRequestRow {
  readonly claimId: string;
  readonly requestNo: number;
  readonly bonusId: string;
  readonly userId: string;
  readonly userName: string;
  readonly status: 'waiting' | 'confirmed' | 'canceled';
  readonly amount: number | null;
  readonly reason: string | null;
  readonly decidedBy: string | null;
  readonly requestedAt: string;
  readonly decidedAt: string | null;
}

const parse = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));
const iso = (value: Date | string) => new Date(value).toISOString();

/** Reads of the content read model; every one names its site, so one brand never sees another's. */
export class ContentQueries {
  constructor(private readonly db: Kysely<ContentTables>) {}

  /** A page of one kind's items (staff lists), by order then id. */
  async items<T>(siteId: string, kind: ContentKind, paging: { offset: number; limit: number }): Promise<Page<T>> {
    const base = this.db.selectFrom('content_items').where('site_id', '=', siteId).where('kind', '=', kind);
    const rows = await base.select(['item', TOTAL]).orderBy('sort_order').orderBy('item_id').offset(paging.offset).limit(paging.limit).execute();
    return { rows: rows.map((row) => parse<T>(row.item)), total: await totalOf(rows, paging.offset, () => base.select(COUNT).executeTakeFirstOrThrow()) };
  }

  /** Every active item of a kind (what players may be shown; the caller applies date windows and languages). */
  async activeItems<T>(siteId: string, kind: ContentKind): Promise<T[]> {
    const rows = await this.db.selectFrom('content_items').select('item').where('site_id', '=', siteId).where('kind', '=', kind).where('active', '=', true).orderBy('sort_order').orderBy('item_id').execute();
    return rows.map((row) => parse<T>(row.item));
  }

  async item<T>(siteId: string, kind: ContentKind, id: string): Promise<T | null> {
    const row = await this.db.selectFrom('content_items').select('item').where('site_id', '=', siteId).where('kind', '=', kind).where('item_id', '=', id).executeTakeFirst();
    return row ? parse<T>(row.item) : null;
  }

  /** Staff: the site's notifications, newest first, with how many players have read each. */
  async notifications(siteId: string, paging: { offset: number; limit: number }): Promise<Page<NotificationRow & { readCount: number }>> {
    const base = this.db.selectFrom('content_notifications as n').where('n.site_id', '=', siteId);
    const rows = await base
      .selectAll('n')
      .select((eb) => eb.selectFrom('content_notification_reads as r').whereRef('r.notification_id', '=', 'n.notification_id').select((r) => r.fn.countAll<string>().as('c')).as('read_count'))
      .select(TOTAL)
      .orderBy('n.sent_at', 'desc')
      .orderBy('n.notification_id')
      .offset(paging.offset)
      .limit(paging.limit)
      .execute();
    return { rows: rows.map((row) => ({ ...notificationRow(row), readCount: Number(row.read_count ?? 0) })), total: await totalOf(rows, paging.offset, () => base.select(COUNT).executeTakeFirstOrThrow()) };
  }

  /** A player's notifications (to every player of the site or to them), newest first, each with whether they read it, and how many they have not. */
  async inbox(siteId: string, userId: string, limit: number): Promise<{ rows: (NotificationRow & { read: boolean })[]; unread: number }> {
    const mine = this.db
      .selectFrom('content_notifications as n')
      .leftJoin('content_notification_reads as r', (join) => join.onRef('r.notification_id', '=', 'n.notification_id').on('r.user_id', '=', userId))
      .where('n.site_id', '=', siteId)
      .where('n.withdrawn', '=', false)
      .where((eb) => eb.or([eb('n.user_id', 'is', null), eb('n.user_id', '=', userId)]));
    // The unread count is a window over every row the page is cut from: one statement, one snapshot.
    const rows = await mine
      .selectAll('n')
      .select([sql<boolean>`r.user_id is not null`.as('read'), sql<string>`count(*) filter (where r.user_id is null) over ()`.as('unread')])
      .orderBy('n.sent_at', 'desc')
      .orderBy('n.notification_id')
      .limit(Math.max(1, limit))
      .execute();
    return { rows: rows.slice(0, limit).map((row) => ({ ...notificationRow(row), read: row.read })), unread: Number(rows[0]?.unread ?? 0) };
  }

  /** Of `ids`, those the player may see (their site's, to all or to them, not withdrawn). */
  async visibleNotificationIds(siteId: string, userId: string, ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('content_notifications')
      .select('notification_id')
      .where('site_id', '=', siteId)
      .where('withdrawn', '=', false)
      .where('notification_id', 'in', ids)
      .where((eb) => eb.or([eb('user_id', 'is', null), eb('user_id', '=', userId)]))
      .execute();
    return rows.map((row) => row.notification_id);
  }

  /** Staff: the site's bonus requests, newest first, of one status or all. */
  async bonusRequests(siteId: string, filter: { status?: string | undefined; bonusId?: string | undefined; offset: number; limit: number }): Promise<Page<BonusRequestRow>> {
    let base = this.db.selectFrom('content_bonus_requests').where('site_id', '=', siteId);
    if (filter.status) base = base.where('status', '=', filter.status);
    if (filter.bonusId) base = base.where('bonus_id', '=', filter.bonusId);
    const rows = await base.selectAll().select(TOTAL).orderBy('requested_at', 'desc').orderBy('claim_id').orderBy('request_no', 'desc').offset(filter.offset).limit(filter.limit).execute();
    return { rows: rows.map(bonusRequestRow), total: await totalOf(rows, filter.offset, () => base.select(COUNT).executeTakeFirstOrThrow()) };
  }

  /** A player's latest request of each bonus, by bonus id. */
  async myBonusRequests(siteId: string, userId: string): Promise<Map<string, BonusRequestRow>> {
    const rows = await this.db.selectFrom('content_bonus_requests').selectAll().where('site_id', '=', siteId).where('user_id', '=', userId).orderBy('request_no').execute();
    return new Map(rows.map((row) => [row.bonus_id, bonusRequestRow(row)]));
  }
}

function notificationRow(row: { notification_id: string; user_id: string | null; title: string; body: string; by_user_id: string; withdrawn: boolean; sent_at: Date }): NotificationRow {
  return { notificationId: row.notification_id, userId: row.user_id, title: row.title, body: row.body, byUserId: row.by_user_id, withdrawn: row.withdrawn, sentAt: iso(row.sent_at) };
}

function bonusRequestRow(row: {
  claim_id: string;
  request_no: number;
  bonus_id: string;
  user_id: string;
  user_name: string;
  status: string;
  amount: string | null;
  reason: string | null;
  decided_by: string | null;
  requested_at: Date;
  decided_at: Date | null;
}): BonusRequestRow {
  return {
    claimId: row.claim_id,
    requestNo: row.request_no,
    bonusId: row.bonus_id,
    userId: row.user_id,
    userName: row.user_name,
    status: row.status as BonusRequestRow['status'],
    amount: row.amount === null ? null : Number(row.amount),
    reason: row.reason,
    decidedBy: row.decided_by,
    requestedAt: iso(row.requested_at),
    decidedAt: row.decided_at === null ? null : iso(row.decided_at),
  };
}
