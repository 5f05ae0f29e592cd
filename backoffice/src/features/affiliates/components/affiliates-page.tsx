import type { AffiliateListRow } from '@kupon/api/contract';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { type Columns, DataTable, tableCore } from '@/components/data-table';
import { Notice } from '@/components/field-error';
import { Pager } from '@/components/pager';
import { useMe } from '@/features/auth/api/session';
import { useFailureText } from '@/lib/error-text';
import { formatDateTime, formatMoney } from '@/lib/format';
import { mayChangeAffiliates } from '../access';
import { useAffiliates } from '../api/affiliates';
import { dayText, RangeForm } from './range-form';
import { StatusDialog, type StatusTarget } from './status-dialog';

const PAGE = 25;
const column = createColumnHelper<typeof tableCore, AffiliateListRow>();

/**
 * The site's affiliates (api/AFFILIATE.md), newest first and paged by the server: code, status, when
 * they joined, how many players they referred and those players' stakes and GGR over the days chosen.
 * A row opens the affiliate; admin and operator pause or resume one, the regulator only reads.
 */
export default function AffiliatesPage() {
  const { t } = useTranslation(['affiliates', 'common']);
  const failure = useFailureText();
  const navigate = useNavigate();
  const me = useMe();
  const editable = mayChangeAffiliates(me.data);
  const [params, setParams] = useSearchParams();
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const offset = Number(params.get('offset') ?? 0) || 0;
  const [changing, setChanging] = useState<StatusTarget | null>(null);
  const list = useAffiliates({ from, to, offset, limit: PAGE });
  const set = (next: Record<string, string>) => setParams({ from, to, offset: String(offset), ...next }, { replace: true });

  const columns = useMemo<Columns<AffiliateListRow>>(
    () => [
      column.accessor('userName', { header: () => t('userName') }),
      column.accessor('referralCode', { header: () => t('code'), cell: (cell) => <code>{cell.getValue()}</code> }),
      column.accessor('status', { header: () => t('status'), cell: (cell) => <span className={`status status--${cell.getValue()}`}>{t(`statuses.${cell.getValue() as AffiliateListRow['status']}`)}</span> }),
      column.accessor('registeredAt', { header: () => t('joinedAt'), cell: (cell) => formatDateTime(cell.getValue()) }),
      column.accessor('referredCount', { header: () => t('referredCount') }),
      column.accessor('stakes', { header: () => t('stakes'), cell: (cell) => formatMoney(cell.getValue()) }),
      column.accessor('ggr', { header: () => t('ggr'), cell: (cell) => formatMoney(cell.getValue()) }),
      ...(editable
        ? [
            column.display({
              id: 'actions',
              header: () => t('actions'),
              cell: ({ row }) => (
                <button
                  type="button"
                  className="button"
                  data-testid="affiliate-toggle"
                  onClick={(event) => {
                    event.stopPropagation();
                    setChanging(row.original);
                  }}
                >
                  {t(row.original.status === 'active' ? 'pause' : 'resume')}
                </button>
              ),
            }),
          ]
        : []),
    ],
    [t, editable],
  );

  return (
    <section className="card" data-testid="page-affiliates">
      <h1>{t('title')}</h1>
      <p className="muted">{t('intro')}</p>
      <RangeForm from={from} to={to} onRange={(range) => set({ ...range, offset: '0' })} />
      {list.data ? (
        <p className="muted" data-testid="affiliate-range-shown">
          {t('rangeShown', { from: dayText(list.data.from), to: dayText(list.data.to) })}
        </p>
      ) : null}
      {list.isError ? <Notice kind="error">{failure(list.error)}</Notice> : null}
      <DataTable
        columns={columns}
        data={list.data?.affiliates ?? []}
        rowId={(affiliate) => affiliate.userId}
        testId="affiliate-list"
        rowTestId="affiliate-row"
        loading={list.isFetching}
        onRowClick={(affiliate) => navigate({ pathname: `/affiliates/${affiliate.userId}`, search: from || to ? `?${new URLSearchParams({ from, to }).toString()}` : '' })}
      />
      <Pager offset={offset} limit={PAGE} total={list.data?.total ?? 0} pageSize={list.data?.affiliates.length ?? 0} onOffset={(next) => set({ offset: String(next) })} />
      {changing ? <StatusDialog affiliate={changing} onClose={() => setChanging(null)} /> : null}
    </section>
  );
}
