import { CasinoReportQuery } from '@contract/casino';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Notice } from '@/components/field-error';
import { ReportWindowForm, useReportWindow } from '@/components/date-range-fields';
import { Pager } from '@/components/pager';
import { useFailureText } from '@/lib/error-text';
import { CASINO_GROUPS, type CasinoGroup, casinoCsvHref, useCasinoReport } from '../api/casino-report';
import { CasinoTable } from './casino-table';

const PAGE = 50;

/** The casino report (issue 8): bets, wins, rollbacks and GGR by day, game, provider or player, "as of" a past moment, CSV. */
export default function CasinoReportPage() {
  const { t } = useTranslation(['casino', 'common']);
  const failure = useFailureText();
  const [groupBy, setGroupBy] = useState<CasinoGroup>('day');
  const { window, errors, offset, setOffset, apply } = useReportWindow(CasinoReportQuery);
  const report = useCasinoReport(groupBy, window, offset, PAGE);


  const data = report.data;
  return (
    <section className="card" data-testid="page-casino-report">
      <p>
        <Link to="/reports">{t('back')}</Link>
      </p>
      <h1>{t('title')}</h1>
      <p className="muted">{t('hint')}</p>
      <ReportWindowForm apply={apply} errors={errors} asOf={{ label: t('asOf'), testId: 'casino-as-of' }} submitLabel={t('show')} testId="casino-filters" />
      <nav className="tabs">
        {CASINO_GROUPS.map((id) => (
          <button key={id} type="button" className={id === groupBy ? 'tab tab--active' : 'tab'} data-testid={`casino-tab-${id}`} onClick={() => (setGroupBy(id), setOffset(0))}>
            {t(`groups.${id}`)}
          </button>
        ))}
      </nav>
      {report.isError ? <Notice kind="error">{failure(report.error)}</Notice> : null}
      {data ? (
        <div data-testid={`casino-report-${groupBy}`}>
          {data.asOf ? (
            <Notice kind="warning" testId="casino-as-of-shown">
              {t('asOfShown', { at: data.asOf.at ?? data.asOf.position })}
            </Notice>
          ) : null}
          <CasinoTable rows={data.rows} totals={data.totals} labelHeader={t(`groups.${groupBy}`)} label={(row) => (groupBy === 'product' ? t(`products.${row.key}` as 'products.unknown', { defaultValue: row.label }) : row.label)} />
          <Pager offset={offset} limit={PAGE} total={data.total} pageSize={data.rows.length} onOffset={setOffset} />
          <a className="button" href={casinoCsvHref(groupBy, window)} download data-testid="casino-csv">
            {t('csv')}
          </a>
        </div>
      ) : null}
    </section>
  );
}
