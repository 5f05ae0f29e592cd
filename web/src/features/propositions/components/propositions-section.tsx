import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { OddsButton } from '@/components/odds-button';
import { formatDateTime } from '@/lib/format';
import { usePropositions } from '../api/propositions';

/**
 * "Günün önerileri" on the home page (spec §7 `matchProposition`): the operator's picks, each with
 * the odds button a match page shows, so one click puts it on the betslip (or takes it off) under
 * the same betslip rules. Nothing at all while the site proposes nothing.
 */
export function PropositionsSection() {
  const { t } = useTranslation('propositions');
  const { lang = 'tr' } = useParams();
  const propositions = usePropositions(lang).data ?? [];
  if (propositions.length === 0) return null;
  return (
    <section className="propositions" aria-labelledby="propositions-title" data-testid="propositions">
      <h2 id="propositions-title" className="propositions__title">
        {t('title')}
      </h2>
      <ul className="propositions__list">
        {propositions.map((p) => {
          const marketName = p.typeName + (p.special ? ` (${p.special})` : '');
          return (
            <li key={p.id} className="propositions__item" data-testid="proposition">
              <div className="propositions__match">
                <Link to={`/${lang}/sports/match/${encodeURIComponent(p.matchId)}`}>
                  {p.homeTeam} - {p.awayTeam}
                </Link>
                <span className="muted small">
                  {[p.sportName, p.tournamentName].filter(Boolean).join(' › ')} · {formatDateTime(p.matchDate)}
                </span>
                {p.note && <p className="propositions__note">{p.note}</p>}
              </div>
              <span className="muted small propositions__market">{marketName}</span>
              <OddsButton
                matchId={p.matchId}
                marketId={p.marketId}
                special={p.special}
                outcomeId={p.outcomeId}
                odds={p.odd}
                isLive={false}
                locked={false}
                label={p.outcome}
                limits={null}
                detail={{ sportId: p.sportId, home: p.homeTeam, away: p.awayTeam, matchDate: p.matchDate, marketName, outcomeName: p.outcome }}
              />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
