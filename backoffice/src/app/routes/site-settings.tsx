import { useTranslation } from 'react-i18next';
import { Notice } from '@/components/field-error';
import { useMe } from '@/features/auth/api/session';
import { useRolePermissions, useSite } from '@/features/site-settings/api/site-settings';
import { RolePermissionsForm } from '@/features/site-settings/components/role-permissions';
import { SiteSettingsForm } from '@/features/site-settings/components/settings-form';
import { useFailureText } from '@/lib/error-text';

/** Site settings (spec §3, every field) and the permission sets of the staff roles (§6); admins only ("only admins handle system menus"). */
export default function SiteSettingsPage() {
  const { t } = useTranslation('site');
  const failure = useFailureText();
  const me = useMe().data!;
  const site = useSite();
  const roles = useRolePermissions();
  const editable = me.role === 'admin';
  return (
    <section className="card" data-testid="page-site">
      <h1>{t('title')}</h1>
      {site.isError ? <Notice kind="error">{failure(site.error)}</Notice> : null}
      {site.data ? <SiteSettingsForm site={site.data} editable={editable} /> : null}
      {roles.isError ? <Notice kind="error">{failure(roles.error)}</Notice> : null}
      {roles.data ? <RolePermissionsForm roles={roles.data} editable={editable} /> : null}
    </section>
  );
}
