import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { isApiError } from '@/lib/api-client';
import { useSiteDisplay } from '@/features/site/display';
import { useErrorText } from '@/lib/error-text';
import { formatDateTime, formatMoney } from '@/lib/format';
import { type Transaction, TRANSACTIONS_LIMIT, useTransactions } from '../api/money';
import { type DayRange, dayRange, defaultRangeText, type RangeField, type RangeProblem } from '../date-range';
import { isTransactionType, signed } from '../labels';

export interface MoneyFormat {
  /** The player's currency and the site's §3 currency mode, as the header shows the balance. */
  readonly currency?: string | undefined;
  readonly currencyMode?: number | undefined;
}

/**
 * Spec §2 /transactions (`getTransactions`): the player's money movements in a day range, newest
 * first, in local time; each with its type in words, the signed amount and the balance after it.
 */
export function TransactionsList({ currency, currencyMode, today = new Date() }: MoneyFormat & { today?: Date }) {
  const { t } = useTranslation('money');
  const errorText = useErrorText();
  const [typed, setTyped] = useState(() => defaultRangeText(today));
  const [range, setRange] = useState<DayRange>(() => {
    const initial = dayRange(typed.from, typed.to);
    if (!initial.ok) throw new Error('the default range is always a valid range');
    return initial.range;
  });
  const [problems, setProblems] = useState<RangeProblem[]>([]);
  const transactions = useTransactions(range);
  const display = useSiteDisplay();
  const money = (amount: number) => formatMoney(amount, currency, currencyMode, display.decimals);

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = dayRange(typed.from, typed.to);
    setProblems(checked.ok ? [] : checked.problems);
    if (checked.ok) setRange(checked.range);
  };
  const problemText = (field: RangeField) => {
    const problem = problems.find((p) => p.field === field);
    if (!problem) return null;
    return problem.key === 'fromAfterTo' ? t('fromAfterTo') : errorText(problem.key);
  };
  const field = (name: RangeField) => (
    <label>
      {t(name)}
      <input name={name} inputMode="numeric" placeholder={t('dayPlaceholder')} value={typed[name]} onChange={(e) => setTyped({ ...typed, [name]: e.target.value })} aria-invalid={problemText(name) ? true : undefined} data-testid={`range-${name}`} />
      {problemText(name) && (
        <span className="field-error" data-testid={`range-${name}-error`}>
          {problemText(name)}
        </span>
      )}
    </label>
  );

  const rows = transactions.data;
  return (
    <>
      <form className="form form--grid" onSubmit={apply} noValidate data-testid="transactions-range">
        {field('from')}
        {field('to')}
        <button type="submit" className="button button--primary">
          {t('show')}
        </button>
      </form>
      {transactions.isPending ? (
        <div className="page-loading" aria-busy="true" data-testid="transactions-loading" />
      ) : transactions.isError ? (
        <p className="notice notice--error" role="alert" data-testid="transactions-error">
          {isApiError(transactions.error) ? errorText(transactions.error.key, transactions.error.params) : errorText('tecnicalProblemContent')}
        </p>
      ) : rows && rows.length > 0 ? (
        <>
          <table className="table" data-testid="transaction-list">
            <thead>
              <tr>
                <th>{t('time')}</th>
                <th>{t('type')}</th>
                <th>{t('amount')}</th>
                <th>{t('balance')}</th>
                <th>{t('detail')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.eventId} data-testid="transaction-row">
                  <td>{formatDateTime(row.at)}</td>
                  <td>{isTransactionType(row.type) ? t(`types.${row.type}`) : row.type}</td>
                  <td className={row.amount < 0 ? 'amount amount--out' : 'amount'}>{signed(row.amount, money)}</td>
                  <td>{money(row.balance)}</td>
                  <td>{detail(row, (amount) => t('newLimit', { amount: money(amount) }))}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {rows.length >= TRANSACTIONS_LIMIT && <p className="muted">{t('limitReached', { count: TRANSACTIONS_LIMIT })}</p>}
        </>
      ) : (
        <EmptyState title={t('noTransactions')} />
      )}
    </>
  );
}

/** What a row says beyond its type: a staff adjustment's reason, a credit limit's new value. */
function detail(row: Transaction, newLimit: (amount: number) => string): string {
  if (row.type === 'CreditLimitSet' && row.creditLimit !== null) return newLimit(row.creditLimit);
  if (row.type === 'BalanceAdjusted' && row.note) return row.note;
  return '';
}
