import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from './api-client';
import { formatMoney } from './format';

/** Error keys whose first parameter is an amount in minor units. */
const MONEY_PARAMS = new Set(['minStake', 'maxStake', 'stakeNotDivisible', 'maxPay', 'betLimitForMatches']);

/**
 * Spec §8: "text before the first pipe is a translation key, next part fills the placeholder". A text
 * that is no key (a server's own message) is shown as it came.
 */
export function useErrorText(): (key: string, params?: readonly (string | number)[]) => string {
  const { t, i18n } = useTranslation('errors');
  return useCallback(
    (key: string, params: readonly (string | number)[] = []) => {
      const first = params[0];
      const amount = first !== undefined && MONEY_PARAMS.has(key) && /^\d+$/.test(String(first)) ? formatMoney(Number(first)) : first;
      if (!i18n.exists(key, { ns: 'errors' })) return params.length ? `${key} ${params.join(' ')}` : key;
      const [min = '', max = ''] = params.map(String).filter((p) => /^\d+$/.test(p));
      return t(key as never, { amount: amount ?? '', param: amount ?? '', min, max }) as string;
    },
    [t, i18n],
  );
}

/** The translated text of whatever a mutation or query failed with. */
export function useFailureText(): (error: unknown) => string {
  const text = useErrorText();
  return useCallback((error: unknown) => (isApiError(error) ? text(error.key, error.params) : text('tecnicalProblemContent')), [text]);
}
