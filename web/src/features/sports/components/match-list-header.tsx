import { useTranslation } from 'react-i18next';
import { useSiteSettings } from '@/features/site/api/get-settings';
import { type MatchSummary, visibleGroups } from '../types';
import './match-list-header.css';

/**
 * §3 rivHeaderSee: the column header above a match list, the teams (home - away) column and the main
 * market's outcomes ("1 X 2") over the odds buttons. Hidden when the site turns it off, or with no odds.
 */
export function MatchListHeader({ matches }: { matches: readonly MatchSummary[] }) {
  const { t } = useTranslation('sports');
  const settings = useSiteSettings();
  const main = matches.map((match) => visibleGroups(match)[0]).find((group) => group !== undefined);
  if (settings.rivHeaderSee === 0 || !main) return null;
  return (
    <div className="match-row match-list-header" data-testid="match-list-header" aria-hidden="true">
      <span className="muted small">{t('rivals')}</span>
      <div className="match-list-header__outcomes">
        {main.odds.map((odd) => (
          <span key={odd.outcomeId} className="match-list-header__outcome">
            {odd.outcome}
          </span>
        ))}
      </div>
      <span className="match-list-header__more" />
    </div>
  );
}
