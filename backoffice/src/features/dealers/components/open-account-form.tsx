import type { OpenAccountBody as OpenAccount } from '@kupon/api/contract';
import { OpenAccountBody } from '@contract/identity';
import { isDealerRole, type Role } from '@kupon/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError, Notice } from '@/components/field-error';
import { useFailureText } from '@/lib/error-text';
import { type FieldErrors, validate } from '@/lib/form';
import { useCountries, useOpenAccount } from '../api/dealers';

/**
 * Opens a sub-dealer, player or terminal under me (or, for an admin, under the chosen parent), within
 * my opening limits (§6). Validated with the api's `OpenAccountBody`; the §5 content rules come back
 * from the server with their keys.
 */
export function OpenAccountForm({ roles, parentId, onOpened }: { roles: readonly Role[]; parentId: string | null; onOpened: (userName: string) => void }) {
  const { t, i18n } = useTranslation('dealers');
  const countries = useCountries(i18n.language === 'en' ? 'en' : 'tr');
  const failure = useFailureText();
  const open = useOpenAccount();
  const [role, setRole] = useState<Role>(roles[0] ?? 'player');
  const [errors, setErrors] = useState<FieldErrors>({});
  const dealer = isDealerRole(role);
  const person = role === 'player' || role === 'affiliate';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    const form = new FormData(element);
    const text = (name: string) => {
      const value = String(form.get(name) ?? '').trim();
      return value === '' ? undefined : value;
    };
    const count = (name: string) => (text(name) === undefined ? null : Number(text(name)));
    const body: Record<string, unknown> = {
      role,
      userName: text('userName'),
      password: text('password'),
      passwordRepeat: text('passwordRepeat'),
      firstName: text('firstName'),
      lastName: text('lastName'),
      email: text('email'),
      mobile: text('mobile'),
      birthDate: text('birthDate'),
      sex: text('sex'),
      city: text('city'),
      address: text('address'),
      postCode: text('postCode'),
      countryId: text('countryId'),
      ...(parentId ? { parentId } : {}),
      ...(dealer ? { openingLimits: { dealers: count('limitDealers'), users: count('limitUsers') } } : {}),
    };
    const checked = validate(OpenAccountBody, body);
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    open.mutate(checked.data as OpenAccount, {
      onSuccess: () => {
        element.reset();
        onOpened(String(body.userName ?? ''));
      },
    });
  };

  const field = (name: string, type = 'text', autoComplete = 'off') => (
    <label>
      {t(`fields.${name}` as never)}
      <input name={name} type={type} autoComplete={autoComplete} />
      <FieldError errors={errors} name={name} />
    </label>
  );

  return (
    <form className="form" onSubmit={submit} noValidate data-testid="open-account">
      <label>
        {t('fields.role')}
        <select name="role" value={role} onChange={(event) => setRole(event.target.value as Role)}>
          {roles.map((r) => (
            <option key={r} value={r}>
              {t(`common:roles.${r}` as never)}
            </option>
          ))}
        </select>
      </label>
      <div className="form--grid">
        {field('userName')}
        {field('password', 'password', 'new-password')}
        {field('passwordRepeat', 'password', 'new-password')}
        {field('firstName')}
        {field('lastName')}
        {field('email', 'email')}
        {field('mobile', 'tel')}
        {person ? (
          <>
            {field('birthDate')}
            <label>
              {t('fields.sex')}
              <select name="sex" defaultValue="m">
                <option value="m">{t('sexes.m')}</option>
                <option value="f">{t('sexes.f')}</option>
              </select>
            </label>
            {countries.data ? (
              // The api takes an ISO 3166 code (§7 getCountries): chosen from its list, the site's default first chosen.
              <label>
                {t('fields.countryId')}
                <select name="countryId" defaultValue={countries.data.defaultCountry}>
                  <option value="">—</option>
                  {countries.data.countries.map((country) => (
                    <option key={country.code} value={country.code}>
                      {country.name}
                    </option>
                  ))}
                </select>
                <FieldError errors={errors} name="countryId" />
              </label>
            ) : (
              field('countryId')
            )}
            {field('city')}
            {field('address')}
            {field('postCode')}
          </>
        ) : null}
        {dealer ? (
          <>
            <label>
              {t('fields.limitDealers')}
              <input name="limitDealers" inputMode="numeric" placeholder="∞" />
              <FieldError errors={errors} name="openingLimits.dealers" />
            </label>
            <label>
              {t('fields.limitUsers')}
              <input name="limitUsers" inputMode="numeric" placeholder="∞" />
              <FieldError errors={errors} name="openingLimits.users" />
            </label>
          </>
        ) : null}
      </div>
      {open.isError ? <Notice kind="error" testId="open-error">{failure(open.error)}</Notice> : null}
      {open.isSuccess ? <Notice kind="success" testId="open-success">{t('opened')}</Notice> : null}
      <button type="submit" className="button button--primary" disabled={open.isPending}>
        {t('openAccount')}
      </button>
    </form>
  );
}
