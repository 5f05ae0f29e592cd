import { useTranslation } from 'react-i18next';
import { useSiteSettings } from '../api/get-settings';
import { statisticLink } from '../types';

/** §3 statistic_url: the match page's link to the operator's match statistics, opened in a new tab; nothing when the site has none. */
export function StatisticsLink({ matchId }: { matchId: string | number }) {
  const { t } = useTranslation('layout');
  const href = statisticLink(useSiteSettings(), matchId);
  if (!href) return null;
  return (
    <a className="match-statistics" href={href} target="_blank" rel="noopener noreferrer" data-testid="match-statistics">
      {t('matchStatistics')}
    </a>
  );
}
