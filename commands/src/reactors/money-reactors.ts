import type { EventStore } from '@kupon/eventstore';
import { couponOpening } from './coupon-opening';
import { couponPayouts } from './coupon-payouts';
import { creditHandover } from './credit-handover';
import type { Reactor } from './reactor-runner';
import { transferFlow } from './transfer-flow';
import { bonusCredit } from './bonus-credit';
import { cardFlow } from './card-flow';

/** Every reactor that moves money between streams. */
export function moneyReactors(store: EventStore): Reactor[] {
  return [couponOpening, couponPayouts(store), creditHandover, transferFlow(store), bonusCredit, cardFlow];
}

export { ReactorRunner, type Reactor, type ReactorOutcome, type ReactorRunnerOptions } from './reactor-runner';
export { COUPON_OPENING } from './coupon-opening';
export { TRANSFER_FLOW } from './transfer-flow';
export { BONUS_CREDIT } from './bonus-credit';
export { CARD_FLOW, completeCard } from './card-flow';
