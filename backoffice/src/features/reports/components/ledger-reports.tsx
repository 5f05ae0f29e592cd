import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '@/components/field-error';
import { Pager } from '@/components/pager';
import { useFailureText } from '@/lib/error-text';
import { formatMoney } from '@/lib/format';
import { csvHref, type ReportWindow, useAdjustmentReport, useDealerCreditReport, useTransferReport } from '../api/reports';
import { LedgerTable } from './ledger-table';
import { AsOfNote, DealerSelect } from './report-bits';

interface Props {
  readonly window: ReportWindow;
  readonly offset: number;
  readonly setOffset: (offset: number) => void;
  readonly page: number;
}

const DIRECTIONS = ['', 'deposit', 'withdrawal'] as const;
const TRANSFER_TOTALS = ['deposits', 'withdrawalsHeld', 'withdrawalsPaid', 'withdrawalsReleased'] as const;

/** Deposits credited and withdrawals held, paid and released in my scope: the movements one by one, the window's totals, CSV. */
export function TransferReportTab({ window, offset, setOffset, page }: Props) {
  const { t } = useTranslation('reports');
  const failure = useFailureText();
  const [direction, setDirection] = useState<(typeof DIRECTIONS)[number]>('');
  const report = useTransferReport(direction || undefined, window, offset, page);
  const data = report.data;
  return (
    <div data-testid="report-transfers">
      <div className="filters">
        <label>
          {t('direction')}
          <select value={direction} data-testid="transfers-direction" onChange={(event) => (setDirection(event.target.value as (typeof DIRECTIONS)[number]), setOffset(0))}>
            {DIRECTIONS.map((d) => (
              <option key={d} value={d}>
                {t(`directions.${d || 'all'}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {report.isError ? <Notice kind="error">{failure(report.error)}</Notice> : null}
      {data ? (
        <>
          <AsOfNote asOf={data.asOf} />
          <dl className="fields" data-testid="transfer-totals">
            {TRANSFER_TOTALS.map((key) => (
              <div key={key} className="fields__row">
                <dt>{t(`transferTotals.${key}`)}</dt>
                <dd data-testid={`total-${key}`}>{formatMoney(data.totals[key])}</dd>
              </div>
            ))}
          </dl>
          <LedgerTable entries={data.entries} loading={report.isFetching} testId="transfers-table" />
          <Pager offset={offset} limit={page} total={data.total} pageSize={data.entries.length} onOffset={setOffset} />
          <a className="button" href={csvHref('transfers', { direction: direction || undefined, ...window })} download data-testid="csv">
            {t('csv')}
          </a>
        </>
      ) : null}
    </div>
  );
}

/** Staff balance adjustments in my scope: the balance before and after, by whom and why; CSV. */
export function AdjustmentReportTab({ window, offset, setOffset, page }: Props) {
  const { t } = useTranslation('reports');
  const failure = useFailureText();
  const report = useAdjustmentReport(window, offset, page);
  const data = report.data;
  return (
    <div data-testid="report-adjustments">
      {report.isError ? <Notice kind="error">{failure(report.error)}</Notice> : null}
      {data ? (
        <>
          <AsOfNote asOf={data.asOf} />
          <LedgerTable entries={data.entries} loading={report.isFetching} testId="adjustments-table" />
          <Pager offset={offset} limit={page} total={data.total} pageSize={data.entries.length} onOffset={setOffset} />
          <a className="button" href={csvHref('adjustments', { ...window })} download data-testid="csv">
            {t('csv')}
          </a>
        </>
      ) : null}
    </div>
  );
}

/**
 * Credit sent, received, cut, returned and limits set in a dealer's whole subtree (the dealer itself
 * included), with the net credit over the whole window; a dealer starts on its own subtree, site
 * staff choose a dealer first. CSV.
 */
export function CreditReportTab({ me, window, offset, setOffset, page }: Props & { readonly me: { userId: string; userName: string; role: string } }) {
  const { t } = useTranslation('reports');
  const failure = useFailureText();
  const [dealerId, setDealerId] = useState(['topDealer', 'dealer', 'subDealer'].includes(me.role) ? me.userId : '');
  const report = useDealerCreditReport(dealerId || undefined, window, offset, page);
  const data = dealerId ? report.data : undefined;
  return (
    <div data-testid="report-credit">
      <div className="filters">
        <DealerSelect me={me} value={dealerId} onChange={(id) => (setDealerId(id), setOffset(0))} testId="credit-dealer" />
      </div>
      {!dealerId ? <p className="muted">{t('chooseDealerHint')}</p> : null}
      {dealerId && report.isError ? <Notice kind="error">{failure(report.error)}</Notice> : null}
      {data ? (
        <>
          <AsOfNote asOf={data.asOf} />
          <p data-testid="credit-net">{t('creditNet', { amount: formatMoney(data.net) })}</p>
          <LedgerTable entries={data.entries} loading={report.isFetching} testId="credit-table" />
          <Pager offset={offset} limit={page} total={data.total} pageSize={data.entries.length} onOffset={setOffset} />
          <a className="button" href={csvHref(`dealers/${dealerId}/credit-history`, { ...window })} download data-testid="csv">
            {t('csv')}
          </a>
        </>
      ) : null}
    </div>
  );
}
