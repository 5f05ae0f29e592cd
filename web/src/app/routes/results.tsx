import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { EmptyState } from '@/components/empty-state';
import { useResults } from '@/features/sports/api/catalog';
import { resultText } from '@/features/sports/api/wire';
import { formatDateTime } from '@/lib/format';

/** Spec §2 /results (limit 50, §9). */
export default function ResultsPage() {
  const { t } = useTranslation('sports');
  const { lang = 'tr' } = useParams();
  const results = useResults(lang);
  return (
    <section className="page" data-testid="page-results">
      <h1>{t('results')}</h1>
      {results.isPending ? (
        <div className="page-loading" aria-busy="true" />
      ) : results.data && results.data.length > 0 ? (
        <table className="table">
          <thead>
            <tr>
              <th>{t('date')}</th>
              <th>{t('match')}</th>
              <th>{t('score')}</th>
            </tr>
          </thead>
          <tbody>
            {results.data.map((r) => (
              <tr key={r.id}>
                <td>{formatDateTime(r.matchDate)}</td>
                <td>
                  {r.homeTeam} - {r.awayTeam}
                </td>
                <td>{resultText(r.sportId, r.result)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <EmptyState title={t('noResults')} />
      )}
    </section>
  );
}
