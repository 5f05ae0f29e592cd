import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { useSiteSettings } from '@/features/site/api/get-settings';
import { liveChatUrl } from '@/features/site/live-chat';
import { whatsappNumbers } from '@/features/site/types';
import './contact-sidebar.css';

/** The width below which the sidebar starts folded (the stylesheet's phone layout). */
const PHONE = '(max-width: 700px)';

function startsOpen(): boolean {
  return typeof window.matchMedia !== 'function' || !window.matchMedia(PHONE).matches;
}

/**
 * Spec §2 "A contact sidebar exists": the brand's contact ways, fed by the site settings (§3 whatsapp
 * number and title, telegram name, live chat), at the side of every page that has a header. §3
 * names no contact e-mail: every site's way in writing is its contact form, so the sidebar is always
 * there, with the form's link even where the brand set no other way. Its title folds it to a tab and
 * back: open at first on a wide screen, folded on a phone, where it would cover the page.
 */
export function ContactSidebar() {
  const { t } = useTranslation('layout');
  const { lang = 'tr' } = useParams();
  const settings = useSiteSettings();
  const numbers = whatsappNumbers(settings);
  const telegram = settings.telegramName.replace(/^@/, '');
  const chat = liveChatUrl(settings);
  const [open, setOpen] = useState(startsOpen);
  const ways = useId();
  return (
    <aside className={open ? 'contact-sidebar contact-sidebar--open' : 'contact-sidebar'} aria-label={t('contact.title')} data-testid="contact-sidebar">
      <h2 className="contact-sidebar__title">
        <button type="button" className="contact-sidebar__toggle" aria-expanded={open} aria-controls={ways} onClick={() => setOpen(!open)} data-testid="contact-sidebar-toggle">
          {t('contact.title')}
        </button>
      </h2>
      <div className="contact-sidebar__ways" id={ways} hidden={!open}>
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
      </div>
    </aside>
  );
}
