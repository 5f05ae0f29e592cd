import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { Icon } from '@/components/icon';
import { formatDateTime } from '@/lib/format';
import { useMarkNotificationsRead, useNotifications } from '../api/content';

/** How many titles the bell's dropdown lists; the Notifications page has them all. */
const SHOWN = 5;

/**
 * Spec §2 header "notification bell with count and titles linking to Notifications". Opening the
 * dropdown marks the unread ones it shows as read; the count is the server's.
 */
export function NotificationBell() {
  const { t } = useTranslation('layout');
  const { lang = 'tr' } = useParams();
  const notifications = useNotifications(true);
  const markRead = useMarkNotificationsRead();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const list = notifications.data?.notifications ?? [];
  const unread = notifications.data?.unread ?? 0;

  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => {
      if (box.current && !box.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('click', close);
    return () => document.removeEventListener('click', close);
  }, [open]);

  const toggle = () => {
    const opening = !open;
    setOpen(opening);
    const unreadShown = list.slice(0, SHOWN).filter((n) => !n.read).map((n) => n.id);
    if (opening && unreadShown.length > 0 && !markRead.isPending) markRead.mutate(unreadShown);
  };

  return (
    <div className="dropdown bell" ref={box}>
      <button type="button" className="icon-button" aria-expanded={open} onClick={toggle} data-testid="notification-bell" title={t('notifications')}>
        <Icon name="bell" />
        <span className={unread > 0 ? 'badge' : 'badge badge--muted'} data-testid="notification-count">
          {unread}
        </span>
        <span className="sr-only">{t('notifications')}</span>
      </button>
      {open && (
        <div className="dropdown__menu bell__menu" data-testid="notification-menu">
          {list.length === 0 ? (
            <p className="muted">{t('noNotifications')}</p>
          ) : (
            <ul className="bell__list">
              {list.slice(0, SHOWN).map((n) => (
                <li key={n.id} className={n.read ? 'bell__item' : 'bell__item bell__item--unread'} data-testid="notification-item">
                  <strong>{n.title}</strong>
                  <time dateTime={n.sentAt}>{formatDateTime(n.sentAt)}</time>
                </li>
              ))}
            </ul>
          )}
          <Link to={`/${lang}/notifications`} onClick={() => setOpen(false)} data-testid="all-notifications">
            {t('allNotifications')}
          </Link>
        </div>
      )}
    </div>
  );
}
