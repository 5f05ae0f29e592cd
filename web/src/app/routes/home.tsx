import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';

/** Spec §2 Home (also the 404 fallback). */
export default function HomePage() {
  const { t } = useTranslation('layout');
  const { lang = 'tr' } = useParams();
  return (
    <section className="page home" data-testid="page-home">
      <h1>{t('home.title')}</h1>
      <p className="muted">{t('home.intro')}</p>
      <div className="home__tiles">
        <Link to={`/${lang}/sports`} className="tile">
          {t('menu.sports')}
        </Link>
        <Link to={`/${lang}/livebets`} className="tile">
          {t('menu.liveBets')}
        </Link>
        <Link to={`/${lang}/results`} className="tile">
          {t('menu.results')}
        </Link>
      </div>
    </section>
  );
}
