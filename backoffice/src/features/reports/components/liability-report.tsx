import { LiabilityReportQuery } from '@contract/reports';
import type { LiabilityReport } from '@kupon/api/contract';
import { createColumnHelper } from '@tanstack/react-table';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Columns, DataTable, tableCore } from '@/components/data-table';
import { FieldError, Notice } from '@/components/field-error';
import { Pager } from '@/components/pager';
import { useFailureText } from '@/lib/error-text';
import { formatMoney } from '@/lib/format';
import { type FieldErrors, validate } from '@/lib/form';
import { csvHref, type ReportWindow, useLiabilityReport } from '../api/reports';
import { AsOfNote } from './report-bits';

type Row = LiabilityReport['rows'][number];
const column = createColumnHelper<typeof tableCore, Row>();

interface Props {
  readonly window: ReportWindow;
  readonly offset: number;
  readonly setOffset: (offset: number) => void;
  readonly page: number;
}

/**
 * Liability: the stake still open and what it could pay, per match, market and outcome, in my scope;
 * now, or as of a past moment (the day range does not apply: it counts what is open, not what
 * happened in a window); one match by its id; CSV.
 */
export function LiabilityReportTab({ window, offset, setOffset, page }: Props) {
  const { t } = useTranslation('reports');
  const failure = useFailureText();
  const [matchId, setMatchId] = useState<string | undefined>(undefined);
  const [errors, setErrors] = useState<FieldErrors>({});
  const report = useLiabilityReport(matchId, window.asOf, offset, page);

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = String(new FormData(event.currentTarget).get('matchId') ?? '').trim() || undefined;
    const checked = validate(LiabilityReportQuery, { matchId: next });
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    setMatchId(next);
    setOffset(0);
  };

  const columns = useMemo<Columns<Row>>(
    () => [
      column.accessor('matchId', { header: () => t('liability.match') }),
      column.accessor('market', { header: () => t('liability.market') }),
      column.accessor('special', { header: () => t('liability.special'), cell: (cell) => cell.getValue() || '' }),
      column.accessor('outcome', { header: () => t('liability.outcome') }),
      column.accessor('openStake', { header: () => t('liability.openStake'), cell: (cell) => <span data-column="openStake">{formatMoney(cell.getValue())}</span> }),
      column.accessor('potentialPayout', { header: () => t('liability.potentialPayout'), cell: (cell) => <span data-column="potentialPayout">{formatMoney(cell.getValue())}</span> }),
      column.accessor('coupons', { header: () => t('money.coupons') }),
    ],
    [t],
  );

  const data = report.data;
  return (
    <div data-testid="report-liability">
      <p className="muted">{t('liability.hint')}</p>
      <form className="filters form--inline" onSubmit={apply} noValidate data-testid="liability-filters">
        <label>
          {t('liability.match')}
          <input name="matchId" data-testid="liability-match" />
          <FieldError errors={errors} name="matchId" />
        </label>
        <button type="submit" className="button" data-testid="liability-apply">
          {t('show')}
        </button>
      </form>
      {report.isError ? <Notice kind="error">{failure(report.error)}</Notice> : null}
      {data ? (
        <>
          <AsOfNote asOf={data.asOf} />
          <DataTable columns={columns} data={data.rows} rowId={(row) => `${row.matchId}|${row.market}|${row.special}|${row.outcome}`} testId="liability-table" rowTestId="liability-row" loading={report.isFetching} />
          <Pager offset={offset} limit={page} total={data.total} pageSize={data.rows.length} onOffset={setOffset} />
          <a className="button" href={csvHref('liability', { matchId, asOf: window.asOf })} download data-testid="csv">
            {t('csv')}
          </a>
        </>
      ) : null}
    </div>
  );
}
