import type { StaffReferredUser } from '@kupon/api/contract';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { type Columns, DataTable, tableCore } from '@/components/data-table';
import { Notice } from '@/components/field-error';
import { Pager } from '@/components/pager';
import { useMe } from '@/features/auth/api/session';
import { useFailureText } from '@/lib/error-text';
import { formatDateTime, formatMoney } from '@/lib/format';
import { mayChangeAffiliates } from '../access';
import { useAffiliateDetail } from '../api/affiliates';
import { dayText, RangeForm } from './range-form';
import { StatusDialog } from './status-dialog';

const PAGE = 25;
const column = createColumnHelper<typeof tableCore, StaffReferredUser>();

/** One affiliate of the site: its code, status and figures over the days chosen, and the players it referred (paged by the server). */
export default function AffiliateDetailPage() {
  const { t } = useTranslation(['affiliates', 'common']);
  const failure = useFailureText();
  const { userId = '' } = useParams();
  const me = useMe();
  const editable = mayChangeAffiliates(me.data);
  const [params, setParams] = useSearchParams();
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const offset = Number(params.get('offset') ?? 0) || 0;
  const [changing, setChanging] = useState(false);
  const detail = useAffiliateDetail(userId, { from, to, offset, limit: PAGE });
  const set = (next: Record<string, string>) => setParams({ from, to, offset: String(offset), ...next }, { replace: true });
  const affiliate = detail.data?.affiliate;

  const columns = useMemo<Columns<StaffReferredUser>>(
    () => [
      column.accessor('userName', { header: () => t('userName'), cell: (cell) => <Link to={`/users/${cell.row.original.userId}`}>{cell.getValue()}</Link> }),
      column.accessor('status', { header: () => t('status'), cell: (cell) => <span className={`status status--${cell.getValue()}`}>{t(`playerStatuses.${cell.getValue()}` as never, { defaultValue: cell.getValue() })}</span> }),
      column.accessor('registeredAt', { header: () => t('registeredAt'), cell: (cell) => formatDateTime(cell.getValue()) }),
      column.accessor('stakes', { header: () => t('stakes'), cell: (cell) => formatMoney(cell.getValue()) }),
      column.accessor('ggr', { header: () => t('ggr'), cell: (cell) => formatMoney(cell.getValue()) }),
    ],
    [t],
  );

  return (
    <section className="card" data-testid="page-affiliate">
      <p>
        <Link to="/affiliates">{t('backToList')}</Link>
      </p>
      <h1>{affiliate ? t('detailTitle', { userName: affiliate.userName }) : t('title')}</h1>
      {detail.isError ? <Notice kind="error">{failure(detail.error)}</Notice> : null}
      {affiliate ? (
        <div className="panel" data-testid="affiliate-summary">
          <dl className="fields">
            <dt>{t('code')}</dt>
            <dd data-testid="affiliate-code">
              <code>{affiliate.referralCode}</code>
            </dd>
            <dt>{t('status')}</dt>
            <dd data-testid="affiliate-status">{t(`statuses.${affiliate.status}`)}</dd>
            <dt>{t('joinedAt')}</dt>
            <dd>{formatDateTime(affiliate.registeredAt)}</dd>
            <dt>{t('referredCount')}</dt>
            <dd data-testid="affiliate-referred">{affiliate.referredCount}</dd>
            <dt>{t('stakes')}</dt>
            <dd data-testid="affiliate-stakes">{formatMoney(affiliate.stakes)}</dd>
            <dt>{t('ggr')}</dt>
            <dd data-testid="affiliate-ggr">{formatMoney(affiliate.ggr)}</dd>
          </dl>
          {editable ? (
            <button type="button" className="button" data-testid="affiliate-toggle" onClick={() => setChanging(true)}>
              {t(affiliate.status === 'active' ? 'pause' : 'resume')}
            </button>
          ) : null}
        </div>
      ) : null}
      <h2>{t('referredPlayers')}</h2>
      <RangeForm from={from} to={to} onRange={(range) => set({ ...range, offset: '0' })} />
      {detail.data ? (
        <p className="muted" data-testid="affiliate-range-shown">
          {t('rangeShown', { from: dayText(detail.data.from), to: dayText(detail.data.to) })}
        </p>
      ) : null}
      <DataTable columns={columns} data={detail.data?.users ?? []} rowId={(user) => user.userId} testId="referred-list" rowTestId="referred-row" loading={detail.isFetching} />
      <Pager offset={offset} limit={PAGE} total={detail.data?.total ?? 0} pageSize={detail.data?.users.length ?? 0} onOffset={(next) => set({ offset: String(next) })} />
      {changing && affiliate ? <StatusDialog affiliate={affiliate} onClose={() => setChanging(false)} /> : null}
    </section>
  );
}
