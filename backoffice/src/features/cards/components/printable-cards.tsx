import type { IssuedCardView } from '@kupon/api/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney } from '@/lib/format';
import './cards-print.css';

/** The batch just issued, numbers and PINs, to print and hand out: shown once, never fetched again. */
export function PrintableCards({ cards, onClose }: { cards: readonly IssuedCardView[]; onClose: () => void }) {
  const { t } = useTranslation('cards');
  return (
    <section className="card printable" data-testid="issued-cards">
      <h2>{t('issuedTitle', { count: cards.length })}</h2>
      <p className="muted">{t('issuedHint')}</p>
      <table className="table">
        <thead>
          <tr>
            <th>{t('number')}</th>
            <th>{t('pin')}</th>
            <th>{t('amount')}</th>
            <th>{t('batch')}</th>
            <th>{t('expiresAt')}</th>
          </tr>
        </thead>
        <tbody>
          {cards.map((card) => (
            <tr key={card.cardId} data-testid="issued-card">
              <td>
                <code>{card.number.replace(/(\d{4})(?=\d)/g, '$1 ')}</code>
              </td>
              <td>
                <code data-testid="issued-pin">{card.pin ?? t('pinShownBefore')}</code>
              </td>
              <td>{formatMoney(card.amount, card.currency)}</td>
              <td>{card.batch ?? ''}</td>
              <td>{card.expiresAt ? formatDateTime(card.expiresAt) : t('never')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="actions no-print">
        <button type="button" className="button button--primary" onClick={() => window.print()}>
          {t('print')}
        </button>
        <button type="button" className="button" onClick={onClose}>
          {t('closeList')}
        </button>
      </div>
    </section>
  );
}
