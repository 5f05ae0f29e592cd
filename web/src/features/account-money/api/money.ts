import type {
  BanksResponse,
  PaymentMethodView as PaymentMethodSchema,
  TransactionView,
  TransferRequestBody,
  TransferRequestResponse,
  TransferView as TransferSchema,
} from '@kupon/api/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest, isMissingRoute } from '@/lib/api-client';
import type { DayRange } from '../date-range';

/** The money read routes of the api (api/src/routes/wallet.ts, transfers.ts, payments.ts). */
export const MONEY_PATHS = {
  transactions: '/api/v1/wallet/transactions',
  transfers: '/api/v1/transfers',
  paymentMethods: '/api/v1/payments/methods',
  paymentBanks: '/api/v1/payments/banks',
  paymentRequests: '/api/v1/payments/requests',
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
export type PaymentMethod = ReturnType<(typeof PaymentMethodSchema)['parse']>;
export type Paytype = PaymentMethod['paytypes'][number];
export type PaymentField = Paytype['fields'][number];
export type BanksAnswer = ReturnType<(typeof BanksResponse)['parse']>;
export type Bank = BanksAnswer['banks'][number];
export type TransferRequest = ReturnType<(typeof TransferRequestBody)['parse']>;
export type TransferAnswer = ReturnType<(typeof TransferRequestResponse)['parse']>;
/** The money popup's type (§2): 1 deposit, 2 withdraw. */
export type MoneyType = 1 | 2;

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

/** The §2 deposit (1) or withdraw (2) screen's method list, in the page's language. */
export function usePaymentMethods(type: MoneyType, lang: string) {
  return useQuery({
    queryKey: ['money', 'paymentMethods', type, lang],
    queryFn: async () => {
      try {
        return (await apiRequest<{ methods: PaymentMethod[] }>(MONEY_PATHS.paymentMethods, { query: { direction: type === 1 ? 'deposit' : 'withdraw', lang } })).methods;
      } catch (error) {
        // An api without the payment routes offers no method: the screen says so, not an error.
        if (isMissingRoute(error)) return [];
        throw error;
      }
    },
    staleTime: 60_000,
  });
}

/** `getPaymentBanks`: a COMMUNITY_BANK method's banks with their fixed amounts; `login: false` for a guest. */
export function usePaymentBanks(paytype: Pick<Paytype, 'payId' | 'payCatId'>) {
  return useQuery({
    queryKey: ['money', 'paymentBanks', paytype.payId, paytype.payCatId],
    queryFn: () => apiRequest<BanksAnswer>(MONEY_PATHS.paymentBanks, { query: { payId: paytype.payId, payCatId: paytype.payCatId } }),
    staleTime: 60_000,
  });
}

/** `setTransferRequest`: each attempt carries its own request id (the caller makes it). */
export function useTransferRequest() {
  return useMutation({ mutationFn: (body: TransferRequest) => apiRequest<TransferAnswer>(MONEY_PATHS.paymentRequests, { body }) });
}
