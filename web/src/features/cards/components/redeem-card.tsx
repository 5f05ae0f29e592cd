import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { useErrorText } from '@/lib/error-text';
import { useSiteDisplay } from '@/features/site/display';
import { useRedeemCard } from '../api/redeem-card';

/**
 * "Redeem card": a prepaid card bought from a dealer (number + PIN) loads its amount into the
 * wallet, once. Shown with the deposit methods on the /deposit page and in the header's deposit
 * popup (the app mounts this one component in both); a wrong number or PIN is one vague message.
 */
export function RedeemCard() {
  const { t } = useTranslation('cards');
  const errorText = useErrorText();
  const display = useSiteDisplay();
  const redeem = useRedeemCard();
  const [missing, setMissing] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const number = String(data.get('number') ?? '').replace(/[\s-]/g, '');
    const pin = String(data.get('pin') ?? '').trim();
    if (!number || !pin) {
      setMissing(!number ? 'number' : 'pin');
      return;
    }
    setMissing(null);
    redeem.mutate({ number, pin }, { onSuccess: () => form.reset() });
  };

  const failure = redeem.error ? (isApiError(redeem.error) ? errorText(redeem.error.key, redeem.error.params) : errorText('tecnicalProblemTitle')) : null;
  return (
    <section className="redeem-card" data-testid="redeem-card">
      <h2>{t('redeemTitle')}</h2>
      <p className="muted">{t('redeemHint')}</p>
      <form onSubmit={submit} noValidate>
        <label>
          {t('number')} <input name="number" inputMode="numeric" autoComplete="off" maxLength={24} placeholder="0000 0000 0000 0000" />
        </label>
        <label>
          {t('pin')} <input name="pin" inputMode="numeric" autoComplete="off" maxLength={12} type="password" />
        </label>
        <button type="submit" className="button button--primary" disabled={redeem.isPending}>
          {t('redeem')}
        </button>
      </form>
      {missing ? (
        <p role="alert" className="form-error" data-testid="redeem-error">
          {errorText('isRequiredArea', [t(missing === 'number' ? 'number' : 'pin')])}
        </p>
      ) : null}
      {failure && !missing ? (
        <p role="alert" className="form-error" data-testid="redeem-error">
          {failure}
        </p>
      ) : null}
      {redeem.data && !redeem.isPending && !failure ? (
        <p role="status" className="form-success" data-testid="redeem-success">
          {t('redeemed', { amount: display.money(redeem.data.amount, redeem.data.wallet.currency) })}
        </p>
      ) : null}
    </section>
  );
}
