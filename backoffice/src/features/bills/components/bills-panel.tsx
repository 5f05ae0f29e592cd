import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '@/components/field-error';
import { Modal } from '@/components/modal';
import { Pager } from '@/components/pager';
import { useFailureText } from '@/lib/error-text';
import { formatDateTime, formatMoney } from '@/lib/format';
import { useBills, useCutOff, useOpenPeriod } from '../api/bills';
import { BillPaidCell } from './bill-paid';
import { NetText, TotalsTable } from './totals';

const PAGE = 10;

/**
 * The "Bills" tab of a user or dealer (spec §7 getUserBills, cutOffUserBill; api/BILLS.md): the open
 * period's running totals, "Cut off now" after a confirmation (dealers above the account, admin,
 * operator), and the fixed bills of past periods, newest first.
 */
export function BillsPanel({ accountId, userName }: { accountId: string; userName: string }) {
  const { t } = useTranslation('bills');
  const failure = useFailureText();
  const open = useOpenPeriod(accountId);
  const [offset, setOffset] = useState(0);
  const bills = useBills(accountId, { offset, limit: PAGE });
  const [confirming, setConfirming] = useState(false);
  const [cutNumber, setCutNumber] = useState<number | null>(null);
  const cutOff = useCutOff(accountId);
  const currency = open.data?.account.currency ?? bills.data?.account.currency;
  return (
    <section className="panel" data-testid="user-bills">
      <h2>{t('title')}</h2>
      <p className="muted small">{t('intro')}</p>
      {open.isPending ? <div aria-busy="true" /> : null}
      {open.isError ? <Notice kind="error">{failure(open.error)}</Notice> : null}
      {open.data ? (
        <div data-testid="bills-open">
          <h3>
            {t('openPeriod', { number: open.data.number })}{' '}
            <span className="muted small">{open.data.from ? t('since', { at: formatDateTime(open.data.from) }) : t('sinceOpening')}</span>
          </h3>
          <TotalsTable totals={open.data.totals} net={open.data.net} currency={currency} testId="bills-open-totals" />
          <p className="muted small">
            {t('balance', { opening: formatMoney(open.data.openingBalance, currency ?? undefined), now: formatMoney(open.data.balance, currency ?? undefined) })}
          </p>
          {cutNumber !== null && cutOff.isSuccess ? <Notice kind="success">{t('cutDone', { number: cutNumber })}</Notice> : null}
          {cutOff.isError && !confirming ? <Notice kind="error">{failure(cutOff.error)}</Notice> : null}
          {open.data.mayCutOff ? (
            <div className="actions">
              <button
                type="button"
                className="button button--primary"
                data-testid="bills-cut-off"
                onClick={() => {
                  cutOff.reset();
                  setConfirming(true);
                }}
              >
                {t('cutOffNow')}
              </button>
            </div>
          ) : null}
        </div>
      ) : null}
      {confirming && open.data ? (
        <Modal title={t('confirmTitle', { number: open.data.number })} onClose={() => setConfirming(false)} testId="bills-cut-off-dialog">
          <div className="form">
            <p>{t('confirmText', { userName, number: open.data.number })}</p>
            <p>
              {t('net')}: <NetText net={open.data.net} currency={currency} />
            </p>
            {cutOff.isError ? <Notice kind="error">{failure(cutOff.error)}</Notice> : null}
            <div className="actions">
              <button
                type="button"
                className="button button--danger"
                data-testid="bills-cut-off-confirm"
                disabled={cutOff.isPending}
                onClick={() => {
                  const number = open.data.number;
                  cutOff.mutate(
                    { expectedNumber: number },
                    {
                      onSuccess: () => {
                        setCutNumber(number);
                        setConfirming(false);
                        setOffset(0);
                      },
                    },
                  );
                }}
              >
                {t('cutOffConfirm')}
              </button>
              <button type="button" className="button" onClick={() => setConfirming(false)}>
                {t('cancel')}
              </button>
            </div>
          </div>
        </Modal>
      ) : null}
      <h3>{t('pastBills')}</h3>
      {bills.isError ? <Notice kind="error">{failure(bills.error)}</Notice> : null}
      {bills.data && bills.data.bills.length === 0 ? <p className="empty-state">{t('noBills')}</p> : null}
      {bills.data && bills.data.bills.length > 0 ? (
        <>
          <table className="table table--compact" data-testid="bills-list">
            <thead>
              <tr>
                <th>{t('number')}</th>
                <th>{t('period')}</th>
                <th>{t('totals.stakes')}</th>
                <th>{t('totals.payouts')}</th>
                <th>{t('returned')}</th>
                <th>{t('net')}</th>
                <th>{t('cutBy')}</th>
                <th>{t('paid')}</th>
              </tr>
            </thead>
            <tbody>
              {bills.data.bills.map((bill) => (
                <tr key={bill.number} data-testid={`bill-${bill.number}`}>
                  <td>{bill.number}</td>
                  <td>
                    {bill.from ? formatDateTime(bill.from) : t('opening')} – {formatDateTime(bill.to)}
                  </td>
                  <td>{formatMoney(bill.totals.stakes, currency ?? undefined)}</td>
                  <td>{formatMoney(bill.totals.payouts, currency ?? undefined)}</td>
                  <td>{formatMoney(bill.totals.refunds + bill.totals.cashouts, currency ?? undefined)}</td>
                  <td>
                    <NetText net={bill.net} currency={currency} />
                  </td>
                  <td>
                    {bill.cutBy.userName} <span className="muted small">{t(`roles.${bill.cutBy.role}`, { ns: 'common', defaultValue: bill.cutBy.role })}</span>
                  </td>
                  <td>
                    <BillPaidCell accountId={accountId} bill={bill} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager offset={offset} limit={PAGE} total={bills.data.total} pageSize={bills.data.bills.length} onOffset={setOffset} />
        </>
      ) : null}
    </section>
  );
}
