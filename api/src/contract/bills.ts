import { z } from 'zod';

/**
 * Wire shapes of account statements (spec §7 getUserBills, cutOffUserBill). Decisions: api/BILLS.md.
 *
 * - `GET  /api/v1/bills/:accountId?offset=&limit=` → `BillList`: the account's bills, newest first,
 *   each with its period, totals, net and who cut it.
 * - `GET  /api/v1/bills/:accountId/open` → `OpenPeriod`: the running totals of the period not yet cut.
 * - `POST /api/v1/bills/:accountId/cut-off` with `{ expectedNumber? }` → `Bill`: close the open period now.
 * - `POST /api/v1/bills/:accountId/:number/paid` with `{ reference? }` → `Bill`: mark a cut bill paid (once).
 *
 * Reading: the account itself, its dealer ancestors, admin, operator and the regulator of its site.
 * Cutting: its dealer ancestors, admin and operator. Money in integer minor units.
 *
 * Refusals: 400 `invalidField|field`; 401 `loginRequired`; 403 `thisOperatorNotYour`,
 * `permissionDenied|role`; 404 `noSuchUser` (no such account on this site); 409 `billAlreadyCut|n`
 * (another cut-off closed the period first; n is the last bill's number); 404 `noSuchBill|n` (not cut);
 * 409 `billAlreadyPaid|n` (someone marked it paid first).
 */

export const BillAccountParams = z.object({ accountId: z.string().min(1).max(64) });

export const BillPaging = z.object({
  offset: z.coerce.number(`invalidField|offset`).int(`invalidField|offset`).min(0, `invalidField|offset`).default(0),
  limit: z.coerce.number(`invalidField|limit`).int(`invalidField|limit`).min(1, `invalidField|limit`).max(200, `invalidField|limit`).default(20),
});

export const CutOffBody = z
  .object({
    /** The open period's number the caller saw; when another cut-off closed it meanwhile, 409 billAlreadyCut. */
    expectedNumber: z.number(`invalidField|expectedNumber`).int(`invalidField|expectedNumber`).min(1, `invalidField|expectedNumber`).optional(),
  })
  .default({});

export const BillNumberParams = z.object({
  accountId: z.string().min(1).max(64),
  number: z.coerce.number(`invalidField|number`).int(`invalidField|number`).min(1, `invalidField|number`),
});

export const MarkPaidBody = z
  .object({
    /** A receipt number, a bank transfer's id; empty or left out: none (cash handed over). */
    reference: z.string(`invalidField|reference`).max(100, `invalidField|reference`).optional(),
  })
  .default({});

/** Who marked a bill paid, when, with what reference (api/BILLS.md "Paid"). */
export const BillPaid = z.object({ by: z.object({ userId: z.string(), userName: z.string(), role: z.string() }), at: z.string(), reference: z.string().nullable() });
export type BillPaid = z.infer<typeof BillPaid>;

export const BillTotals = z.object({
  stakes: z.number().int(),
  payouts: z.number().int(),
  refunds: z.number().int(),
  cashouts: z.number().int(),
  coupons: z.number().int(),
  deposits: z.number().int(),
  withdrawals: z.number().int(),
  creditIn: z.number().int(),
  creditOut: z.number().int(),
  bonuses: z.number().int(),
  adjustments: z.number().int(),
});
export type BillTotals = z.infer<typeof BillTotals>;

export const BillAccount = z.object({ accountId: z.string(), userName: z.string(), role: z.string(), currency: z.string().nullable() });
export type BillAccount = z.infer<typeof BillAccount>;

export const Bill = z.object({
  number: z.number().int(),
  /** The previous cut-off; null for the first bill (since the account opened). */
  from: z.string().nullable(),
  to: z.string(),
  openingBalance: z.number().int(),
  closingBalance: z.number().int(),
  totals: BillTotals,
  /** stakes − payouts − refunds − cash-outs: positive, the account owes its dealer. */
  net: z.number().int(),
  cutBy: z.object({ userId: z.string(), userName: z.string(), role: z.string() }),
  walletFromRevision: z.number().int(),
  walletToRevision: z.number().int(),
  /** Null until someone marks it paid. */
  paid: BillPaid.nullable(),
  /** Whether the caller may mark it paid (unpaid, and the caller may cut the account). */
  mayMarkPaid: z.boolean(),
});
export type Bill = z.infer<typeof Bill>;

export const BillList = z.object({ account: BillAccount, total: z.number().int(), bills: z.array(Bill) });
export type BillList = z.infer<typeof BillList>;

export const OpenPeriod = z.object({
  account: BillAccount,
  /** The number this period's bill will have when cut. */
  number: z.number().int(),
  from: z.string().nullable(),
  /** The moment these running totals were read. */
  asOf: z.string(),
  openingBalance: z.number().int(),
  balance: z.number().int(),
  totals: BillTotals,
  net: z.number().int(),
  walletFromRevision: z.number().int(),
  walletToRevision: z.number().int(),
  /** Whether the caller may cut this period off. */
  mayCutOff: z.boolean(),
});
export type OpenPeriod = z.infer<typeof OpenPeriod>;
