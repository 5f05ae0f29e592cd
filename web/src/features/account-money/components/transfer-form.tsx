import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlayerInfo } from '@/features/auth/types';
import { useErrorText } from '@/lib/error-text';
import { useSiteDisplay } from '@/features/site/display';
import type { PaymentField, Paytype } from '../api/money';
import type { usePaymentRequest } from '../hooks/use-payment-request';
import { type FieldProblem, formProblems, selectOptions } from '../payment-form';

const PLACEHOLDERS: Partial<Record<PaymentField['type'], 'datePlaceholder' | 'datetimePlaceholder' | 'timePlaceholder'>> = {
  date: 'datePlaceholder',
  birthdate: 'datePlaceholder',
  datetime: 'datetimePlaceholder',
  time: 'timePlaceholder',
};

/**
 * Spec §2/§5 payment form: first and last name from the account (shown, not editable), then the
 * paytype's own fields; each is checked by the §5 rules and the amount against Min and Max, with
 * the translated problem under its field and what was typed kept. Nothing is sent while one fails.
 */
export function TransferForm({ paytype, request, user }: { paytype: Paytype; request: ReturnType<typeof usePaymentRequest>; user: PlayerInfo | null }) {
  const { t } = useTranslation('money');
  const errorText = useErrorText();
  const display = useSiteDisplay();
  const [values, setValues] = useState<Record<string, string>>({});
  const [problems, setProblems] = useState<Record<string, FieldProblem>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = formProblems(paytype.fields, values, paytype);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    request.send({ values: paytype.fields.map((field) => ({ name: field.name, value: (values[field.name] ?? '').trim() })) });
  };

  const problemText = (problem: FieldProblem) =>
    problem.kind === 'rule' ? errorText(problem.key, problem.params) : t(problem.kind, { amount: display.money(problem.amount, user?.currency) });

  return (
    <form className="form" onSubmit={submit} noValidate data-testid="payment-form">
      <label>
        {t('firstName')}
        <input name="firstName" value={user?.firstName ?? ''} disabled readOnly />
      </label>
      <label>
        {t('lastName')}
        <input name="lastName" value={user?.lastName ?? ''} disabled readOnly />
      </label>
      {paytype.fields.map((field) => {
        const value = values[field.name] ?? '';
        const set = (next: string) => setValues((all) => ({ ...all, [field.name]: next }));
        const problem = problems[field.name];
        const placeholder = field.placeHolder || (PLACEHOLDERS[field.type] ? t(PLACEHOLDERS[field.type]!) : '');
        return (
          <label key={field.name}>
            {field.title}
            {field.type === 'select' ? (
              <select name={field.name} value={value} onChange={(e) => set(e.target.value)} data-testid={`payment-field-${field.name}`}>
                <option value="">{t('choose')}</option>
                {selectOptions(field.options).map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.text}
                  </option>
                ))}
              </select>
            ) : (
              <input
                name={field.name}
                type={field.type === 'email' ? 'email' : 'text'}
                inputMode={field.type === 'amount' || field.type === 'number' ? 'numeric' : undefined}
                value={value}
                placeholder={placeholder}
                {...(field.maxLength > 0 ? { maxLength: field.maxLength } : {})}
                onChange={(e) => set(e.target.value)}
                aria-invalid={problem ? true : undefined}
                data-testid={`payment-field-${field.name}`}
              />
            )}
            {problem && (
              <span className="field-error" data-testid={`payment-field-${field.name}-error`}>
                {problemText(problem)}
              </span>
            )}
          </label>
        );
      })}
      <button type="submit" className="button button--primary button--block" disabled={request.sending}>
        {request.sending ? t('sending') : t('send')}
      </button>
    </form>
  );
}
