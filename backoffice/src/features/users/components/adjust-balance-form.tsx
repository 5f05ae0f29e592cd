import { AdjustBody } from '@contract/money';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError, Notice } from '@/components/field-error';
import { newRequestId } from '@/lib/api-client';
import { useFailureText } from '@/lib/error-text';
import { formatMoney, parseAmount } from '@/lib/format';
import { type FieldErrors, validate } from '@/lib/form';
import { useAdjustBalance } from '../api/users';

/** A signed correction of the user's balance with the reason; the event log keeps the before, after, who and why. */
export function AdjustBalanceForm({ userId }: { userId: string }) {
  const { t } = useTranslation('users');
  const failure = useFailureText();
  const adjust = useAdjustBalance();
  const [errors, setErrors] = useState<FieldErrors>({});
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    const form = new FormData(element);
    const typed = String(form.get('amount') ?? '');
    const checked = validate(AdjustBody, { requestId: newRequestId(), userId, amount: parseAmount(typed) ?? typed, reason: String(form.get('reason') ?? '').trim() });
    setErrors(checked.ok ? {} : checked.errors);
    if (checked.ok) adjust.mutate(checked.data, { onSuccess: () => element.reset() });
  };
  return (
    <form className="panel form" onSubmit={submit} noValidate data-testid="adjust-balance">
      <h2>{t('adjust')}</h2>
      <div className="form--grid">
        <label>
          {t('adjustAmount')}
          <input name="amount" inputMode="decimal" placeholder="-10,00 / 25,00" />
          <FieldError errors={errors} name="amount" />
        </label>
        <label>
          {t('reason')}
          <input name="reason" maxLength={300} />
          <FieldError errors={errors} name="reason" />
        </label>
      </div>
      {adjust.isError ? <Notice kind="error">{failure(adjust.error)}</Notice> : null}
      {adjust.isSuccess ? <Notice kind="success">{t('adjusted', { balance: formatMoney(adjust.data.wallet.balance, adjust.data.wallet.currency) })}</Notice> : null}
      <button type="submit" className="button button--primary" disabled={adjust.isPending}>
        {t('adjust')}
      </button>
    </form>
  );
}
