import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import type { PlayerInfo } from '@/features/auth/types';
import type { MoneyType, PaymentMethod, Paytype } from '../api/money';
import { usePaymentRequest } from '../hooks/use-payment-request';
import { CommunityBank } from './community-bank';
import { TransferForm } from './transfer-form';
import { RequestOutcome } from './request-outcome';

/**
 * The chosen method (§2): a link opened in a new tab, or its paytype's form; a COMMUNITY_BANK
 * paytype picks a bank and one of its amounts instead. A method with several paytypes lets the
 * player choose one.
 */
export function MethodDetail({ method, type, user }: { method: PaymentMethod; type: MoneyType; user: PlayerInfo | null }) {
  const { t } = useTranslation(['money', 'layout']);
  const [payId, setPayId] = useState<number | null>(null);

  if (method.openLink === 1) {
    return (
      <>
        <h3>{method.catName}</h3>
        <p>{t('linkInfo')}</p>
        <a className="button button--primary" href={method.info} target="_blank" rel="noopener noreferrer" data-testid="payment-link">
          {t('openPaymentLink')}
        </a>
      </>
    );
  }
  const paytype = method.paytypes.find((p) => p.payId === payId) ?? method.paytypes[0];
  if (!paytype) return <EmptyState title={t('layout:noPaymentMethods')} />;
  return (
    <>
      <h3>{method.catName}</h3>
      {method.paytypes.length > 1 && (
        <div className="payment-choices" role="group" aria-label={t('paymentType')}>
          {method.paytypes.map((p) => (
            <button key={p.payId} type="button" className="button" aria-pressed={p === paytype} onClick={() => setPayId(p.payId)}>
              {p.payTag || p.payType}
            </button>
          ))}
        </div>
      )}
      {paytype.infofields.length > 0 && (
        <dl className="payment-info">
          {paytype.infofields.map((info) => (
            <div key={info.label} style={{ display: 'contents' }}>
              <dt>{info.label}</dt>
              <dd>{info.text}</dd>
            </div>
          ))}
        </dl>
      )}
      <PaytypeRequest key={paytype.payId} paytype={paytype} type={type} user={user} />
    </>
  );
}

function PaytypeRequest({ paytype, type, user }: { paytype: Paytype; type: MoneyType; user: PlayerInfo | null }) {
  const request = usePaymentRequest(type, paytype);
  const currency = user?.currency;
  // A message answer ends the request: the method closes on its outcome (§4).
  if (request.step?.kind === 'message') return <RequestOutcome step={request.step} />;
  return (
    <>
      {paytype.payType === 'COMMUNITY_BANK' ? <CommunityBank paytype={paytype} request={request} currency={currency} /> : <TransferForm paytype={paytype} request={request} user={user} />}
      {request.failure && !request.sending && (
        <p className="notice notice--error" role="alert" data-testid="payment-error">
          {request.failure}
        </p>
      )}
      {request.step && <RequestOutcome step={request.step} />}
    </>
  );
}
