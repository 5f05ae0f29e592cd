import { z } from 'zod';
import { CouponView } from './money';

/** Spec §7 "Prints": the slips a site prints, each a template the api fills (api/PRINTS.md). */
export const PRINT_KINDS = ['reset', 'duplicate', 'cancel', 'win', 'win-terminal', 'win-bingo', 'withdraw', 'coupon', 'bingo'] as const;
export type PrintKind = (typeof PRINT_KINDS)[number];

/** What a terminal's printer said after a slip (spec §8 "printer offline, cover open, no paper"). */
export const PRINTER_STATES = ['ok', 'offline', 'coverOpen', 'noPaper'] as const;
export type PrinterStateName = (typeof PRINTER_STATES)[number];

function knownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const PrintKindParams = z.object({ kind: z.enum(PRINT_KINDS, { message: 'printKindUnknown' }) });
export const PrintQuery = z.object({
  /** The coupon's ticketId (coupon, duplicate, cancel, win, win-terminal), the cash-out's transferId (withdraw), the round id (bingo, win-bingo), the account (reset; default: the caller). */
  ref: z.string().min(1).max(120).optional(),
  lang: z.enum(['tr', 'en']).optional(),
  /** IANA time zone every time on the slip is shown in (default UTC). */
  tz: z.string().max(64).refine(knownTimeZone, 'invalidTimeZone').optional(),
  /** reset: the start of the shift (default: midnight of today in `tz`). */
  since: z.iso.datetime({ message: 'dateRequired|since' }).optional(),
  site_id: z.string().optional(),
});

/** One labelled row of a slip: "Stake — 10,00 TRY". */
export const SlipRow = z.object({ label: z.string(), value: z.string() });
/** One selection of a coupon slip, in words. */
export const SlipSelection = z.object({ match: z.string(), bet: z.string(), odds: z.string(), date: z.string().nullable(), result: z.string().nullable() });

export const PrintedSlip = z.object({
  kind: z.enum(PRINT_KINDS),
  /** Already in the asked language. */
  title: z.string(),
  siteName: z.string(),
  /** A reprint of a slip already printed: the paper says DUPLICATE. */
  duplicate: z.boolean(),
  /** What the slip is of: a ticket id, a transfer id, a round id, an account. */
  reference: z.string(),
  /** The ticket's check code (api/TICKET-CHECK.md), when the slip is of a coupon. */
  checkCode: z.string().nullable(),
  lang: z.enum(['tr', 'en']),
  timeZone: z.string(),
  /** When the template was filled, in `timeZone`. */
  printedAt: z.string(),
  /** Labelled rows, amounts formatted from minor units and times in `timeZone`. */
  lines: z.array(SlipRow),
  selections: z.array(SlipSelection),
  /** Closing words (keep the slip, duplicate notice…). */
  footer: z.array(z.string()),
});
export type PrintedSlip = z.infer<typeof PrintedSlip>;
export const PrintResponse = z.object({ slip: PrintedSlip });
export type PrintResponse = z.infer<typeof PrintResponse>;

// ---- terminal print status and undoing an unprinted slip ----------------------------------------

export const TicketIdParams = z.object({ ticketId: z.string().min(1).max(80) });
export const RoundIdParams = z.object({ roundId: z.string().min(1).max(120) });

/** `printerstatus` / `printerstatuswithdraw`: what the printer said after the slip. */
export const PrinterStatusBody = z.object({ printer: z.enum(PRINTER_STATES, { message: 'printerStateUnknown' }) });
export const PrinterStatusResponse = z.object({
  status: z.literal(true),
  /** The slip counts as printed (it stays so once reported). */
  printed: z.boolean(),
  /** The slip may still be undone (printingCouponCancel / canceltransaction). */
  cancellable: z.boolean(),
});
export type PrinterStatusResponse = z.infer<typeof PrinterStatusResponse>;

/** `printingCouponCancel`: the ticket as it now stands (status -2) and what was refunded. */
export const PrintCancelResponse = z.object({ status: z.literal(true), coupon: CouponView, refund: z.number().int() });
export type PrintCancelResponse = z.infer<typeof PrintCancelResponse>;

/** `canceltransaction`: the cash-out reversed and the terminal's balance after it. */
export const CancelTransactionResponse = z.object({ status: z.literal(true), transferId: z.string(), amount: z.number().int(), balance: z.number().int() });
export type CancelTransactionResponse = z.infer<typeof CancelTransactionResponse>;

/** `bingoCheckTerminal`: a tombala round a terminal sold, from the casino ledger. */
export const BingoRoundView = z.object({
  roundId: z.string(),
  serviceId: z.number().int(),
  title: z.string(),
  /** Minor units: staked (the cards' price), won, given back. */
  stake: z.number().int(),
  win: z.number().int(),
  refund: z.number().int(),
  /** won: a win was credited; refunded: every bet given back; noWin: nothing credited (yet). */
  result: z.enum(['won', 'noWin', 'refunded']),
  playedAt: z.string(),
  /** The cards the round bought, when its provider can tell: each card's rows, null an empty cell. */
  cards: z.array(z.array(z.array(z.number().int().nullable()))).optional(),
  /** Paid at the counter (`POST /terminal/bingo/:roundId/paid`): when and by whom (user name); null not yet. */
  paid: z.object({ at: z.string(), by: z.string() }).nullable().optional(),
});
export type BingoRoundView = z.infer<typeof BingoRoundView>;
export const BingoCheckResponse = z.object({ round: BingoRoundView });
export type BingoCheckResponse = z.infer<typeof BingoCheckResponse>;
/** The terminal's own latest tombala rounds, newest first (what its Print slip buttons print). */
export const BingoRoundsResponse = z.object({ rounds: z.array(BingoRoundView) });
export type BingoRoundsResponse = z.infer<typeof BingoRoundsResponse>;
/** A won bingo round marked paid at the counter (no money moves: the win is already in the drawer). */
export const BingoPaidResponse = z.object({ status: z.literal(true), round: BingoRoundView });
export type BingoPaidResponse = z.infer<typeof BingoPaidResponse>;
