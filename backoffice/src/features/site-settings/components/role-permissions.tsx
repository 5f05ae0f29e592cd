import { PermissionsBody, type RolePermissions } from '@contract/identity';
import { PERMISSIONS, STAFF_ROLES, type StaffRole } from '@kupon/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '@/components/field-error';
import { useFailureText } from '@/lib/error-text';
import { validate } from '@/lib/form';
import { useChangeRolePermissions } from '../api/site-settings';

/** The admin's own set is every permission and is not edited (the api refuses `invalidField|role`). */
const EDITABLE_ROLES = STAFF_ROLES.filter((role) => role !== 'admin');

/**
 * §6 permission sets per role on this site: every account of the role works within its set; saving
 * ends the sessions of that role (they sign in again under the new set).
 */
export function RolePermissionsForm({ roles, editable }: { roles: RolePermissions; editable: boolean }) {
  const { t } = useTranslation(['site', 'users', 'common']);
  const failure = useFailureText();
  const change = useChangeRolePermissions();
  const [role, setRole] = useState<StaffRole>('dealer');
  const current = roles.roles[role] ?? [];

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const checked = validate(PermissionsBody, { permissions: PERMISSIONS.filter((permission) => form.get(permission) === 'on') });
    if (checked.ok) change.mutate({ role, permissions: checked.data.permissions });
  };

  return (
    <form className="panel form" onSubmit={submit} data-testid="role-permissions" key={`${role}-${current.join()}`}>
      <h2>{t('rolePermissionsTitle')}</h2>
      <label>
        {t('role')}
        <select name="role" value={role} onChange={(event) => (setRole(event.target.value as StaffRole), change.reset())} data-testid="permission-role">
          {EDITABLE_ROLES.map((r) => (
            <option key={r} value={r}>
              {t(`common:roles.${r}`)}
            </option>
          ))}
        </select>
      </label>
      <div className="checks">
        {PERMISSIONS.map((permission) => (
          <label key={permission} className="check">
            <input type="checkbox" name={permission} defaultChecked={current.includes(permission)} disabled={!editable} />
            {t(`users:permission.${permission}`)}
          </label>
        ))}
      </div>
      <p className="muted small">{t('rolePermissionsHint')}</p>
      {change.isError ? <Notice kind="error">{failure(change.error)}</Notice> : null}
      {change.isSuccess ? (
        <Notice kind="success" testId="role-permissions-saved">
          {t('rolePermissionsSaved', { role: t(`common:roles.${role}`) })}
        </Notice>
      ) : null}
      {editable ? (
        <button type="submit" className="button button--primary" disabled={change.isPending} data-testid="role-permissions-save">
          {t('save')}
        </button>
      ) : null}
    </form>
  );
}
