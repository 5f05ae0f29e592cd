import { LANGUAGE_CODE } from '@kupon/domain';
import { z } from 'zod';

/** Wire shapes of the money context: wallet, coupons, payments, transfers, dealer credit. Amounts are integer minor units; odds integer thousandths. */

const minor = z.number().int('invalidAmount').nonnegative('invalidAmount').max(Number.MAX_SAFE_INTEGER, 'invalidAmount');
const positiveMinor = z.number().int('invalidAmount').positive('invalidAmount').max(Number.MAX_SAFE_INTEGER, 'invalidAmount');
/** A client request id: a retry with the same id is answered, not repeated. */
export const RequestId = z.string().min(8, 'requestIdRequired').max(80, 'requestIdRequired').regex(/^[A-Za-z0-9_.:-]+$/, 'requestIdRequired');

export const DateRangeQuery = z.object({
  from: z.iso.datetime({ message: 'dateRequired|from' }).optional(),
  to: z.iso.datetime({ message: 'dateRequired|to' }).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  site_id: z.string().optional(),
});

export const WalletView = z.object({
  accountId: z.string(),
  currency: z.string(),
  balance: z.number().int(),
  creditLimit: z.number().int(),
  held: z.number().int(),
  available: z.number().int(),
});
export type WalletView = z.infer<typeof WalletView>;

export const TransactionView = z.object({
  eventId: z.string(),
  /** Whose wallet moved (a dealer's subtree history mixes accounts). */
  accountId: z.string(),
  type: z.string(),
  amount: z.number().int(),
  balance: z.number().int(),
  couponId: z.string().nullable(),
  transferId: z.string().nullable(),
  counterpartyId: z.string().nullable(),
  note: z.string().nullable(),
  /** The new limit on a `CreditLimitSet` row. */
  creditLimit: z.number().int().nullable(),
  /** Who made a cut, a limit change or an adjustment. */
  actorId: z.string().nullable(),
  at: z.string(),
});
export type TransactionView = z.infer<typeof TransactionView>;
export const TransactionsResponse = z.object({ transactions: z.array(TransactionView) });

// ---- coupons ------------------------------------------------------------------------------------

export const SelectionBody = z.object({
  matchId: z.string().min(1),
  marketId: z.string().min(1),
  special: z.string().default(''),
  outcomeId: z.string().min(1),
  /** The odds the player saw (thousandths). */
  odds: z.number().int().min(1000, 'invalidOdds'),
  banker: z.boolean().default(false),
  isLive: z.boolean().default(false),
});

/** Spec §7 `createcoupon`: tips, totalStake, systemTickets, oddChangeOk. */
export const CreateCouponBody = z.object({
  requestId: RequestId,
  tips: z.array(SelectionBody).min(1, 'emptyCoupon').max(40, 'maxOddsCoupon|40'),
  totalStake: positiveMinor,
  /** System sizes (legs per combination, bankers included); [] unless a system coupon. */
  systemTickets: z.array(z.number().int().min(1).max(40)).max(40).default([]),
  oddChangeOk: z.boolean().default(false),
});
export type CreateCouponBody = z.input<typeof CreateCouponBody>;

export const CouponLineView = z.object({
  selectionId: z.string(),
  matchId: z.string(),
  marketId: z.string(),
  special: z.string(),
  outcomeId: z.string(),
  odds: z.number().int(),
  isBank: z.boolean(),
  isLive: z.boolean(),
  /** won | lost | void | half_won | half_lost, null while open. */
  status: z.string().nullable(),
  /** The match as the catalog names it in the asked language (null: a match the catalog never listed). */
  sportId: z.number().int().nullable(),
  matchDate: z.string().nullable(),
  home: z.string().nullable(),
  away: z.string().nullable(),
  /** §3 line `Results`: the match's score as recorded (`2:1 (1:0, 1:1)`, sets won for tennis and volleyball); null while it has none. */
  results: z.string().nullable().optional(),
  /** The market and outcome in words (typeName, outComeName of §3). */
  typeName: z.string(),
  outComeName: z.string(),
});

export const CouponView = z.object({
  ticketId: z.string(),
  ticketType: z.string(),
  ticketDate: z.string(),
  isLive: z.boolean(),
  totalStake: z.number().int(),
  maxPay: z.number().int(),
  bonusPercent: z.number(),
  /** §3 `bonusPay`: the bonus in the return: as paid on a won coupon, in the best case on a waiting one, 0 otherwise. */
  bonusPay: z.number().int().optional(),
  /**
   * §3 `canceled`: the coupon may be cancelled now (waiting, pre-match, the site cancels, within its
   * period, no line settled, no match started). Sent by the coupon routes; absent elsewhere.
   */
  cancelable: z.boolean().optional(),
  totalTickets: z.number().int(),
  systemArray: z.array(z.number().int()),
  /** Spec §4: 0 waiting, 1 won, -1 lost, -2 cancelled, 2 sold. */
  status: z.number().int(),
  income: z.number().int(),
  paid: z.boolean(),
  payDate: z.string().nullable(),
  lines: z.array(CouponLineView),
  /** The check code printed on the slip (api/TICKET-CHECK.md); every coupon the api answers has one. */
  checkCode: z.string().optional(),
});
export type CouponView = z.infer<typeof CouponView>;
export const CouponCreated = z.object({ status: z.literal(true), message: z.literal('ticketCreateSuccess'), coupon: CouponView, balance: z.number().int() });
export const CouponsResponse = z.object({ coupons: z.array(CouponView) });
export const CouponDetailResponse = z.object({
  coupon: CouponView,
  sellType: z.boolean(),
  /** What the book pays now to buy the coupon back (cash-out): present while it is sellable and priced; `sellok` may ask for up to this. */
  sellAmount: positiveMinor.optional(),
});
export const SellCouponBody = z.object({ requestId: RequestId.optional(), sellok: positiveMinor });
export const CouponIdParams = z.object({ couponId: z.string().min(1).max(80) });

// ---- dealer credit and staff adjustments ---------------------------------------------------------

export const SendCreditBody = z.object({ requestId: RequestId, toUserId: z.string().min(1), amount: positiveMinor });
export const CutCreditBody = z.object({ requestId: RequestId, fromUserId: z.string().min(1), amount: positiveMinor });
export const CreditLimitBody = z.object({ requestId: RequestId, userId: z.string().min(1), creditLimit: minor });
export const AdjustBody = z.object({ requestId: RequestId, userId: z.string().min(1), amount: z.number().int('invalidAmount'), reason: z.string().min(1, 'isRequiredArea|reason').max(300) });
/** `scope=subtree`: the credit movements of the account and of every account under it (a dealer's audit). */
export const CreditHistoryQuery = DateRangeQuery.extend({ userId: z.string().optional(), scope: z.enum(['account', 'subtree']).default('account') });
export const MovedResponse = z.object({ status: z.literal(true), wallet: WalletView });

// ---- payments and transfers ----------------------------------------------------------------------

export const FormFieldView = z.object({
  name: z.string(),
  title: z.string(),
  type: z.enum(['number', 'amount', 'date', 'birthdate', 'datetime', 'email', 'time', 'select', 'text']),
  placeHolder: z.string(),
  minLength: z.number().int(),
  maxLength: z.number().int(),
  required: z.boolean(),
  options: z.string(),
});

export const PaytypeView = z.object({
  payId: z.number().int(),
  payCatId: z.number().int(),
  payType: z.string(),
  payTag: z.string(),
  bankLogo: z.string(),
  infofields: z.array(z.object({ label: z.string(), text: z.string() })),
  minAmount: z.number().int(),
  maxAmount: z.number().int(),
  whichApi: z.string(),
  fields: z.array(FormFieldView),
});

/** Spec §3 payment method list entry. */
export const PaymentMethodView = z.object({
  catName: z.string(),
  typeLogo: z.string(),
  minAmount: z.number().int(),
  maxAmount: z.number().int(),
  payCatId: z.number().int(),
  /** 1: an external link (`info`), opened in a new tab. */
  openLink: z.union([z.literal(0), z.literal(1)]),
  info: z.string(),
  paytypes: z.array(PaytypeView),
});
export const PaymentMethodsQuery = z.object({ direction: z.enum(['deposit', 'withdraw']).default('deposit'), lang: z.string().length(2).default('tr'), site_id: z.string().optional() });
export const PaymentMethodsResponse = z.object({ methods: z.array(PaymentMethodView) });

/** Back office: one site's setting of one method of the product's catalog (amounts in minor units; null keeps the catalog's). */
export const PaymentMethodSettingBody = z
  .object({
    enabled: z.boolean(),
    order: z.number().int().min(0).max(10_000),
    minAmount: z.number().int().nonnegative().nullable().default(null),
    maxAmount: z.number().int().nonnegative().nullable().default(null),
    names: z.record(z.string().length(2), z.string().min(1).max(60)).default({}),
  })
  .refine((s) => s.minAmount === null || s.maxAmount === null || s.maxAmount === 0 || s.minAmount <= s.maxAmount, { message: 'amountOutOfRange', path: ['minAmount'] });
export const PaymentMethodSettingParams = z.object({ direction: z.enum(['deposit', 'withdraw']), payCatId: z.coerce.number().int() });
export const PaymentMethodSettingView = z.object({
  payCatId: z.number().int(),
  direction: z.enum(['deposit', 'withdraw']),
  /** The catalog's name in the asked language and its amounts, then the site's setting (null: never set, offered as the catalog has it). */
  catName: z.string(),
  catalogMinAmount: z.number().int(),
  catalogMaxAmount: z.number().int(),
  setting: z.object({ enabled: z.boolean(), order: z.number().int(), minAmount: z.number().int().nullable(), maxAmount: z.number().int().nullable(), names: z.record(z.string(), z.string()) }).nullable(),
  /** The form players fill in for it (the site's, else the catalog's first paytype's). */
  fields: z.array(FormFieldView),
  /** The provider adapter (`whichApi`) of its first paytype; '' for an external link. */
  provider: z.string(),
  /** Added by this site (api/PAYMENT-METHODS.md), not the product's. */
  added: z.boolean(),
});
export const PaymentMethodSettingsResponse = z.object({ methods: z.array(PaymentMethodSettingView), providers: z.array(z.string()) });

const fieldKey = (what: string) => `invalidField|fields.${what}`;
/** One field of a method's form as staff edit it: name, title, type (its validation kind), required, lengths (0: no bound), select options. */
export const FormFieldBody = z
  .object({
    name: z.string().regex(/^[a-z][A-Za-z0-9_]{0,29}$/, fieldKey('name')),
    title: z.string().trim().min(1, fieldKey('title')).max(60, fieldKey('title')),
    type: z.enum(['number', 'amount', 'date', 'birthdate', 'datetime', 'email', 'time', 'select', 'text'], fieldKey('type')),
    placeHolder: z.string().max(60, fieldKey('placeHolder')).default(''),
    minLength: z.number(fieldKey('minLength')).int(fieldKey('minLength')).min(0, fieldKey('minLength')).max(500, fieldKey('minLength')).default(0),
    maxLength: z.number(fieldKey('maxLength')).int(fieldKey('maxLength')).min(0, fieldKey('maxLength')).max(500, fieldKey('maxLength')).default(0),
    required: z.boolean().default(true),
    options: z.string().max(2000, fieldKey('options')).default(''),
  })
  .refine((f) => f.maxLength === 0 || f.minLength <= f.maxLength, { message: fieldKey('minLength'), path: ['minLength'] })
  .refine((f) => f.type !== 'select' || f.options.split(',').some((o) => o.trim() !== ''), { message: fieldKey('options'), path: ['options'] });
export const FormFieldsBody = z.object({
  fields: z
    .array(FormFieldBody)
    .min(1, 'invalidField|fields')
    .max(20, 'invalidField|fields')
    .refine((fields) => new Set(fields.map((f) => f.name)).size === fields.length, 'invalidField|fields'),
});
/** Back office: a method of one of the providers that exist, added to this site (api/PAYMENT-METHODS.md). */
export const AddPaymentMethodBody = z
  .object({
    direction: z.enum(['deposit', 'withdraw'], 'invalidField|direction'),
    provider: z.string().min(1, 'invalidField|provider').max(40, 'invalidField|provider'),
    flow: z.enum(['redirect', 'iframe1', 'iframe2', 'message'], 'invalidField|flow'),
    names: z.record(z.string().regex(LANGUAGE_CODE, 'invalidField|names'), z.string().trim().min(1, 'invalidField|names').max(60, 'invalidField|names')).refine((n) => Object.keys(n).length > 0, 'invalidField|names'),
    minAmount: z.number('invalidAmount').int('invalidAmount').nonnegative('invalidAmount'),
    maxAmount: z.number('invalidAmount').int('invalidAmount').nonnegative('invalidAmount'),
  })
  .extend(FormFieldsBody.shape)
  .refine((m) => m.maxAmount === 0 || m.minAmount <= m.maxAmount, { message: 'amountOutOfRange', path: ['minAmount'] });

export const BanksQuery = z.object({ payId: z.coerce.number().int(), payCatId: z.coerce.number().int(), site_id: z.string().optional() });
export const BanksResponse = z.object({
  login: z.boolean(),
  status: z.boolean(),
  banks: z.array(z.object({ name: z.string(), swiftcode: z.string(), amounts: z.array(z.object({ amount: z.number().int(), currency: z.string(), activeAmountId: z.number().int() })) })),
});

/** Spec §7 `setTransferRequest`. `transferType` '1' deposit, '2' withdraw. */
export const TransferRequestBody = z.object({
  requestId: RequestId,
  payId: z.number().int(),
  payCatId: z.number().int(),
  amount: positiveMinor.optional(),
  transferType: z.enum(['1', '2']).default('1'),
  values: z.array(z.object({ name: z.string().max(60), value: z.string().max(500) })).max(30).default([]),
});
export const TransferRequestResponse = z.object({
  status: z.literal(true),
  transferId: z.string(),
  /** Spec §4: 1 navigate to paymenturl (or open target), 2 embedded 640×480 frame, 0 with redirect: redirect; neither: the message. */
  iframe: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  redirect: z.string().nullable(),
  paymenturl: z.string().nullable(),
  target: z.string().nullable(),
  msg: z.string(),
});

export const TransferView = z.object({
  transferId: z.string(),
  accountId: z.string(),
  direction: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  payId: z.number().int(),
  provider: z.string(),
  status: z.string(),
  /** Staff approve or reject it now: still requested, and a withdrawal or a deposit no provider confirms by itself (COMMUNITY_BANK). */
  staffDecides: z.boolean(),
  reason: z.string().nullable(),
  requestedAt: z.string(),
  updatedAt: z.string(),
});
export const TransfersResponse = z.object({ transfers: z.array(TransferView) });
export const TransfersQuery = DateRangeQuery.extend({ status: z.string().optional(), all: z.stringbool().default(false) });
export const TransferIdParams = z.object({ transferId: z.string().min(1).max(80) });
export const RejectBody = z.object({ reason: z.string().min(1, 'isRequiredArea|reason').max(300) });

/** Terminal (cashier point) cash in / out: spec §7 terminal/deposit and withdrawPrinterNew. */
export const TerminalCashBody = z.object({ requestId: RequestId, amount: positiveMinor });
export const SlipResponse = z.object({
  status: z.literal(true),
  transferId: z.string(),
  /** Spec §8 success keys: a cash-in answers depositRequestSuccess, a cash-out withdrawForTerminalMessage (api/TERMINAL-CASH.md). */
  msg: z.enum(['depositRequestSuccess', 'withdrawForTerminalMessage']),
  /** The printable slip, line by line (the client prints it in its hidden print area). */
  slip: z.object({ title: z.string(), lines: z.array(z.string()) }),
});
export type SlipResponse = z.infer<typeof SlipResponse>;
