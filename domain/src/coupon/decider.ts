import type { Decider, DomainError } from '../shared/decider';
import { assertNever, domainError } from '../shared/decider';
import type { Minor } from '../shared/money';
import type { OutcomeResult } from '../shared/results';
import type { CancelCoupon, CouponCommand, MarkCouponPaid, PlaceCoupon, ReportCouponPrint, ResettleSelection, SellCoupon, SettleSelection, UnsettleSelection } from './commands';
import { outcomeKey, type CouponContext } from './context';
import type { CouponEvent, CouponResettled, CouponSettled, PlacedCoupon, PlacedSelection } from './events';
import { sellValue } from './rules/cash-out';
import { priceCoupon } from './rules/pricing';
import { settleCoupon, type Settlement } from './rules/settlement';
import type { OutcomeLimits, SettlingLeg } from './rules/types';

interface CouponRecord {
  readonly coupon: PlacedCoupon;
  readonly results: Readonly<Record<string, OutcomeResult>>;
  /** Shop/terminal payout or sale time; null while unpaid. */
  readonly paidAt: string | null;
  /** What the terminal last reported of the ticket's slip (absent: nothing; `printed` stays once reported). */
  readonly slip?: 'printed' | 'failed';
}

/** How long after placement a terminal may cancel a ticket whose slip did not print (api/PRINTS.md). */
export const PRINT_FAILURE_CANCEL_MS = 2 * 60_000;

interface Outcome {
  readonly winnings: Minor;
  readonly bonus: Minor;
  readonly payout: Minor;
  readonly settledAt: string;
}

/** Coupon state, one variant per §4 status (plus `empty` before placement). */
export type CouponState =
  | { readonly status: 'empty' }
  | ({ readonly status: 'waiting' } & CouponRecord)
  | ({ readonly status: 'won' | 'lost' } & CouponRecord & Outcome)
  | ({ readonly status: 'sold'; readonly soldFor: Minor; readonly soldAt: string } & CouponRecord)
  | ({ readonly status: 'cancelled'; readonly refund: Minor; readonly cancelledAt: string } & CouponRecord);

export const initialCouponState: CouponState = { status: 'empty' };

export function evolve(state: CouponState, event: CouponEvent): CouponState {
  switch (event.type) {
    case 'CouponPlaced':
      return { status: 'waiting', coupon: event.data, results: {}, paidAt: null };
    case 'SelectionSettled':
    case 'SelectionResettled':
      if (state.status === 'empty') return state;
      return { ...state, results: { ...state.results, [event.data.selectionId]: event.data.result } };
    case 'SelectionUnsettled': {
      if (state.status === 'empty') return state;
      const { [event.data.selectionId]: _withdrawn, ...results } = state.results;
      return { ...state, results };
    }
    case 'CouponSettled':
    case 'CouponResettled': {
      if (state.status === 'empty') return state;
      const record: CouponRecord = { coupon: state.coupon, results: state.results, paidAt: state.paidAt, ...(state.slip ? { slip: state.slip } : {}) };
      if (event.data.status === 0) return { status: 'waiting', ...record };
      const { winnings, bonus, payout, at } = event.data;
      return { status: event.data.status === 1 ? 'won' : 'lost', ...record, winnings, bonus, payout, settledAt: at };
    }
    case 'CouponSold':
      if (state.status === 'empty') return state;
      return { ...slipOf(state), status: 'sold', coupon: state.coupon, results: state.results, paidAt: event.data.at, soldFor: event.data.amount, soldAt: event.data.at };
    case 'CouponCancelled':
      if (state.status === 'empty') return state;
      return { ...slipOf(state), status: 'cancelled', coupon: state.coupon, results: state.results, paidAt: state.paidAt, refund: event.data.refund, cancelledAt: event.data.at };
    case 'CouponSlipReported':
      if (state.status === 'empty') return state;
      return { ...state, slip: state.slip === 'printed' || event.data.printed ? 'printed' : 'failed' };
    case 'CouponPaid':
      if (state.status === 'empty') return state;
      return { ...state, paidAt: event.data.at };
    default:
      return assertNever(event);
  }
}

export function decide(command: CouponCommand, state: CouponState, context: CouponContext): readonly CouponEvent[] | DomainError {
  switch (command.type) {
    case 'PlaceCoupon':
      return place(command, state, context);
    case 'SettleSelection':
    case 'ResettleSelection':
      return settle(command, state);
    case 'UnsettleSelection':
      return unsettle(command, state);
    case 'SellCoupon':
      return sell(command, state, context);
    case 'CancelCoupon':
      return cancel(command, state, context);
    case 'MarkCouponPaid':
      return markPaid(command, state);
    case 'ReportCouponPrint':
      return reportPrint(command, state);
    default:
      return assertNever(command);
  }
}

/** The slip field of a coupon's state, carried into the next status. */
function slipOf(state: Exclude<CouponState, { status: 'empty' }>): Pick<CouponRecord, 'slip'> {
  return state.slip ? { slip: state.slip } : {};
}

export const couponDecider: Decider<CouponState, CouponCommand, CouponEvent, CouponContext> = {
  initialState: initialCouponState,
  evolve,
  decide,
};

/** The legs of a placed coupon with their results so far. */
export function settlingLegs(coupon: PlacedCoupon, results: Readonly<Record<string, OutcomeResult>>): SettlingLeg[] {
  return coupon.selections.map((s) => ({ id: s.id, matchId: s.matchId, odds: s.odds, banker: s.banker, result: results[s.id] ?? null }));
}

export function settlementOf(coupon: PlacedCoupon, results: Readonly<Record<string, OutcomeResult>>): Settlement {
  return settleCoupon({
    type: coupon.couponType,
    legs: settlingLegs(coupon, results),
    systemSizes: coupon.systemSizes,
    stakePerCombination: coupon.stakePerCombination,
    bonus: coupon.bonusRule,
    maxPay: coupon.maxPay,
  });
}

function place(command: PlaceCoupon, state: CouponState, context: CouponContext): readonly CouponEvent[] | DomainError {
  if (state.status !== 'empty') return domainError('couponAlreadyPlaced');
  if (command.selections.length === 0) return domainError('emptyCoupon');
  // One outcome is one pick, whatever ids the client gave it: twice would count it in two tickets.
  if (new Set(command.selections.map(outcomeKey)).size < command.selections.length) return domainError('selectionAlreadyAdded');
  const now = Date.parse(command.now);
  const accepted: (PlacedSelection & { limits: OutcomeLimits | null })[] = [];
  for (const selection of command.selections) {
    const match = context.odds.match(selection.matchId);
    if (!match || match.phase === 'cancelled') return domainError('matchCanceled');
    if (match.phase === 'ended') return domainError('matchEnded');
    // Live or not is the match's state, never the client's word: a pre-match pick on a match in play,
    // or any pick on one past its kick-off that is not in play (yet), is refused.
    const inPlay = match.phase === 'live';
    if (inPlay ? !selection.isLive : now >= Date.parse(match.startsAt)) return domainError('matchStarted');
    const quote = context.odds.quote(selection);
    if (!quote || quote.hidden) return domainError('typeClosedForMatch');
    if (quote.suspended) return domainError('thereAreLockedMatches');
    if (quote.odds !== selection.odds && !command.oddChangeOk) return domainError('rateChanged');
    accepted.push({
      id: selection.id,
      matchId: selection.matchId,
      marketId: selection.marketId,
      special: selection.special,
      outcomeId: selection.outcomeId,
      odds: quote.odds,
      seenOdds: selection.odds,
      banker: selection.banker,
      isLive: inPlay,
      limits: quote.limits ?? null,
    });
  }
  const price = priceCoupon({ selections: accepted, systemSizes: command.systemSizes, stake: command.stake }, context.rules);
  if ('kind' in price) return price;
  if (context.availableBalance != null && price.totalStake > context.availableBalance) return domainError('insufficientCredit');
  const selections = accepted.map(({ limits: _limits, ...selection }) => selection);
  return [
    {
      type: 'CouponPlaced',
      data: {
        couponId: command.couponId,
        userId: command.userId,
        placedAt: command.now,
        channel: command.channel ?? 'online',
        couponType: price.type,
        isLive: selections.some((s) => s.isLive),
        selections,
        systemSizes: price.type === 'SK' ? [...command.systemSizes].sort((a, b) => a - b) : [],
        combinations: price.combinations,
        stakePerCombination: price.stakePerCombination,
        totalStake: price.totalStake,
        potentialPayout: price.potentialPayout,
        bonusPercent: price.bonusPercent,
        bonusRule: price.bonusPercent > 0 ? context.rules.bonus : null,
        maxPay: price.maxPay,
        oddsChanged: selections.some((s) => s.odds !== s.seenOdds),
      },
    },
  ];
}

function settle(command: SettleSelection | ResettleSelection, state: CouponState): readonly CouponEvent[] | DomainError {
  if (state.status === 'empty') return domainError('couponNotFound');
  const selection = state.coupon.selections.find((s) => s.id === command.selectionId);
  if (!selection) return domainError('selectionNotFound');
  const previous = state.results[selection.id];
  const base = { couponId: state.coupon.couponId, selectionId: selection.id, at: command.now };
  let recorded: CouponEvent;
  if (command.type === 'SettleSelection') {
    if (previous === command.result) return [];
    if (previous !== undefined) return domainError('selectionAlreadySettled');
    recorded = { type: 'SelectionSettled', data: { ...base, result: command.result } };
  } else {
    if (previous === undefined) return domainError('selectionNotSettled');
    if (previous === command.result) return [];
    recorded = { type: 'SelectionResettled', data: { ...base, previousResult: previous, result: command.result } };
  }
  return withResults(state, recorded, { ...state.results, [selection.id]: command.result }, command.now);
}

function unsettle(command: UnsettleSelection, state: CouponState): readonly CouponEvent[] | DomainError {
  if (state.status === 'empty') return domainError('couponNotFound');
  if (!state.coupon.selections.some((s) => s.id === command.selectionId)) return domainError('selectionNotFound');
  const previous = state.results[command.selectionId];
  if (previous === undefined) return [];
  const recorded: CouponEvent = { type: 'SelectionUnsettled', data: { couponId: state.coupon.couponId, selectionId: command.selectionId, previousResult: previous, at: command.now } };
  const { [command.selectionId]: _withdrawn, ...results } = state.results;
  return withResults(state, recorded, results, command.now);
}

/** The events of one selection's result changing: the coupon is decided, redecided or left as it is. */
function withResults(state: Exclude<CouponState, { status: 'empty' }>, recorded: CouponEvent, results: Readonly<Record<string, OutcomeResult>>, now: string): readonly CouponEvent[] {
  // A sold or cancelled coupon keeps its money where it is; the result is still recorded for the detail view.
  if (state.status === 'sold' || state.status === 'cancelled') return [recorded];
  const settlement = settlementOf(state.coupon, results);
  if (state.status === 'waiting') {
    if (!settlement.decided) return [recorded];
    return [recorded, couponSettled(state.coupon.couponId, settlement, now)];
  }
  const status = settlement.decided ? (settlement.status === 'won' ? 1 : -1) : 0;
  const previousStatus = state.status === 'won' ? 1 : -1;
  if (status === previousStatus && settlement.payout === state.payout) return [recorded];
  const resettled: CouponResettled = {
    type: 'CouponResettled',
    data: {
      couponId: state.coupon.couponId,
      status,
      previousPayout: state.payout,
      winnings: settlement.decided ? settlement.winnings : 0,
      bonus: settlement.bonus,
      payout: settlement.payout,
      difference: settlement.payout - state.payout,
      at: now,
    },
  };
  return [recorded, resettled];
}

function couponSettled(couponId: string, settlement: Settlement, at: string): CouponSettled {
  return {
    type: 'CouponSettled',
    data: {
      couponId,
      status: settlement.status === 'won' ? 1 : -1,
      winnings: settlement.winnings,
      bonus: settlement.bonus,
      payout: settlement.payout,
      at,
    },
  };
}

/**
 * What the book offers now to buy back a waiting one-ticket coupon (RULES.md "Cash-out"): the most a
 * `SellCoupon` accepts, or why nothing is offered. The coupon detail shows it; selling decides with it.
 */
export function sellOffer(state: CouponState, context: CouponContext): Minor | DomainError {
  if (state.status !== 'waiting') return domainError('sellCouponWarningStatus');
  if (!context.sell.enabled) return domainError('sellCouponPermission');
  const { coupon } = state;
  if (coupon.couponType === 'CK' || coupon.couponType === 'SK') return domainError('sellCombineStartError');
  const legs = settlingLegs(coupon, state.results).map((leg, i) => {
    const selection = coupon.selections[i] as PlacedSelection;
    const match = context.odds.match(selection.matchId);
    const quote = context.odds.quote(selection);
    const priced = quote && !quote.suspended && !quote.hidden && match && (match.phase === 'not_started' || match.phase === 'live');
    return { ...leg, currentOdds: priced ? quote.odds : null };
  });
  return sellValue({ stake: coupon.totalStake, legs, marginBp: context.sell.marginBp, potentialPayout: coupon.potentialPayout });
}

function sell(command: SellCoupon, state: CouponState, context: CouponContext): readonly CouponEvent[] | DomainError {
  const value = sellOffer(state, context);
  if (typeof value !== 'number' || state.status !== 'waiting') return typeof value !== 'number' ? value : domainError('sellCouponWarningStatus');
  // The book pays the offer it computes now, never a figure of the client's: an accepted amount that
  // differs (higher or lower) means the player saw another offer, and is asked to look again.
  if (value <= 0 || command.offered !== value) return domainError('sellCouponWarningNowNot');
  return [{ type: 'CouponSold', data: { couponId: state.coupon.couponId, amount: value, at: command.now } }];
}

function cancel(command: CancelCoupon, state: CouponState, context: CouponContext): readonly CouponEvent[] | DomainError {
  if (command.reason === 'printFailed') return cancelUnprinted(command, state, context);
  if (state.status !== 'waiting') return domainError('couponNotWaiting');
  if (!context.cancel.enabled) return domainError('couponCancelPermission');
  const { coupon } = state;
  if (coupon.isLive) return domainError('liveCouponCanNotBeCanceled');
  const now = Date.parse(command.now);
  if (now - Date.parse(coupon.placedAt) > context.cancel.periodMs) return domainError('couponCancellationPeriodOver');
  if (Object.keys(state.results).length > 0) return domainError('couponCancellationPeriodOver');
  for (const selection of coupon.selections) {
    const match = context.odds.match(selection.matchId);
    if (match && (match.phase !== 'not_started' || now >= Date.parse(match.startsAt))) return domainError('matchStarted');
  }
  return [{ type: 'CouponCancelled', data: { couponId: coupon.couponId, refund: coupon.totalStake, at: command.now } }];
}

/**
 * A shop ticket whose slip did not print: the customer holds nothing, so the terminal that sold it takes
 * it back and refunds the stake, whatever the site's cancel setting. Only a shop ticket, never one
 * reported printed, within `PRINT_FAILURE_CANCEL_MS` of placement, before any result and before any of
 * its matches started. A live ticket stays (its matches are under way): the terminal reprints it instead.
 */
function cancelUnprinted(command: CancelCoupon, state: CouponState, context: CouponContext): readonly CouponEvent[] | DomainError {
  if (state.status === 'empty') return domainError('couponNotFound');
  if (state.status === 'cancelled' && state.coupon.channel === 'shop') return [];
  if (state.status !== 'waiting') return domainError('couponNotWaiting');
  const { coupon } = state;
  if (coupon.channel !== 'shop') return domainError('couponNotFound');
  if (state.slip === 'printed') return domainError('slipPrinted');
  if (coupon.isLive) return domainError('liveCouponCanNotBeCanceled');
  const now = Date.parse(command.now);
  if (now - Date.parse(coupon.placedAt) > PRINT_FAILURE_CANCEL_MS || Object.keys(state.results).length > 0) return domainError('couponCancellationPeriodOver');
  for (const selection of coupon.selections) {
    const match = context.odds.match(selection.matchId);
    if (match && (match.phase !== 'not_started' || now >= Date.parse(match.startsAt))) return domainError('matchStarted');
  }
  return [{ type: 'CouponCancelled', data: { couponId: coupon.couponId, refund: coupon.totalStake, at: command.now, reason: 'printFailed' } }];
}

/** A terminal's word on a shop ticket's slip: recorded, except saying again that a printed slip printed. */
function reportPrint(command: ReportCouponPrint, state: CouponState): readonly CouponEvent[] | DomainError {
  if (state.status === 'empty' || state.coupon.channel !== 'shop') return domainError('couponNotFound');
  if (state.slip === 'printed' && command.printed) return [];
  return [{ type: 'CouponSlipReported', data: { couponId: state.coupon.couponId, printed: command.printed, printer: command.printer, at: command.now } }];
}

/**
 * Paying a shop ticket out at the counter. Online coupons are paid into the wallet at settlement and a
 * sale pays at once, so only a won shop coupon can be paid here, and only once.
 */
function markPaid(command: MarkCouponPaid, state: CouponState): readonly CouponEvent[] | DomainError {
  if (state.status === 'empty') return domainError('couponNotFound');
  if (state.paidAt !== null) return domainError('couponAlreadyPaid');
  if (state.status !== 'won' || state.coupon.channel !== 'shop') return domainError('couponNotPayable');
  return [{ type: 'CouponPaid', data: { couponId: state.coupon.couponId, amount: state.payout, at: command.now } }];
}
