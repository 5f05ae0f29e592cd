import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { useMarkNotificationsRead, useNotifications } from '@/features/content/api/content';
import { formatDateTime } from '@/lib/format';

/** Spec §2 /notifications (login): every notification of the player, newest first, with its text. */
export default function NotificationsPage() {
  const { t } = useTranslation(['layout', 'content']);
  const notifications = useNotifications(true);
  const markRead = useMarkNotificationsRead();
  const list = notifications.data?.notifications ?? [];
  const unread = notifications.data?.unread ?? 0;
  return (
    <section className="page" data-testid="page-notifications">
      <header className="page__header">
        <h1>{t('layout:titles.notifications')}</h1>
        {unread > 0 && (
          <button type="button" className="button" disabled={markRead.isPending} onClick={() => markRead.mutate(undefined)} data-testid="mark-all-read">
            {t('content:markAllRead')}
          </button>
        )}
      </header>
      {notifications.isPending ? (
        <div className="page-loading" aria-busy="true" />
      ) : list.length === 0 ? (
        <EmptyState title={t('content:noNotifications')} />
      ) : (
        <ul className="notification-list">
          {list.map((n) => (
            <li key={n.id} className={n.read ? 'notification' : 'notification notification--unread'} data-testid="notification">
              <header>
                <strong>{n.title}</strong> <time dateTime={n.sentAt}>{formatDateTime(n.sentAt)}</time>
                {!n.read && <span className="tag">{t('content:unread')}</span>}
              </header>
              {n.body && <p className="prose">{n.body}</p>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
