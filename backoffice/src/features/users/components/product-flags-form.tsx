import type { ProductFlags as Flags, StaffUserView } from '@kupon/api/contract';
import { ProductFlags } from '@contract/identity';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '@/components/field-error';
import { useFailureText } from '@/lib/error-text';
import { type FieldErrors, validate } from '@/lib/form';
import { useChangeUser } from '../api/users';

const FLAGS = Object.keys(ProductFlags.shape) as (keyof Flags)[];

/** Spec §3/§6 product flags (1 enables a product's menus, links and routes). */
export function ProductFlagsForm({ user, editable }: { user: StaffUserView; editable: boolean }) {
  const { t } = useTranslation('users');
  const failure = useFailureText();
  const change = useChangeUser(user.userId);
  const [errors, setErrors] = useState<FieldErrors>({});
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const checked = validate(ProductFlags, Object.fromEntries(FLAGS.map((flag) => [flag, form.get(flag) ? 1 : 0])));
    setErrors(checked.ok ? {} : checked.errors);
    if (checked.ok) change.mutate({ part: 'products', body: checked.data });
  };
  return (
    <form className="panel form" onSubmit={submit} data-testid="product-flags" key={JSON.stringify(user.products)}>
      <h2>{t('products')}</h2>
      <div className="checks">
        {FLAGS.map((flag) => (
          <label key={flag} className="check">
            <input type="checkbox" name={flag} defaultChecked={user.products[flag] === 1} disabled={!editable} />
            {t(`flags.${flag}`)}
          </label>
        ))}
      </div>
      {Object.keys(errors).length ? <Notice kind="error">{t('invalidForm')}</Notice> : null}
      {change.isError ? <Notice kind="error">{failure(change.error)}</Notice> : null}
      {editable ? (
        <button type="submit" className="button button--primary" disabled={change.isPending}>
          {t('save')}
        </button>
      ) : null}
    </form>
  );
}
