import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { useErrorText } from '@/lib/error-text';
import { useSiteDisplay } from '@/features/site/display';
import { useUiStore } from '@/stores/ui-store';
import { type Bank, type Paytype, usePaymentBanks } from '../api/money';
import { isLoggedOut, type usePaymentRequest } from '../hooks/use-payment-request';

/**
 * Spec §2 COMMUNITY_BANK: the method's banks, then the chosen bank's fixed amounts to pick one of
 * and send; a bank with no amounts says it is unavailable now and offers the way back. A banks
 * answer with `login: false` opens the login popup (§8).
 */
export function CommunityBank({ paytype, request, currency }: { paytype: Paytype; request: ReturnType<typeof usePaymentRequest>; currency: string | undefined }) {
  const { t } = useTranslation('money');
  const errorText = useErrorText();
  const display = useSiteDisplay();
  const openPopup = useUiStore((s) => s.openPopup);
  const banks = usePaymentBanks(paytype);
  const [bank, setBank] = useState<Bank | null>(null);
  const [amount, setAmount] = useState<number | null>(null);
  const loggedOut = banks.data?.login === false || (banks.isError && isLoggedOut(banks.error));

  useEffect(() => {
    if (loggedOut) openPopup({ kind: 'login' });
  }, [loggedOut, openPopup]);

  if (banks.isPending) return <div className="page-loading" aria-busy="true" />;
  if (loggedOut) return <p className="notice notice--error">{errorText('loginRequired')}</p>;
  if (banks.isError) {
    return (
      <p className="notice notice--error" role="alert" data-testid="payment-error">
        {isApiError(banks.error) ? errorText(banks.error.key, banks.error.params) : errorText('tecnicalProblemContent')}
      </p>
    );
  }

  const back = () => {
    setBank(null);
    setAmount(null);
  };
  if (!bank) {
    return (
      <div className="payment-choices" role="group" aria-label={t('chooseBank')} data-testid="bank-list">
        <p className="payment-choices__title">{t('chooseBank')}</p>
        {banks.data.banks.map((b) => (
          <button key={b.swiftcode} type="button" className="button" onClick={() => setBank(b)} data-testid="bank">
            {b.name}
          </button>
        ))}
      </div>
    );
  }
  if (bank.amounts.length === 0) {
    return (
      <>
        <h4>{bank.name}</h4>
        <p className="notice notice--warning" data-testid="bank-unavailable">
          {errorText('bankUnavailable')}
        </p>
        <div className="payment-actions">
          <button type="button" className="button" onClick={back}>
            {t('back')}
          </button>
        </div>
      </>
    );
  }
  const bankField = paytype.fields.find((field) => field.type === 'select')?.name ?? 'bank';
  return (
    <>
      <h4>{bank.name}</h4>
      <div className="payment-choices" role="group" aria-label={t('chooseAmount')} data-testid="bank-amounts">
        {bank.amounts.map((a) => (
          <button key={a.activeAmountId} type="button" className="button" aria-pressed={a.amount === amount} onClick={() => setAmount(a.amount)} data-testid="bank-amount">
            {display.money(a.amount, a.currency || currency)}
          </button>
        ))}
      </div>
      <div className="payment-actions">
        <button type="button" className="button" onClick={back}>
          {t('back')}
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={amount === null || request.sending}
          onClick={() => amount !== null && request.send({ amount, values: [{ name: bankField, value: bank.swiftcode }] })}
        >
          {request.sending ? t('sending') : t('send')}
        </button>
      </div>
    </>
  );
}
