import { useTranslation } from 'react-i18next';
import { useUser } from '@/features/auth/api/get-user';
import { ProfileForm } from '@/features/auth/components/profile-form';
import { useSiteSettings } from '@/features/site/api/get-settings';
import { decimalsOf } from '@/features/site/display';
import { formatMoney } from '@/lib/format';

/** Spec §2 /userInformation: the account at a glance, then §7 updateProfile's form. */
export default function UserInformationPage() {
  const { t } = useTranslation('auth');
  const { user } = useUser();
  const settings = useSiteSettings();
  if (!user) return null;
  return (
    <section className="page page--narrow" data-testid="page-userInformation">
      <h1>{t('userInformation')}</h1>
      <dl className="facts">
        <dt>{t('userName')}</dt>
        <dd>{user.userName}</dd>
        <dt>{t('fields.firstName')}</dt>
        <dd>{user.firstName}</dd>
        <dt>{t('fields.lastName')}</dt>
        <dd>{user.lastName}</dd>
        <dt>{t('balance')}</dt>
        <dd>{formatMoney(user.userCredit, user.currency, settings.currencyMode, decimalsOf(settings))}</dd>
      </dl>
      <ProfileForm />
    </section>
  );
}
