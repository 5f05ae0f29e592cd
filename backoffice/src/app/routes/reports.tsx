import { ReportQuery } from '@contract/reports';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Notice } from '@/components/field-error';
import { ReportWindowForm, useReportWindow } from '@/components/date-range-fields';
import { Pager } from '@/components/pager';
import { useMe } from '@/features/auth/api/session';
import { csvHref, useDealerReport, useGeneralReport } from '@/features/reports/api/reports';
import { AdjustmentReportTab, CreditReportTab, TransferReportTab } from '@/features/reports/components/ledger-reports';
import { LiabilityReportTab } from '@/features/reports/components/liability-report';
import { MoneyChart, type Series } from '@/features/reports/components/money-chart';
import { PlayerReportTab } from '@/features/reports/components/player-report';
import { ReplayPanel } from '@/features/reports/components/replay-panel';
import { TotalsTable } from '@/features/reports/components/totals-table';
import { useFailureText } from '@/lib/error-text';
import { isSiteStaff } from '@/features/auth/access';

const PAGE = 50;
const TABS = ['pnl', 'sport', 'dealers', 'players', 'transfers', 'adjustments', 'credit', 'liability'] as const;
type Tab = (typeof TABS)[number];

/**
 * Reports (issue 8): P&L over time, by sport and by dealer, each as a chart and exact table; the
 * player report (spec §1), transfers, balance adjustments, a dealer subtree's credit history and the
 * open liability as server-paged tables; each with CSV and "as of" a past moment; and the replay.
 */
export default function ReportsPage() {
  const { t } = useTranslation(['reports', 'common']);
  const failure = useFailureText();
  const me = useMe().data!;
  const [tab, setTab] = useState<Tab>('pnl');
  const { window, errors, offset, setOffset, apply } = useReportWindow(ReportQuery);
  const general = useGeneralReport(tab === 'sport' ? 'sport' : 'day', window, offset, PAGE);
  const dealers = useDealerReport(undefined, window, offset, PAGE);
  const series: Series[] = [
    { key: 'stakes', label: t('money.stakes'), colour: 'var(--color-primary)' },
    { key: 'payouts', label: t('money.payouts'), colour: 'var(--color-danger)' },
    { key: 'ggr', label: t('money.ggr'), colour: 'var(--color-success)' },
  ];
  const sportName = (key: string) => t(`sports.${key}` as never, { defaultValue: key });


  const asOfNote = (asOf: { at: string | null; position: string | null } | null | undefined) =>
    asOf?.at || asOf?.position ? <Notice kind="warning" testId="as-of">{t('asOfShown', { at: asOf.at ?? asOf.position })}</Notice> : null;

  return (
    <section className="card" data-testid="page-reports">
      <h1>{t('title')}</h1>
      <p>
        <Link to="/reports/casino" data-testid="casino-report-link">
          {t('casinoLink')}
        </Link>
      </p>
      <ReportWindowForm apply={apply} errors={errors} asOf={{ label: t('asOf'), testId: 'as-of-input' }} submitLabel={t('show')} testId="report-filters" />
      <nav className="tabs">
        {TABS.map((id) => (
          <button key={id} type="button" className={id === tab ? 'tab tab--active' : 'tab'} data-testid={`tab-${id}`} onClick={() => (setTab(id), setOffset(0))}>
            {t(`tabs.${id}`)}
          </button>
        ))}
      </nav>
      {tab === 'players' ? <PlayerReportTab me={me} window={window} offset={offset} setOffset={setOffset} page={PAGE} /> : null}
      {tab === 'transfers' ? <TransferReportTab window={window} offset={offset} setOffset={setOffset} page={PAGE} /> : null}
      {tab === 'adjustments' ? <AdjustmentReportTab window={window} offset={offset} setOffset={setOffset} page={PAGE} /> : null}
      {tab === 'credit' ? <CreditReportTab me={me} window={window} offset={offset} setOffset={setOffset} page={PAGE} /> : null}
      {tab === 'liability' ? <LiabilityReportTab window={window} offset={offset} setOffset={setOffset} page={PAGE} /> : null}
      {tab === 'pnl' || tab === 'sport' ? (
        <div data-testid={`report-${tab}`}>
          {general.isError ? <Notice kind="error">{failure(general.error)}</Notice> : null}
          {general.data ? (
            <>
              {asOfNote(general.data.asOf)}
              <MoneyChart rows={general.data.rows} category="key" series={series} kind={tab === 'pnl' ? 'line' : 'bar'} testId="chart" {...(tab === 'sport' ? { categoryLabel: sportName } : {})} />
              <TotalsTable rows={general.data.rows} label={(row) => (tab === 'sport' ? sportName(row.key) : row.key)} totals={general.data.totals} testId="report-table" labelHeader={t(tab === 'pnl' ? 'day' : 'sport')} />
              <Pager offset={offset} limit={PAGE} total={general.data.total} pageSize={general.data.rows.length} onOffset={setOffset} />
              <a className="button" href={csvHref('general', { groupBy: tab === 'sport' ? 'sport' : 'day', ...window })} download data-testid="csv">
                {t('csv')}
              </a>
            </>
          ) : null}
        </div>
      ) : null}
      {tab === 'dealers' ? (
        <div data-testid="report-dealers">
          {dealers.isError ? <Notice kind="error">{failure(dealers.error)}</Notice> : null}
          {dealers.data ? (
            <>
              {asOfNote(dealers.data.asOf)}
              <MoneyChart rows={dealers.data.rows} category="userName" series={series} kind="bar" testId="chart" />
              <TotalsTable
                rows={dealers.data.rows}
                label={(row) => `${row.userName} (${t(`common:roles.${row.role}` as never, { defaultValue: row.role })})`}
                totals={dealers.data.dealer}
                testId="report-table"
                labelHeader={t('account')}
              />
              <Pager offset={offset} limit={PAGE} total={dealers.data.total} pageSize={dealers.data.rows.length} onOffset={setOffset} />
              <a className="button" href={csvHref('dealers', { ...window })} download data-testid="csv">
                {t('csv')}
              </a>
            </>
          ) : null}
        </div>
      ) : null}
      <ReplayPanel canStart={isSiteStaff(me)} />
    </section>
  );
}
