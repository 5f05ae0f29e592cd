import type { CouponSearchRow, WagerReport } from '@kupon/api/contract';
import { CouponSearchQuery } from '@contract/match-results';
import { isDealerRole, type Role } from '@kupon/domain';
import { createColumnHelper } from '@tanstack/react-table';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Columns, DataTable, tableCore } from '@/components/data-table';
import { FieldError, Notice } from '@/components/field-error';
import { DateRangeFields } from '@/components/date-range-fields';
import { Pager } from '@/components/pager';
import { useMe } from '@/features/auth/api/session';
import { canWrite } from '@/features/auth/access';
import { type CouponSearch, useCouponSearch, useWagers } from '@/features/coupons/api/coupons';
import { CouponDetail } from '@/features/coupons/components/coupon-detail';
import { isMissingRoute } from '@/lib/api-client';
import { useFailureText } from '@/lib/error-text';
import { formatDateTime, formatMoney } from '@/lib/format';
import { type FieldErrors, validate } from '@/lib/form';

type Wager = WagerReport['rows'][number];
const PAGE = 25;
/** The coupon search's statuses, and `voided`: coupons with voided legs, with who and why (the wagers report). */
const FILTERS = ['all', 'waiting', 'won', 'lost', 'sold', 'cancelled', 'voided'] as const;
type Filter = (typeof FILTERS)[number];
const searchColumn = createColumnHelper<typeof tableCore, CouponSearchRow>();
const wagerColumn = createColumnHelper<typeof tableCore, Wager>();

/** A `<input type="date">` day (local) as the ISO instant it starts at; `nextDay` for an inclusive end. */
function dayStart(day: string, nextDay = false): string | undefined {
  if (!day) return undefined;
  const date = new Date(`${day}T00:00:00`);
  if (Number.isNaN(date.getTime())) return day;
  if (nextDay) date.setDate(date.getDate() + 1);
  return date.toISOString();
}

/** Coupons of my scope by player, status, date range and match (server-paged), voided legs with who and why, a lookup by id, and the detail with cancel / pay. */
export default function CouponsPage() {
  const { t } = useTranslation(['coupons', 'common']);
  const failure = useFailureText();
  const me = useMe().data!;
  const [filter, setFilter] = useState<Filter>('all');
  const [search, setSearch] = useState<CouponSearch>({ offset: 0, limit: PAGE });
  // The wagers report takes whole days (YYYY-MM-DD), inclusive.
  const [days, setDays] = useState<{ from?: string | undefined; to?: string | undefined }>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const [openId, setOpenId] = useState<string | null>(null);
  const reportsView = me.permissions.includes('reportsView');
  const voided = filter === 'voided';
  const found = useCouponSearch(search, !voided);
  const wagers = useWagers({ status: 'voided', ...days, offset: search.offset, limit: PAGE }, voided && reportsView);
  const writer = canWrite(me);
  const canCancel = writer && me.permissions.includes('couponCancel');
  const canPay = writer && (me.role === 'admin' || isDealerRole(me.role as Role));

  const searchColumns = useMemo<Columns<CouponSearchRow>>(
    () => [
      searchColumn.accessor('placedAt', { header: () => t('date'), cell: (cell) => formatDateTime(cell.getValue()) }),
      searchColumn.accessor('couponId', { header: () => t('coupon'), cell: (cell) => cell.getValue().slice(0, 8) }),
      searchColumn.accessor('userName', { header: () => t('player') }),
      searchColumn.accessor('couponType', { header: () => t('type'), cell: ({ row }) => `${t(`types.${row.original.couponType}` as never, { defaultValue: row.original.couponType })}${row.original.isLive ? ` · ${t('live')}` : ''}` }),
      searchColumn.accessor('selections', { header: () => t('selections') }),
      searchColumn.accessor('stake', { header: () => t('stake'), cell: (cell) => formatMoney(cell.getValue()) }),
      searchColumn.accessor('potentialPayout', { header: () => t('maxPay'), cell: (cell) => formatMoney(cell.getValue()) }),
      searchColumn.accessor('payout', { header: () => t('income'), cell: (cell) => <span data-testid="coupon-payout">{formatMoney(cell.getValue())}</span> }),
      searchColumn.accessor('status', { header: () => t('statusLabel'), cell: (cell) => <span data-testid="coupon-status">{t(`status.${cell.getValue()}` as never)}</span> }),
    ],
    [t],
  );
  const wagerColumns = useMemo<Columns<Wager>>(
    () => [
      wagerColumn.accessor('placedAt', { header: () => t('date'), cell: (cell) => formatDateTime(cell.getValue()) }),
      wagerColumn.accessor('couponId', { header: () => t('coupon'), cell: (cell) => cell.getValue().slice(0, 8) }),
      wagerColumn.accessor('userName', { header: () => t('player') }),
      wagerColumn.accessor('stake', { header: () => t('stake'), cell: (cell) => formatMoney(cell.getValue()) }),
      wagerColumn.accessor('payout', { header: () => t('income'), cell: (cell) => formatMoney(cell.getValue()) }),
      wagerColumn.accessor('status', { header: () => t('statusLabel'), cell: (cell) => t(`status.${cell.getValue()}` as never, { defaultValue: cell.getValue() }) }),
      wagerColumn.accessor('reason', { header: () => t('reason'), cell: ({ row }) => [row.original.cancelledByName, row.original.reason].filter(Boolean).join(': ') }),
    ],
    [t],
  );

  const lookup = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const id = String(new FormData(event.currentTarget).get('couponId') ?? '').trim();
    setOpenId(id || null);
  };

  const find = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim() || undefined;
    const next = String(form.get('filter') ?? 'all') as Filter;
    const query = { status: next === 'all' || next === 'voided' ? undefined : next, userName: text('userName'), matchId: text('matchId'), from: dayStart(text('from') ?? ''), to: dayStart(text('to') ?? '', true) };
    // The api's own query schema, so a bad entry is named before any request goes.
    const checked = validate(CouponSearchQuery, query);
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    setFilter(next);
    setDays({ from: text('from'), to: text('to') });
    setSearch({ ...query, offset: 0, limit: PAGE });
  };

  const list = voided ? wagers : found;
  return (
    <section className="card" data-testid="page-coupons">
      <h1>{t('title')}</h1>
      <form className="filters" onSubmit={lookup} role="search">
        <input name="couponId" placeholder={t('lookupPlaceholder')} maxLength={80} />
        <button type="submit" className="button button--primary">
          {t('lookup')}
        </button>
      </form>
      <form className="filters form--grid" onSubmit={find} role="search" noValidate data-testid="coupon-search">
        <label>
          {t('statusLabel')}
          <select name="filter" defaultValue="all">
            {FILTERS.filter((f) => f !== 'voided' || reportsView).map((f) => (
              <option key={f} value={f}>
                {t(`filters.${f}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('player')}
          <input name="userName" maxLength={40} />
          <FieldError errors={errors} name="userName" />
        </label>
        <DateRangeFields errors={errors} />
        <label>
          {t('matchId')}
          <input name="matchId" maxLength={80} />
          <FieldError errors={errors} name="matchId" />
        </label>
        <div className="actions">
          <button type="submit" className="button button--primary">
            {t('common:search')}
          </button>
        </div>
      </form>
      {openId ? <CouponDetail key={openId} couponId={openId} canCancel={canCancel} canPay={canPay} /> : null}
      {list.isError && !isMissingRoute(list.error) ? <Notice kind="error">{failure(list.error)}</Notice> : null}
      {voided ? (
        <DataTable columns={wagerColumns} data={wagers.data?.rows ?? []} rowId={(row) => row.couponId} rowTestId="wager-row" loading={wagers.isFetching} onRowClick={(row) => setOpenId(row.couponId)} />
      ) : (
        <DataTable columns={searchColumns} data={found.data?.coupons ?? []} rowId={(row) => row.couponId} rowTestId="coupon-row" loading={found.isFetching} onRowClick={(row) => setOpenId(row.couponId)} />
      )}
      <Pager
        offset={search.offset}
        limit={PAGE}
        total={(voided ? wagers.data?.total : found.data?.total) ?? 0}
        pageSize={(voided ? wagers.data?.rows.length : found.data?.coupons.length) ?? 0}
        onOffset={(offset) => setSearch({ ...search, offset })}
      />
    </section>
  );
}
