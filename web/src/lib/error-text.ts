import { createContext, useCallback, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from './format';

/**
 * How an amount inside an error text is written (minor units in). The product's two decimals unless
 * the app provides the site's own display (§3 tofixedNumber, currencyMode): the layout does, since
 * this file sits below the site feature and cannot read its settings itself.
 */
export const ErrorAmountFormat = createContext<(amount: number) => string>((amount) => formatMoney(amount));

/** Error keys whose parameter is an amount in minor units (domain `minStake|X`, `maxStake|X`). */
const MONEY_PARAMS = new Set(['minStake', 'maxStake', 'stakeNotDivisible', 'maxPay', 'betLimitForMatches']);

/**
 * Spec §8: "text before the first pipe is a translation key, next part fills the amount
 * placeholder". A text that is no key (a server's own message) is shown as it came.
 */
export function useErrorText(): (key: string, params?: readonly (string | number)[]) => string {
  const { t, i18n } = useTranslation('errors');
  const money = useContext(ErrorAmountFormat);
  return useCallback(
    (key: string, params: readonly (string | number)[] = []) => {
      const first = params[0];
      const amount = first !== undefined && MONEY_PARAMS.has(key) && /^\d+$/.test(String(first)) ? money(Number(first)) : first;
      if (!i18n.exists(key, { ns: 'errors' })) return params.length ? `${key} ${params.join(' ')}` : key;
      // 'minLengthMaxLength|userName|4|20': the numbers are the bounds, whatever comes before them.
      const [min = '', max = ''] = params.map(String).filter((p) => /^\d+$/.test(p));
      return t(key as never, { amount: amount ?? '', param: amount ?? '', min, max }) as string;
    },
    [t, i18n, money],
  );
}
