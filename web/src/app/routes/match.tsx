import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { EmptyState } from '@/components/empty-state';
import { useMatch } from '@/features/sports/api/catalog';
import { Markets } from '@/features/sports/components/market';
import { MatchWhen } from '@/features/sports/components/match-time';
import { visibleGroups } from '@/features/sports/types';
import { useLiveSubscription } from '@/features/live/hooks/use-live';
import { StatisticsLink } from '@/features/site/components/statistics-link';
import { useSiteSettings } from '@/features/site/api/get-settings';
import { MatchTracker } from '@/features/live/tracker/match-tracker';

/** Match detail with all its markets. */
export default function MatchPage() {
  const { t } = useTranslation('sports');
  const { lang = 'tr', matchId = '' } = useParams();
  const match = useMatch(matchId, lang);
  const settings = useSiteSettings();
  useLiveSubscription(matchId ? { matchId } : null);
  if (match.isPending) return <div className="page-loading" aria-busy="true" />;
  if (!match.data)
    return (
      <section className="page" data-testid="page-match">
        <EmptyState title={t('matchMissing')} />
      </section>
    );
  const m = match.data;
  return (
    <section className="page match-detail" data-testid="page-match">
      <p className="muted small">{[m.sportName, m.categoryName, m.tournamentName].filter(Boolean).join(' › ')}</p>
      <h1>
        {m.homeTeam} - {m.awayTeam}
      </h1>
      <p className="muted">
        <MatchWhen match={m} />
      </p>
      <StatisticsLink matchId={m.id} />
      <MatchTracker match={m} enabled={settings.live_show_tracker === 1} />
      <Markets match={m} groups={visibleGroups(m)} />
    </section>
  );
}
