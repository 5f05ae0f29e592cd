import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { hasAnyFlag, type PlayerInfo } from '@/features/auth/types';
import { useSiteSettings } from '@/features/site/api/get-settings';
import { useMoneyAction } from '@/features/site/live-chat';

/** Spec §2 "Account link list", each by its condition. */
export function AccountLinks({ user, onLogout }: { user: PlayerInfo; onLogout: () => void }) {
  const { t } = useTranslation('layout');
  const { lang = 'tr' } = useParams();
  const settings = useSiteSettings();
  const money = useMoneyAction(true);
  const [open, setOpen] = useState(false);
  const online = hasAnyFlag(user, 'onlineUser');
  const restricted = settings.login_screen === 1 || settings.register_disabled === 1;
  const to = (path: string) => `/${lang}/${path}`;

  return (
    <div className="dropdown">
      <button type="button" className="button" aria-expanded={open} onClick={() => setOpen(!open)} data-testid="account-menu">
        {t('myAccount')}
      </button>
      {open && (
        <ul className="dropdown__menu" onClick={() => setOpen(false)}>
          {hasAnyFlag(user, 'sportUser|liveUser') && (
            <li>
              <Link to={to('coupons')}>{t('coupons')}</Link>
            </li>
          )}
          {user.role === 'terminal' && (
            <li>
              <Link to={to('terminal')} data-testid="menu-terminal-cash">
                {t('terminalCash')}
              </Link>
            </li>
          )}
          <li>
            <Link to={to('transactions')}>{t('transactions')}</Link>
          </li>
          {!restricted && (
            <li>
              <Link to={to('transferRequest')}>{t('transferRequests')}</Link>
            </li>
          )}
          {online && (
            <>
              <li>
                <button type="button" className="link-button" onClick={() => money(1)} data-testid="menu-deposit">
                  {t('deposit')}
                </button>
              </li>
              <li>
                <button type="button" className="link-button" onClick={() => money(2)} data-testid="menu-withdraw">
                  {t('withdraw')}
                </button>
              </li>
            </>
          )}
          <li>
            <Link to={to('userInformation')}>{t('userInformation')}</Link>
          </li>
          {online && settings.affiliateStatus === 1 && (
            <>
              <li>
                <Link to={to('affiliate')}>{t('affiliate')}</Link>
              </li>
              <li>
                <Link to={to('affiliateBanner')}>{t('affiliateBanner')}</Link>
              </li>
            </>
          )}
          <li>
            <Link to={to('changePassword')}>{t('changePassword')}</Link>
          </li>
          <li>
            <button type="button" className="link-button" onClick={onLogout} data-testid="logout">
              {t('logout')}
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
