import type { StaffUserView } from '@kupon/api/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';

/** Spec §3 "User (admin view)": names, birth date, gender, ID number, e-mail, phone, address, IP and last login; for a dealer its parent, role, permissions and user limits. */
export function AdminFields({ user }: { user: StaffUserView }) {
  const { t } = useTranslation(['users', 'common']);
  const rows: [string, string][] = [
    [t('userName'), user.userName],
    [t('name'), `${user.firstName} ${user.lastName}`.trim()],
    [t('role'), t(`common:roles.${user.role}`)],
    [t('status'), t(`statuses.${user.status}`)],
    [t('birthDate'), user.birthDate],
    [t('sex'), user.sex ? t(`sexes.${user.sex === 'f' ? 'f' : 'm'}`) : ''],
    [t('idNumber'), user.idNumber ?? ''],
    [t('email'), user.email ?? ''],
    [t('mobile'), user.mobile ?? ''],
    [t('country'), user.countryId],
    [t('city'), user.city],
    [t('address'), user.address],
    [t('postCode'), user.postCode],
    [t('currency'), user.currency],
    [t('language'), user.lang],
    [t('lastLogin'), formatDateTime(user.lastLoginAt)],
    [t('lastLoginIp'), user.lastLoginIp ?? ''],
    [t('parent'), user.parentId ?? ''],
    [t('openingLimits'), `${t('dealersCount')}: ${user.opened.dealers}/${user.openingLimits.dealers ?? '∞'} · ${t('usersCount')}: ${user.opened.users}/${user.openingLimits.users ?? '∞'}`],
  ];
  return (
    <dl className="fields" data-testid="admin-fields">
      {rows.map(([label, value]) => (
        <div key={label} className="fields__row">
          <dt>{label}</dt>
          <dd>{value || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}
