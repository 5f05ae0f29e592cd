import { useTranslation } from 'react-i18next';
import { LoginForm } from '@/features/auth/components/login-form';
import { useSiteSettings } from '@/features/site/api/get-settings';

/** Spec §2 /firstlogin: the login screen (header and footer hidden). */
export default function LoginPage() {
  const { t } = useTranslation('auth');
  const settings = useSiteSettings();
  return (
    <section className="page page--narrow login-screen" data-testid="page-login">
      <h1>{settings.title}</h1>
      <h2>{t('signIn')}</h2>
      <LoginForm showRegister={settings.register_disabled !== 1} />
    </section>
  );
}
