import { CreditLimitBody, CutCreditBody, SendCreditBody } from '@contract/money';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError, Notice } from '@/components/field-error';
import { newRequestId } from '@/lib/api-client';
import { useFailureText } from '@/lib/error-text';
import { parseAmount } from '@/lib/format';
import { type FieldErrors, validate } from '@/lib/form';
import { type CreditMove, useCreditMove } from '../api/dealers';

type Action = 'send' | 'cut' | 'limit';

/**
 * Dealer credit for one account I opened (§6): send it credit from my wallet, cut credit back, or
 * (for a dealer or terminal) set how far below zero it may go. Amounts are typed as decimals and sent
 * as minor units, checked with the api's own schemas.
 */
export function CreditPanel({ userId, userName, canSetLimit, allowed }: { userId: string; userName: string; canSetLimit: boolean; allowed: readonly Action[] }) {
  const { t } = useTranslation('dealers');
  const failure = useFailureText();
  const move = useCreditMove();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [done, setDone] = useState<Action | null>(null);

  const run = (action: Action) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    const typed = String(new FormData(element).get('amount') ?? '');
    const amount = parseAmount(typed) ?? typed;
    const requestId = newRequestId();
    const checked =
      action === 'send'
        ? validate(SendCreditBody, { requestId, toUserId: userId, amount })
        : action === 'cut'
          ? validate(CutCreditBody, { requestId, fromUserId: userId, amount })
          : validate(CreditLimitBody, { requestId, userId, creditLimit: amount });
    setErrors(checked.ok ? {} : Object.fromEntries(Object.entries(checked.errors).map(([path, error]) => [`${action}.${path}`, error])));
    setDone(null);
    if (!checked.ok) return;
    move.mutate({ kind: action, body: checked.data } as CreditMove, {
      onSuccess: () => {
        element.reset();
        setDone(action);
      },
    });
  };

  const form = (action: Action, amountPath: string) => (
    <form key={action} className="form form--inline" onSubmit={run(action)} noValidate data-testid={`credit-${action}`}>
      <label>
        {t(`credit.${action}Label`)}
        <input name="amount" inputMode="decimal" placeholder="0,00" />
        <FieldError errors={errors} name={`${action}.${amountPath}`} />
      </label>
      <button type="submit" className="button button--primary" disabled={move.isPending}>
        {t(`credit.${action}`)}
      </button>
    </form>
  );

  return (
    <div className="panel" data-testid="credit-panel">
      <h2>{t('credit.title', { userName })}</h2>
      {allowed.includes('send') ? form('send', 'amount') : null}
      {allowed.includes('cut') ? form('cut', 'amount') : null}
      {canSetLimit && allowed.includes('limit') ? form('limit', 'creditLimit') : null}
      {move.isError ? <Notice kind="error" testId="credit-error">{failure(move.error)}</Notice> : null}
      {done ? <Notice kind="success" testId="credit-done">{t(`credit.${done}Done`)}</Notice> : null}
    </div>
  );
}
