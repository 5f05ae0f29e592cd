import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { isApiError } from '@/lib/api-client';
import { useSiteDisplay } from '@/features/site/display';
import { useErrorText } from '@/lib/error-text';
import { formatDateTime, formatMoney } from '@/lib/format';
import { usePaymentMethodNames, useTransfers } from '../api/money';
import { isTransferStatus, transferColour } from '../labels';
import type { MoneyFormat } from './transactions-list';

/**
 * Spec §2 /transferRequest (`getTransfers`): my deposit and withdrawal requests, newest first, with
 * the method, the amount, where each stands and, for a refused one, the reason staff gave.
 */
export function TransferList({ lang, currencyMode }: { lang: string } & Pick<MoneyFormat, 'currencyMode'>) {
  const { t } = useTranslation('money');
  const errorText = useErrorText();
  const transfers = useTransfers();
  const display = useSiteDisplay();
  const methodNames = usePaymentMethodNames(lang);

  if (transfers.isPending) return <div className="page-loading" aria-busy="true" data-testid="transfers-loading" />;
  if (transfers.isError) {
    return (
      <p className="notice notice--error" role="alert" data-testid="transfers-error">
        {isApiError(transfers.error) ? errorText(transfers.error.key, transfers.error.params) : errorText('tecnicalProblemContent')}
      </p>
    );
  }
  if (transfers.data.length === 0) return <EmptyState title={t('noTransfers')} />;
  return (
    <table className="table" data-testid="transfer-list">
      <thead>
        <tr>
          <th>{t('requestedAt')}</th>
          <th>{t('direction')}</th>
          <th>{t('method')}</th>
          <th>{t('amount')}</th>
          <th>{t('state')}</th>
          <th>{t('updatedAt')}</th>
        </tr>
      </thead>
      <tbody>
        {transfers.data.map((transfer) => (
          <tr key={transfer.transferId} data-testid="transfer-row">
            <td>{formatDateTime(transfer.requestedAt)}</td>
            <td>{transfer.direction === 'deposit' || transfer.direction === 'withdrawal' ? t(`directions.${transfer.direction}`) : transfer.direction}</td>
            <td>{methodNames.get(transfer.payId) ?? transfer.provider}</td>
            <td>{formatMoney(transfer.amount, transfer.currency, currencyMode, display.decimals)}</td>
            <td>
              <span className={`status status--${transferColour(transfer.status)}`} data-testid="transfer-status">
                {isTransferStatus(transfer.status) ? t(`status.${transfer.status}`) : transfer.status}
              </span>
              {transfer.status === 'rejected' && transfer.reason && (
                <div className="muted" data-testid="transfer-reason">
                  {t('rejectedBecause', { reason: transfer.reason })}
                </div>
              )}
            </td>
            <td>{formatDateTime(transfer.updatedAt)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
