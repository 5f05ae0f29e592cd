import type { PaymentMethodView as PaymentMethodSchema, TransactionView, TransferView as TransferSchema } from '@kupon/api/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { DayRange } from '../date-range';

/** The money read routes of the api (api/src/routes/wallet.ts, transfers.ts, payments.ts). */
export const MONEY_PATHS = {
  transactions: '/api/v1/wallet/transactions',
  transfers: '/api/v1/transfers',
  paymentMethods: '/api/v1/payments/methods',
} as const;

/**
 * The api answers the newest rows up to `limit` and has no further pages: the page asks for the
 * most it serves and says so when a range holds more.
 */
export const TRANSACTIONS_LIMIT = 500;
export const TRANSFERS_LIMIT = 100;

export type Transaction = TransactionView;
/** The contract has the schema only; its parse result is the wire shape. */
export type Transfer = ReturnType<(typeof TransferSchema)['parse']>;
type PaymentMethod = ReturnType<(typeof PaymentMethodSchema)['parse']>;

/** `getTransactions`: my money movements in the range, newest first. */
export function useTransactions(range: DayRange) {
  return useQuery({
    queryKey: ['money', 'transactions', range.from, range.to],
    queryFn: async () => (await apiRequest<{ transactions: Transaction[] }>(MONEY_PATHS.transactions, { query: { from: range.from, to: range.to, limit: TRANSACTIONS_LIMIT } })).transactions,
  });
}

/** `getTransfers`: my deposit and withdrawal requests, newest first. */
export function useTransfers() {
  return useQuery({
    queryKey: ['money', 'transfers'],
    queryFn: async () => (await apiRequest<{ transfers: Transfer[] }>(MONEY_PATHS.transfers, { query: { limit: TRANSFERS_LIMIT } })).transfers,
    // A waiting request is decided by staff or a provider meanwhile: re-read while the page is open.
    refetchInterval: 15_000,
  });
}

/**
 * A transfer names its method only by `payId`; the method lists (deposit and withdraw, in the page's
 * language) give its name. Until they answer, or for a method no longer offered, the page shows the
 * provider instead.
 */
export function usePaymentMethodNames(lang: string): ReadonlyMap<number, string> {
  const query = useQuery({
    queryKey: ['money', 'paymentMethodNames', lang],
    queryFn: async () => {
      const lists = await Promise.all(
        (['deposit', 'withdraw'] as const).map((direction) => apiRequest<{ methods: PaymentMethod[] }>(MONEY_PATHS.paymentMethods, { query: { direction, lang } }).then((r) => r.methods)),
      );
      const names = new Map<number, string>();
      for (const method of lists.flat()) for (const paytype of method.paytypes) if (!names.has(paytype.payId)) names.set(paytype.payId, paytype.payType || method.catName);
      return names;
    },
    staleTime: 300_000,
    retry: false,
  });
  return query.data ?? EMPTY;
}

const EMPTY: ReadonlyMap<number, string> = new Map();
