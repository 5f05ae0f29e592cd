import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { useLiveSubscription } from '@/features/live/hooks/use-live';
import { useLiveMatches } from '../api/catalog';
import { MatchListHeader } from './match-list-header';
import { MatchRow } from './match-row';

/** How many in-play matches the home page shows. */
const LIVE_NOW_LIMIT = 6;

/**
 * The home page's "live now": the in-play matches of the sport the live list starts with (at most
 * LIVE_NOW_LIMIT), their scores, clocks and main odds kept live by that sport's frames, with a link to
 * the live page and how many matches of every sport are in play. Nothing while no match is in play.
 */
export function LiveNow() {
  const { t } = useTranslation('live');
  const { lang = 'tr' } = useParams();
  const live = useLiveMatches(lang);
  const inPlay = (live.data ?? []).filter((match) => match.isLive);
  const sportId = inPlay[0] ? String(inPlay[0].sportId) : null;
  useLiveSubscription(sportId ? { sportId } : null);
  if (!sportId) return null;
  const shown = inPlay.filter((match) => String(match.sportId) === sportId).slice(0, LIVE_NOW_LIMIT);
  return (
    <section className="live-now" data-testid="live-now" aria-labelledby="live-now-title">
      <header className="live-now__header">
        <h2 id="live-now-title">
          {t('liveNow')} <span className="muted small">{shown[0]!.sportName}</span>
        </h2>
        <Link to={`/${lang}/livebets`} data-testid="live-now-all">
          {t('allLive', { count: inPlay.length })}
        </Link>
      </header>
      <MatchListHeader matches={shown} />
      {shown.map((match) => (
        <MatchRow key={match.id} match={match} />
      ))}
    </section>
  );
}
