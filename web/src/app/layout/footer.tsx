import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { useUser } from '@/features/auth/api/get-user';
import { hasAnyFlag } from '@/features/auth/types';
import { usePageList } from '@/features/content/api/content';
import { useSiteSettings } from '@/features/site/api/get-settings';
import { FooterGameLogos } from './footer-game-logos';

type ProductKey = 'sports' | 'liveBets' | 'slots' | 'liveCasino' | 'bingo' | 'virtualGames' | 'results' | 'promotions';

const PRODUCTS: readonly { path: string; key: ProductKey; flag?: string }[] = [
  { path: 'sports', key: 'sports', flag: 'sportUser' },
  { path: 'livebets', key: 'liveBets', flag: 'liveUser' },
  { path: 'casino', key: 'slots', flag: 'slotUser' },
  { path: 'livecasino', key: 'liveCasino', flag: 'casinoUser' },
  { path: 'bingo', key: 'bingo', flag: 'bingoUser' },
  { path: 'virtualgames', key: 'virtualGames', flag: 'virtualUser' },
  { path: 'results', key: 'results' },
  { path: 'promotions', key: 'promotions' },
];

/** Spec §2 footer: info pages 7 about, 8 privacy, 9 terms, 10 responsible gaming; support 6 FAQ, 5 dictionary (then the ticket check and the contact form). */
const INFO_PAGES = [
  { id: 7, key: 'about' },
  { id: 8, key: 'privacy' },
  { id: 9, key: 'terms' },
  { id: 10, key: 'responsibleGaming' },
] as const;
const SUPPORT_PAGES = [
  { id: 6, key: 'faq' },
  { id: 5, key: 'dictionary' },
] as const;
/**
 * Spec §2 "AML (page 15) and KYC (page 8) only on one branded host": the brand whose deposit and
 * withdraw go through its live chat (§2, the site setting `moneyByLiveChat`) is that host, so the
 * same switch shows its two compliance links.
 */
const COMPLIANCE_PAGES = [
  { id: 15, key: 'aml' },
  { id: 8, key: 'kyc' },
] as const;
const FIXED_PAGE_IDS = new Set<string>([...INFO_PAGES, ...SUPPORT_PAGES, ...COMPLIANCE_PAGES].map((p) => String(p.id)));

export function Footer() {
  const { t } = useTranslation('layout');
  const { lang = 'tr' } = useParams();
  const { user } = useUser();
  const settings = useSiteSettings();
  // The site's other published pages follow the §2 info pages, by their own titles.
  const otherPages = (usePageList(lang).data ?? []).filter((p) => !FIXED_PAGE_IDS.has(p.id));
  const to = (path: string) => `/${lang}/${path}`;
  return (
    <footer className="site-footer" data-testid="site-footer">
      <div className="site-footer__columns">
        <nav aria-label={t('footer.products')}>
          <h3>{t('footer.products')}</h3>
          {PRODUCTS.filter((p) => !p.flag || !user || hasAnyFlag(user, p.flag)).map((p) => (
            <Link key={p.path} to={to(p.path)}>
              {t(`menu.${p.key}`)}
            </Link>
          ))}
        </nav>
        <nav aria-label={t('footer.info')}>
          <h3>{t('footer.info')}</h3>
          {INFO_PAGES.map((p) => (
            <Link key={p.id} to={to(`page/${p.id}`)}>
              {t(`footer.${p.key}`)}
            </Link>
          ))}
          {settings.moneyByLiveChat === 1 &&
            COMPLIANCE_PAGES.map((p) => (
              <Link key={p.key} to={to(`page/${p.id}`)} data-testid={`footer-${p.key}`}>
                {t(`footer.${p.key}`)}
              </Link>
            ))}
          {otherPages.map((p) => (
            <Link key={p.id} to={to(`page/${encodeURIComponent(p.id)}`)} data-testid="footer-page">
              {p.title}
            </Link>
          ))}
        </nav>
        <nav aria-label={t('footer.support')}>
          <h3>{t('footer.support')}</h3>
          {SUPPORT_PAGES.map((p) => (
            <Link key={p.id} to={to(`page/${p.id}`)}>
              {t(`footer.${p.key}`)}
            </Link>
          ))}
          <Link to={to('ticketCheck')} data-testid="footer-ticket-check">
            {t('titles.ticketCheck')}
          </Link>
          <Link to={to('contact')} data-testid="footer-contact">
            {t('titles.contact')}
          </Link>
        </nav>
      </div>
      {settings.paymentLogos.length > 0 && (
        <div className="site-footer__logos">
          {settings.paymentLogos.map((src) => (
            <img key={src} src={src} alt="" loading="lazy" />
          ))}
        </div>
      )}
      <FooterGameLogos />
      <p className="site-footer__adult">
        <span className="adult-badge">18+</span> {t('footer.adultNotice')}
      </p>
      {settings.footerText && <p className="site-footer__text">{settings.footerText}</p>}
      {settings.licenceLink && (
        <a href={settings.licenceLink} target="_blank" rel="noreferrer">
          {settings.licenceName || t('footer.licence')}
        </a>
      )}
    </footer>
  );
}
