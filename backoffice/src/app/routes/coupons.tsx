import type { WagerReport } from '@kupon/api/contract';
import { isDealerRole, type Role } from '@kupon/domain';
import { createColumnHelper } from '@tanstack/react-table';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Columns, DataTable, tableCore } from '@/components/data-table';
import { Notice } from '@/components/field-error';
import { Pager } from '@/components/pager';
import { useMe } from '@/features/auth/api/session';
import { canWrite } from '@/features/auth/access';
import { useWagers, type WagerSearch } from '@/features/coupons/api/coupons';
import { CouponDetail } from '@/features/coupons/components/coupon-detail';
import { isMissingRoute } from '@/lib/api-client';
import { useFailureText } from '@/lib/error-text';
import { formatDateTime, formatMoney } from '@/lib/format';

type Wager = WagerReport['rows'][number];
const PAGE = 25;
const column = createColumnHelper<typeof tableCore, Wager>();

/** Coupons of my scope (voided and cancelled too, with who and why), a lookup by id, and the detail with cancel / pay. */
export default function CouponsPage() {
  const { t } = useTranslation(['coupons', 'common']);
  const failure = useFailureText();
  const me = useMe().data!;
  const [search, setSearch] = useState<WagerSearch>({ status: 'all', offset: 0, limit: PAGE });
  const [openId, setOpenId] = useState<string | null>(null);
  const listed = me.permissions.includes('reportsView');
  const wagers = useWagers(search, listed);
  const writer = canWrite(me);
  const canCancel = writer && me.permissions.includes('couponCancel');
  const canPay = writer && (me.role === 'admin' || isDealerRole(me.role as Role));

  const columns = useMemo<Columns<Wager>>(
    () => [
      column.accessor('placedAt', { header: () => t('date'), cell: (cell) => formatDateTime(cell.getValue()) }),
      column.accessor('couponId', { header: () => t('coupon'), cell: (cell) => cell.getValue().slice(0, 8) }),
      column.accessor('userName', { header: () => t('player') }),
      column.accessor('product', { header: () => t('product') }),
      column.accessor('stake', { header: () => t('stake'), cell: (cell) => formatMoney(cell.getValue()) }),
      column.accessor('payout', { header: () => t('income'), cell: (cell) => formatMoney(cell.getValue()) }),
      column.accessor('status', { header: () => t('statusLabel'), cell: (cell) => t(`status.${cell.getValue()}` as never, { defaultValue: cell.getValue() }) }),
      column.accessor('reason', { header: () => t('reason'), cell: ({ row }) => [row.original.cancelledByName, row.original.reason].filter(Boolean).join(': ') }),
    ],
    [t],
  );

  const lookup = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const id = String(new FormData(event.currentTarget).get('couponId') ?? '').trim();
    setOpenId(id || null);
  };

  return (
    <section className="card" data-testid="page-coupons">
      <h1>{t('title')}</h1>
      <form className="filters" onSubmit={lookup} role="search">
        <input name="couponId" placeholder={t('lookupPlaceholder')} maxLength={80} />
        <button type="submit" className="button button--primary">
          {t('lookup')}
        </button>
        {listed ? (
          <select aria-label={t('statusLabel')} value={search.status} onChange={(event) => setSearch({ ...search, status: event.target.value as WagerSearch['status'], offset: 0 })}>
            {(['all', 'cancelled', 'voided'] as const).map((s) => (
              <option key={s} value={s}>
                {t(`filters.${s}`)}
              </option>
            ))}
          </select>
        ) : null}
      </form>
      {openId ? <CouponDetail key={openId} couponId={openId} canCancel={canCancel} canPay={canPay} /> : null}
      {listed && wagers.isError && !isMissingRoute(wagers.error) ? <Notice kind="error">{failure(wagers.error)}</Notice> : null}
      {listed && !(wagers.isError && isMissingRoute(wagers.error)) ? (
        <>
          <DataTable columns={columns} data={wagers.data?.rows ?? []} rowId={(row) => row.couponId} rowTestId="wager-row" loading={wagers.isFetching} onRowClick={(row) => setOpenId(row.couponId)} />
          <Pager offset={search.offset} limit={PAGE} total={wagers.data?.total ?? 0} pageSize={wagers.data?.rows.length ?? 0} onOffset={(offset) => setSearch({ ...search, offset })} />
        </>
      ) : null}
    </section>
  );
}
