import { useTranslation } from 'react-i18next';
import { useSiteSettings } from '../api/get-settings';
import { useTopWinners } from '../api/get-top-winners';
import { decimalsOf, formatAmountFixed } from '../display';
import './site-extras.css';

/**
 * §3 top_winners: the home page's strip of the week's biggest won coupons (player names masked,
 * `ke***1`), amounts with the site's decimals and currency mode. Nothing when the site turns it off
 * or nobody won this week.
 */
export function TopWinnersStrip() {
  const { t } = useTranslation('layout');
  const settings = useSiteSettings();
  const winners = useTopWinners(settings.top_winners === 1);
  const list = winners.data?.enabled ? winners.data.winners : [];
  if (settings.top_winners !== 1 || list.length === 0) return null;
  const decimals = decimalsOf(settings);
  return (
    <section className="top-winners" aria-label={t('topWinners.title')} data-testid="top-winners">
      <h2>{t('topWinners.title')}</h2>
      <ol className="top-winners__list">
        {list.map((winner, index) => (
          <li key={`${winner.userName}-${winner.wonAt}-${index}`} className="top-winners__item" data-testid="top-winner">
            <span className="top-winners__name">{winner.userName}</span>{' '}
            <strong className="top-winners__payout">{formatAmountFixed(winner.payout, decimals, winners.data?.currency, settings.currencyMode)}</strong>{' '}
            <span className="muted small">{t('topWinners.stake', { amount: formatAmountFixed(winner.stake, decimals, winners.data?.currency, settings.currencyMode) })}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
