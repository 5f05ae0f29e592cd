import type { StaffUserView } from '@kupon/api/contract';
import { OpeningLimitsBody, PermissionsBody } from '@contract/identity';
import { isDealerRole, PERMISSIONS, type Role } from '@kupon/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError, Notice } from '@/components/field-error';
import { useFailureText } from '@/lib/error-text';
import { type FieldErrors, validate } from '@/lib/form';
import { useChangeUser } from '../api/users';

/** A staff member's permission set (§6: a change forces a new login) and, for a dealer, how many dealers and users it may open. */
export function PermissionsForm({ user, editable }: { user: StaffUserView; editable: boolean }) {
  const { t } = useTranslation('users');
  const failure = useFailureText();
  const change = useChangeUser(user.userId);
  const [errors, setErrors] = useState<FieldErrors>({});
  const dealer = isDealerRole(user.role as Role);

  const savePermissions = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const checked = validate(PermissionsBody, { permissions: PERMISSIONS.filter((p) => form.get(p)) });
    if (checked.ok) change.mutate({ part: 'permissions', body: checked.data });
  };
  const saveOpening = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const count = (name: string) => {
      const text = String(form.get(name) ?? '').trim();
      return text === '' ? null : Number(text);
    };
    const checked = validate(OpeningLimitsBody, { dealers: count('dealers'), users: count('users') });
    setErrors(checked.ok ? {} : checked.errors);
    if (checked.ok) change.mutate({ part: 'opening-limits', body: checked.data });
  };

  return (
    <div className="panel" data-testid="permissions">
      <form className="form" onSubmit={savePermissions} key={user.permissions.join()}>
        <h2>{t('permissions')}</h2>
        <div className="checks">
          {PERMISSIONS.map((permission) => (
            <label key={permission} className="check">
              <input type="checkbox" name={permission} defaultChecked={user.permissions.includes(permission)} disabled={!editable} />
              {t(`permission.${permission}`)}
            </label>
          ))}
        </div>
        {editable ? (
          <button type="submit" className="button" disabled={change.isPending}>
            {t('save')}
          </button>
        ) : null}
      </form>
      {dealer ? (
        <form className="form form--inline" onSubmit={saveOpening} noValidate key={JSON.stringify(user.openingLimits)}>
          <h3>{t('openingLimits')}</h3>
          <label>
            {t('dealersCount')}
            <input name="dealers" inputMode="numeric" placeholder="∞" defaultValue={user.openingLimits.dealers ?? ''} disabled={!editable} />
            <FieldError errors={errors} name="dealers" />
          </label>
          <label>
            {t('usersCount')}
            <input name="users" inputMode="numeric" placeholder="∞" defaultValue={user.openingLimits.users ?? ''} disabled={!editable} />
            <FieldError errors={errors} name="users" />
          </label>
          {editable ? (
            <button type="submit" className="button" disabled={change.isPending}>
              {t('save')}
            </button>
          ) : null}
        </form>
      ) : null}
      {change.isError ? <Notice kind="error">{failure(change.error)}</Notice> : null}
    </div>
  );
}
