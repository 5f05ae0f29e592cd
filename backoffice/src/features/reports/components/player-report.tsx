import { PlayerReportQuery } from '@contract/reports';
import type { PlayerReport } from '@kupon/api/contract';
import { createColumnHelper } from '@tanstack/react-table';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { type Columns, DataTable, tableCore } from '@/components/data-table';
import { FieldError, Notice } from '@/components/field-error';
import { Pager } from '@/components/pager';
import { useFailureText } from '@/lib/error-text';
import { formatMoney } from '@/lib/format';
import { type FieldErrors, validate } from '@/lib/form';
import { csvHref, type ReportWindow, usePlayerReport } from '../api/reports';
import { AsOfNote, DealerSelect } from './report-bits';
import { formatMargin, TotalsTable } from './totals-table';

type Row = PlayerReport['rows'][number];
const column = createColumnHelper<typeof tableCore, Row>();
const MONEY = ['stakes', 'payouts', 'refunds', 'cashouts', 'ggr'] as const;
const WALLET = ['deposits', 'withdrawals', 'bonuses', 'adjustments', 'credit'] as const;

interface Props {
  readonly me: { userId: string; userName: string; role: string };
  readonly window: ReportWindow;
  readonly offset: number;
  readonly setOffset: (offset: number) => void;
  readonly page: number;
}

/**
 * The player report (spec §1): one row per player (and terminal) in my scope, or under one dealer of
 * it, or by user name: betting money, GGR and margin, deposits, withdrawals, bonuses, staff
 * adjustments and dealer credit, in the day range; the scope's betting totals below; CSV.
 */
export function PlayerReportTab({ me, window, offset, setOffset, page }: Props) {
  const { t } = useTranslation(['reports', 'common']);
  const failure = useFailureText();
  const [filter, setFilter] = useState<{ dealerId?: string | undefined; search?: string | undefined }>({});
  const [dealerId, setDealerId] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const report = usePlayerReport(filter, window, offset, page);

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const search = String(new FormData(event.currentTarget).get('search') ?? '').trim() || undefined;
    const next = { dealerId: dealerId || undefined, search };
    const checked = validate(PlayerReportQuery, next);
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    setFilter(next);
    setOffset(0);
  };

  const columns = useMemo<Columns<Row>>(
    () => [
      column.accessor('userName', { header: () => t('player'), cell: ({ row }) => <Link to={`/users/${row.original.userId}`}>{row.original.userName}</Link> }),
      column.accessor('role', { header: () => t('role'), cell: (cell) => t(`common:roles.${cell.getValue()}` as never, { defaultValue: cell.getValue() }) }),
      ...MONEY.map((key) => column.accessor(key, { id: key, header: () => t(`money.${key}`), cell: (cell) => <span data-column={key}>{formatMoney(cell.getValue())}</span> })),
      column.accessor('marginBp', { header: () => t('money.margin'), cell: (cell) => formatMargin(cell.getValue()) }),
      column.accessor('coupons', { header: () => t('money.coupons') }),
      ...WALLET.map((key) => column.accessor(key, { id: key, header: () => t(`wallet.${key}`), cell: (cell) => <span data-column={key}>{formatMoney(cell.getValue())}</span> })),
    ],
    [t],
  );

  const data = report.data;
  return (
    <div data-testid="report-players">
      <form className="filters form--grid" onSubmit={apply} noValidate data-testid="players-filters">
        <label>
          {t('searchPlayer')}
          <input name="search" type="search" data-testid="players-search" />
          <FieldError errors={errors} name="search" />
        </label>
        <DealerSelect me={me} value={dealerId} onChange={setDealerId} anyLabel={t('allDealers')} testId="players-dealer" />
        <div className="actions">
          <button type="submit" className="button" data-testid="players-apply">
            {t('common:search')}
          </button>
        </div>
      </form>
      {report.isError ? <Notice kind="error">{failure(report.error)}</Notice> : null}
      {data ? (
        <>
          <AsOfNote asOf={data.asOf} />
          <DataTable columns={columns} data={data.rows} rowId={(row) => row.userId} testId="players-table" rowTestId="player-row" loading={report.isFetching} />
          <Pager offset={offset} limit={page} total={data.total} pageSize={data.rows.length} onOffset={setOffset} />
          <p className="muted">{t('playersTotalsHint')}</p>
          <TotalsTable rows={[]} label={() => ''} totals={data.totals} testId="players-totals" labelHeader="" />
          <a className="button" href={csvHref('players', { ...filter, ...window })} download data-testid="csv">
            {t('csv')}
          </a>
        </>
      ) : null}
    </div>
  );
}
