import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { useUser } from '@/features/auth/api/get-user';
import { BannerStrip } from '@/features/content/components/banner-strip';
import { PropositionsSection } from '@/features/propositions/components/propositions-section';
import { LiveNow } from '@/features/sports/components/live-now';
import { hasAnyFlag } from '@/features/auth/types';
import { useSiteSettings } from '@/features/site/api/get-settings';
import { isSportFirst } from '@/features/site/themes';
import { TopWinnersStrip } from '@/features/site/components/top-winners';
import { SpecialBanners } from '@/features/site/components/special-banners';

const SportsPage = lazy(() => import('./sports'));

/**
 * Spec §2 Home (also the 404 fallback); the sports page on a sport-first theme, for whoever may bet on
 * sports. Otherwise the brand's banners, the top winners, the propositions, the matches in play now
 * (for guests and whoever may bet live) and the ways into sports, live and results.
 */
export default function HomePage() {
  const { t } = useTranslation('layout');
  const { lang = 'tr' } = useParams();
  const settings = useSiteSettings();
  const { user } = useUser();
  if (isSportFirst(settings.site_default_theme) && (!user || hasAnyFlag(user, 'sportUser')))
    return (
      <>
        <BannerStrip area="home" />
        <TopWinnersStrip />
        <PropositionsSection />
        <SportsPage />
      </>
    );
  return (
    <section className="page home" data-testid="page-home">
      <BannerStrip area="home" />
      <h1>{t('home.title')}</h1>
      <p className="muted">{t('home.intro')}</p>
      <SpecialBanners />
      <TopWinnersStrip />
      <PropositionsSection />
      {(!user || hasAnyFlag(user, 'liveUser')) && <LiveNow />}
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
