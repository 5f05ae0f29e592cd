import type { Bill } from '@kupon/api/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '@/components/field-error';
import { Modal } from '@/components/modal';
import { useFailureText } from '@/lib/error-text';
import { formatDateTime } from '@/lib/format';
import { useMarkPaid } from '../api/bills';

/**
 * A past bill's "Paid" cell (api/BILLS.md "Paid"): who marked it paid, when, with what reference; or,
 * for those who may, "Mark paid" with a confirmation asking for an optional reference.
 */
export function BillPaidCell({ accountId, bill }: { accountId: string; bill: Bill }) {
  const { t } = useTranslation('bills');
  const failure = useFailureText();
  const mark = useMarkPaid(accountId);
  const [asking, setAsking] = useState(false);
  if (bill.paid) {
    return (
      <span data-testid={`bill-${bill.number}-paid`}>
        {t('paidBy', { userName: bill.paid.by.userName, at: formatDateTime(bill.paid.at) })}
        {bill.paid.reference ? <span className="muted small"> · {t('paidReference', { reference: bill.paid.reference })}</span> : null}
      </span>
    );
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const reference = String(new FormData(event.currentTarget).get('reference') ?? '').trim();
    mark.mutate({ number: bill.number, reference }, { onSuccess: () => setAsking(false) });
  };
  return (
    <>
      <span className="muted small">{t('unpaid')}</span>{' '}
      {bill.mayMarkPaid ? (
        <button
          type="button"
          className="button"
          data-testid={`bill-${bill.number}-mark-paid`}
          onClick={() => {
            mark.reset();
            setAsking(true);
          }}
        >
          {t('markPaid')}
        </button>
      ) : null}
      {asking ? (
        <Modal title={t('markPaidTitle', { number: bill.number })} onClose={() => setAsking(false)} testId="bill-mark-paid-dialog">
          <form className="form" onSubmit={submit}>
            <label>
              {t('paidReferenceLabel')}
              <input name="reference" maxLength={100} autoComplete="off" />
            </label>
            {mark.isError ? <Notice kind="error">{failure(mark.error)}</Notice> : null}
            <div className="actions">
              <button type="submit" className="button button--primary" data-testid="bill-mark-paid-confirm" disabled={mark.isPending}>
                {t('markPaidConfirm')}
              </button>
              <button type="button" className="button" onClick={() => setAsking(false)}>
                {t('cancel')}
              </button>
            </div>
          </form>
        </Modal>
      ) : null}
    </>
  );
}
