import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { useUser } from '@/features/auth/api/get-user';
import { useLogout } from '@/features/auth/api/login';
import { hasAnyFlag } from '@/features/auth/types';
import { useSiteSettings } from '@/features/site/api/get-settings';
import { useMoneyAction } from '@/features/site/live-chat';
import { whatsappNumbers } from '@/features/site/types';
import { useSiteDisplay } from '@/features/site/display';
import { useUiStore } from '@/stores/ui-store';
import { Clock } from './clock';
import { FullscreenToggle } from './fullscreen-toggle';
import { LanguageSwitcher } from './language-switcher';
import { ThemeSwitcher } from './theme-switcher';
import { AccountLinks } from './account-links';
import { NotificationBell } from '@/features/content/components/notification-bell';

const SOCIAL = ['twitter', 'facebook', 'instagram', 'youtube', 'googleplus'] as const;

/** Spec §2 header. */
export function Header() {
  const { t } = useTranslation('layout');
  const { lang = 'tr' } = useParams();
  const settings = useSiteSettings();
  const { user } = useUser();
  const logout = useLogout();
  const openPopup = useUiStore((s) => s.openPopup);
  const money = useMoneyAction(true);
  const display = useSiteDisplay();
  // §2: deposit, withdraw and bonus request only when login screen and registration are not disabled.
  const moneyButtons = user !== null && settings.login_screen !== 1 && settings.register_disabled !== 1;

  return (
    <header className="site-header" data-testid="site-header">
      <div className="site-header__top">
        <div className="site-header__contact" data-testid="header-contact">
          {SOCIAL.filter((name) => settings.social[name]).map((name) => (
            <a key={name} href={settings.social[name]} target="_blank" rel="noreferrer" className="social" data-testid={`social-${name}`}>
              {t(`social.${name}`)}
            </a>
          ))}
          {whatsappNumbers(settings).map((number) => (
            <a key={number} href={`https://wa.me/${number.replace(/\D/g, '')}`} target="_blank" rel="noreferrer" data-testid="whatsapp">
              {settings.whatsappTitle || t('whatsapp')} {number}
            </a>
          ))}
          {settings.telegramName && (
            <a href={`https://t.me/${settings.telegramName.replace(/^@/, '')}`} target="_blank" rel="noreferrer" data-testid="telegram">
              {t('telegram', { name: settings.telegramName.replace(/^@/, '') })}
            </a>
          )}
        </div>
        <div className="site-header__tools">
          <Clock />
          <LanguageSwitcher />
          <ThemeSwitcher />
          <FullscreenToggle />
        </div>
      </div>
      <div className="site-header__main">
        <Link to={`/${lang}`} className="logo" data-testid="logo">
          {settings.logo ? <img src={settings.logo} alt={settings.title} /> : <span>{settings.title}</span>}
        </Link>
        {user ? (
          <div className="site-header__account" data-testid="account">
            <span className="balance" data-testid="balance" title={t('balance')}>
              {display.money(user.userCredit, user.currency)}
            </span>
            {moneyButtons && user.role === 'terminal' && (
              // A terminal's money is the cash in its drawer: in and out go through its cash screen (api/TERMINAL-CASH.md).
              <Link to={`/${lang}/terminal`} className="button button--accent" data-testid="header-terminal-cash">
                {t('terminalCash')}
              </Link>
            )}
            {moneyButtons && user.role !== 'terminal' && (
              <>
                <button type="button" className="button button--accent" onClick={() => money(1)} data-testid="header-deposit">
                  {t('deposit')}
                </button>
                <button type="button" className="button" onClick={() => money(2)} data-testid="header-withdraw">
                  {t('withdraw')}
                </button>
                <button type="button" className="button" onClick={() => openPopup({ kind: 'bonus' })}>
                  {t('bonusRequest')}
                </button>
              </>
            )}
            {hasAnyFlag(user, 'sportUser|liveUser') && (
              <Link to={`/${lang}/coupons`} className="button">
                {t('coupons')}
              </Link>
            )}
            {hasAnyFlag(user, 'sportUser|liveUser') && (
              <Link to={`/${lang}/ticketCheck`} className="button" data-testid="header-ticket-check">
                {t('titles.ticketCheck')}
              </Link>
            )}
            <NotificationBell />
            <span className="user-name">{user.userName}</span>
            <AccountLinks user={user} onLogout={() => logout.mutate()} />
          </div>
        ) : (
          <div className="site-header__account">
            {settings.register_disabled !== 1 && (
              <Link to={`/${lang}/register`} className="button" data-testid="register-link">
                {t('register')}
              </Link>
            )}
            <button type="button" className="button button--primary" data-testid="login-button" onClick={() => openPopup({ kind: 'login' })}>
              {t('login')}
            </button>
          </div>
        )}
      </div>
    </header>
  );
}
