import type { StaffUserView } from '@kupon/api/contract';
import { BettingLimits } from '@contract/identity';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError, Notice } from '@/components/field-error';
import { useFailureText } from '@/lib/error-text';
import { amountInput, oddsInput, parseAmount, parseOdds } from '@/lib/format';
import { type FieldErrors, validate } from '@/lib/form';
import { useChangeUser } from '../api/users';

const KINDS = ['multiple', 'combine', 'system'] as const;
const MONEY = ['minStake', 'maxStake', 'maxPay'] as const;

/** Spec §3 limits objects (minTip, minStake, maxStake, maxPay, status per coupon kind; coupon odds bounds). Money is typed as a decimal and sent in minor units. */
export function LimitsForm({ user, editable }: { user: StaffUserView; editable: boolean }) {
  const { t } = useTranslation('users');
  const failure = useFailureText();
  const change = useChangeUser(user.userId);
  const [errors, setErrors] = useState<FieldErrors>({});
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '');
    // An unreadable entry goes to the schema as it was typed, so the schema names the field.
    const money = (name: string) => parseAmount(text(name)) ?? text(name);
    const odds = (name: string) => parseOdds(text(name)) ?? text(name);
    const value = {
      ...Object.fromEntries(
        KINDS.map((kind) => [
          kind,
          { minTip: Number(text(`${kind}.minTip`)), ...Object.fromEntries(MONEY.map((m) => [m, money(`${kind}.${m}`)])), status: form.get(`${kind}.status`) ? 1 : 0 },
        ]),
      ),
      minOddsCoupon: odds('minOddsCoupon'),
      maxOddsCoupon: odds('maxOddsCoupon'),
    };
    const checked = validate(BettingLimits, value);
    setErrors(checked.ok ? {} : checked.errors);
    if (checked.ok) change.mutate({ part: 'limits', body: checked.data });
  };
  const { limits } = user;
  return (
    <form className="panel form" onSubmit={submit} noValidate data-testid="limits-form" key={JSON.stringify(limits)}>
      <h2>{t('limits')}</h2>
      <table className="table table--compact">
        <thead>
          <tr>
            <th />
            <th>{t('limit.minTip')}</th>
            {MONEY.map((m) => (
              <th key={m}>{t(`limit.${m}`)}</th>
            ))}
            <th>{t('limit.status')}</th>
          </tr>
        </thead>
        <tbody>
          {KINDS.map((kind) => (
            <tr key={kind}>
              <th>{t(`limit.${kind}`)}</th>
              <td>
                <input name={`${kind}.minTip`} inputMode="numeric" defaultValue={limits[kind].minTip} disabled={!editable} size={4} />
                <FieldError errors={errors} name={`${kind}.minTip`} />
              </td>
              {MONEY.map((m) => (
                <td key={m}>
                  <input name={`${kind}.${m}`} inputMode="decimal" defaultValue={amountInput(limits[kind][m])} disabled={!editable} size={9} />
                  <FieldError errors={errors} name={`${kind}.${m}`} />
                </td>
              ))}
              <td>
                <input type="checkbox" name={`${kind}.status`} aria-label={t('limit.status')} defaultChecked={limits[kind].status === 1} disabled={!editable} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="form--grid">
        {(['minOddsCoupon', 'maxOddsCoupon'] as const).map((name) => (
          <label key={name}>
            {t(`limit.${name}`)}
            <input name={name} inputMode="decimal" defaultValue={oddsInput(limits[name])} disabled={!editable} />
            <FieldError errors={errors} name={name} />
          </label>
        ))}
      </div>
      <p className="muted small">{t('limitsHint')}</p>
      {change.isError ? <Notice kind="error">{failure(change.error)}</Notice> : null}
      {change.isSuccess ? <Notice kind="success">{t('saved')}</Notice> : null}
      {editable ? (
        <button type="submit" className="button button--primary" disabled={change.isPending}>
          {t('save')}
        </button>
      ) : null}
    </form>
  );
}
