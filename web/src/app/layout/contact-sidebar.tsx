import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { useSiteSettings } from '@/features/site/api/get-settings';
import { liveChatUrl } from '@/features/site/live-chat';
import { whatsappNumbers } from '@/features/site/types';
import './contact-sidebar.css';

/**
 * Spec §2 "A contact sidebar exists": the brand's contact ways, fed by the site settings (§3 whatsapp
 * number and title, telegram name, live chat), at the side of every page that has a header. §3
 * names no contact e-mail: every site's way in writing is its contact form, so the sidebar is always
 * there, with the form's link even where the brand set no other way.
 */
export function ContactSidebar() {
  const { t } = useTranslation('layout');
  const { lang = 'tr' } = useParams();
  const settings = useSiteSettings();
  const numbers = whatsappNumbers(settings);
  const telegram = settings.telegramName.replace(/^@/, '');
  const chat = liveChatUrl(settings);
  return (
    <aside className="contact-sidebar" aria-label={t('contact.title')} data-testid="contact-sidebar">
      <h2 className="contact-sidebar__title">{t('contact.title')}</h2>
      <Link className="contact-sidebar__item contact-sidebar__item--form" to={`/${lang}/contact`} data-testid="contact-form-link">
        {t('contact.form')}
      </Link>
      {chat && (
        <a className="contact-sidebar__item contact-sidebar__item--chat" href={chat} target="_blank" rel="noreferrer" data-testid="contact-live-chat">
          {t('contact.liveChat')}
        </a>
      )}
      {numbers.map((number) => (
        <a key={number} className="contact-sidebar__item contact-sidebar__item--whatsapp" href={`https://wa.me/${number.replace(/\D/g, '')}`} target="_blank" rel="noreferrer" data-testid="contact-whatsapp">
          {settings.whatsappTitle || t('whatsapp')} {number}
        </a>
      ))}
      {telegram && (
        <a className="contact-sidebar__item contact-sidebar__item--telegram" href={`https://t.me/${telegram}`} target="_blank" rel="noreferrer" data-testid="contact-telegram">
          {t('telegram', { name: telegram })}
        </a>
      )}
    </aside>
  );
}
