import { useTranslation } from 'react-i18next';
import { useUser } from '@/features/auth/api/get-user';
import { useProfile } from '@/features/auth/api/profile';
import { playerName } from '../contact-form';
import { ContactForm } from './contact-form';
import { MyContactMessages } from './my-contact-messages';
import './contact.css';

/**
 * Spec §2 contact page at `/:lang/contact`, for anyone: the contact form, and for a logged-in player
 * the form starts with their name and e-mail and their own messages follow it.
 */
export default function ContactPage() {
  const { t } = useTranslation(['layout', 'contact']);
  const { user, isLoading } = useUser();
  const profile = useProfile(user !== null);
  if (isLoading) return <div className="page-loading" aria-busy="true" />;
  return (
    <section className="page page--narrow" data-testid="page-contact">
      <h1>{t('layout:titles.contact')}</h1>
      <p>{t('contact:intro')}</p>
      <ContactForm player={user ? { name: playerName(user), email: profile.data?.email ?? '' } : null} />
      {user && <MyContactMessages />}
    </section>
  );
}
