import { type CouponState, formatOdds, type TransferState } from '@kupon/domain';
import type { CouponView } from '../contract/money';
import type { PrintedSlip, PrintKind } from '../contract/prints';
import { formatMoney, formatTime, type SlipLang } from './format';
import { SLIP_TEXTS } from './texts';

/** What every slip says whatever it is of: the site, the language and zone, when it was filled. */
export interface SlipFrame {
  readonly siteName: string;
  readonly lang: SlipLang;
  readonly timeZone: string;
  readonly now: Date;
  readonly currency: string;
}

type Slip = PrintedSlip;
type Row = Slip['lines'][number];

function frameOf(kind: PrintKind, frame: SlipFrame, reference: string): Omit<Slip, 'lines' | 'selections' | 'footer' | 'checkCode' | 'duplicate'> {
  return {
    kind,
    title: SLIP_TEXTS[frame.lang].titles[kind],
    siteName: frame.siteName,
    reference,
    lang: frame.lang,
    timeZone: frame.timeZone,
    printedAt: formatTime(frame.now.toISOString(), frame.lang, frame.timeZone),
  };
}

/** The kinds a coupon's slips come in, and what the coupon must be for each. */
export type CouponSlipKind = Extract<PrintKind, 'coupon' | 'duplicate' | 'cancel' | 'win' | 'win-terminal'>;

/**
 * Whether a coupon can have this slip now: a cancel slip of a cancelled coupon, a win slip of a won or
 * sold one, a counter payout slip of a shop ticket paid out. Null: it can; else the refusal's key.
 */
export function couponSlipRefusal(kind: CouponSlipKind, state: Exclude<CouponState, { status: 'empty' }>): string | null {
  switch (kind) {
    case 'coupon':
    case 'duplicate':
      return null;
    case 'cancel':
      return state.status === 'cancelled' ? null : 'couponNotCancelled';
    case 'win':
      return (state.status === 'won' && state.payout > 0) || state.status === 'sold' ? null : 'couponNotWon';
    case 'win-terminal':
      return state.status === 'won' && state.coupon.channel === 'shop' && state.paidAt !== null ? null : 'couponNotPaid';
  }
}

/**
 * A coupon's slip. `coupon` prints the ticket; a shop ticket its terminal already reported printed comes
 * out marked DUPLICATE whichever kind was asked, as does `duplicate` always.
 */
export function couponSlip(kind: CouponSlipKind, state: Exclude<CouponState, { status: 'empty' }>, view: CouponView, frame: SlipFrame, terminalName: string | null): Slip {
  const texts = SLIP_TEXTS[frame.lang];
  const money = (minor: number) => formatMoney(minor, frame.lang, frame.currency);
  const time = (iso: string) => formatTime(iso, frame.lang, frame.timeZone);
  const duplicate = kind === 'duplicate' || (kind === 'coupon' && state.slip === 'printed');
  const lines: Row[] = [
    { label: texts.labels.ticket, value: view.ticketId },
    { label: texts.labels.date, value: time(view.ticketDate) },
    ...(terminalName ? [{ label: texts.labels.terminal, value: terminalName }] : []),
    { label: texts.labels.type, value: [texts.couponTypes[view.ticketType] ?? view.ticketType, view.systemArray.join(', ')].filter(Boolean).join(' ') },
    { label: texts.labels.stake, value: money(view.totalStake) },
    { label: texts.labels.maxPay, value: money(view.maxPay) },
  ];
  const footer: string[] = [];
  if (kind === 'cancel' && state.status === 'cancelled') {
    lines.push({ label: texts.labels.refund, value: money(state.refund) }, { label: texts.labels.cancelledAt, value: time(state.cancelledAt) });
  } else if (kind === 'win' && state.status === 'sold') {
    lines.push({ label: texts.labels.soldFor, value: money(state.soldFor) }, { label: texts.labels.paidAt, value: time(state.soldAt) });
  } else if ((kind === 'win' || kind === 'win-terminal') && state.status === 'won') {
    lines.push({ label: texts.labels.payout, value: money(state.payout) });
    if (state.paidAt) lines.push({ label: texts.labels.paidAt, value: time(state.paidAt) });
  } else {
    lines.push({ label: texts.labels.status, value: texts.statuses[String(view.status)] ?? String(view.status) });
  }
  if (view.checkCode) lines.push({ label: texts.labels.checkCode, value: view.checkCode });
  if (duplicate) footer.push(texts.footers.duplicate);
  if (kind === 'coupon' || kind === 'duplicate') footer.push(texts.footers.keep);
  return {
    ...frameOf(kind, frame, view.ticketId),
    title: duplicate && kind === 'coupon' ? texts.titles.duplicate : texts.titles[kind],
    duplicate,
    checkCode: view.checkCode ?? null,
    lines,
    selections: view.lines.map((line) => ({
      match: `${line.home && line.away ? `${line.home} - ${line.away}` : line.matchId}${line.isBank ? ` (${texts.banker})` : ''}`,
      bet: `${line.typeName}: ${line.outComeName}`,
      odds: formatOdds(line.odds),
      date: line.matchDate ? time(line.matchDate) : null,
      result: line.status ? (texts.results[line.status] ?? line.status) : null,
    })),
    footer,
  };
}

/** A cash-out's slip: the amount, when, its state (a reversed one says so). */
export function withdrawSlip(state: Exclude<TransferState, { status: 'none' }>, frame: SlipFrame, terminalName: string | null): Slip {
  const texts = SLIP_TEXTS[frame.lang];
  const { request } = state;
  return {
    ...frameOf('withdraw', frame, request.transferId),
    duplicate: state.slip === 'printed',
    checkCode: null,
    lines: [
      { label: texts.labels.transfer, value: request.transferId },
      { label: texts.labels.date, value: formatTime(request.requestedAt, frame.lang, frame.timeZone) },
      ...(terminalName ? [{ label: texts.labels.terminal, value: terminalName }] : []),
      { label: texts.labels.amount, value: formatMoney(request.amount, frame.lang, request.currency) },
      { label: texts.labels.status, value: texts.statuses[state.status] ?? state.status },
    ],
    selections: [],
    footer: [...(state.slip === 'printed' ? [texts.footers.duplicate] : []), ...(state.status === 'reversed' ? [texts.footers.reversed] : [])],
  };
}

export interface BingoRound {
  readonly roundId: string;
  readonly serviceId: number;
  readonly title: string;
  readonly stake: number;
  readonly win: number;
  readonly refund: number;
  readonly result: 'won' | 'noWin' | 'refunded';
  readonly playedAt: string;
  /** The cards the round bought, when its provider can tell (each card's rows; null an empty cell). */
  readonly cards?: (number | null)[][][];
  /** Paid at the counter: when, and the user name of who paid it; null not yet. */
  readonly paid?: { readonly at: string; readonly by: string } | null;
}

/** A tombala ticket (`bingo`) or its win slip (`win-bingo`). */
export function bingoSlip(kind: 'bingo' | 'win-bingo', round: BingoRound, frame: SlipFrame, terminalName: string | null): Slip {
  const texts = SLIP_TEXTS[frame.lang];
  const money = (minor: number) => formatMoney(minor, frame.lang, frame.currency);
  return {
    ...frameOf(kind, frame, round.roundId),
    duplicate: false,
    checkCode: null,
    lines: [
      { label: texts.labels.game, value: round.title },
      { label: texts.labels.round, value: round.roundId },
      { label: texts.labels.date, value: formatTime(round.playedAt, frame.lang, frame.timeZone) },
      ...(terminalName ? [{ label: texts.labels.terminal, value: terminalName }] : []),
      ...(round.cards ?? []).map((card, i) => ({ label: `${texts.labels.card} ${i + 1}`, value: cardNumbers(card) })),
      { label: texts.labels.stake, value: money(round.stake) },
      ...(kind === 'win-bingo' ? [{ label: texts.labels.win, value: money(round.win) }] : []),
      ...(round.refund > 0 ? [{ label: texts.labels.refund, value: money(round.refund) }] : []),
      ...(kind === 'win-bingo' && round.paid
        ? [
            { label: texts.labels.status, value: texts.statuses.paid ?? 'paid' },
            { label: texts.labels.paidAt, value: formatTime(round.paid.at, frame.lang, frame.timeZone) },
            { label: texts.labels.paidBy, value: round.paid.by },
          ]
        : []),
    ],
    selections: [],
    footer: kind === 'bingo' ? [texts.footers.keep] : [],
  };
}

/** A bingo card's numbers as one slip line: each row's numbers, rows apart by ' / ' (1 10 20 30 40 / 2 11 …). */
function cardNumbers(card: readonly (readonly (number | null)[])[]): string {
  return card.map((row) => row.filter((n): n is number => n !== null).join(' ')).join(' / ');
}

/** What a terminal's wallet did over a shift, from its statement rows. */
export interface ShiftTotals {
  readonly accountName: string;
  readonly since: string;
  readonly until: string;
  readonly openingBalance: number;
  readonly cashIn: number;
  readonly cashOut: number;
  readonly stakes: number;
  readonly payouts: number;
  readonly refunds: number;
  readonly closingBalance: number;
}

/** The end-of-shift (reset) slip: the balance at the start and end of the shift and what moved between. */
export function resetSlip(accountId: string, totals: ShiftTotals, frame: SlipFrame): Slip {
  const texts = SLIP_TEXTS[frame.lang];
  const money = (minor: number) => formatMoney(minor, frame.lang, frame.currency);
  const time = (iso: string) => formatTime(iso, frame.lang, frame.timeZone);
  return {
    ...frameOf('reset', frame, accountId),
    duplicate: false,
    checkCode: null,
    lines: [
      { label: texts.labels.terminal, value: totals.accountName },
      { label: texts.labels.from, value: time(totals.since) },
      { label: texts.labels.to, value: time(totals.until) },
      { label: texts.labels.openingBalance, value: money(totals.openingBalance) },
      { label: texts.labels.cashIn, value: money(totals.cashIn) },
      { label: texts.labels.cashOut, value: money(totals.cashOut) },
      { label: texts.labels.stakes, value: money(totals.stakes) },
      { label: texts.labels.payouts, value: money(totals.payouts) },
      { label: texts.labels.refunds, value: money(totals.refunds) },
      { label: texts.labels.closingBalance, value: money(totals.closingBalance) },
    ],
    selections: [],
    footer: [],
  };
}
