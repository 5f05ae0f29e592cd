/** Coupon: the betslip rules the web runs, pricing and settlement maths, and the coupon decider. */
export type {
  Betslip,
  BonusRule,
  CouponCaps,
  CouponType,
  Leg,
  LimitGroup,
  OutcomeLimits,
  SettlingLeg,
  SlipRules,
  SlipSelection,
  SlipType,
  StakeLimits,
  UserLimits,
} from './rules/types';
export {
  BONUS_PERCENT_CAP,
  COUPON_CAPS,
  DEFAULT_LIMIT_GROUP,
  DEFAULT_OUTCOME_LIMITS,
  DEFAULT_SHOP_STAKE,
  DEFAULT_SLIP_LIMITS,
  DEFAULT_SLIP_RULES,
  DEFAULT_USER_LIMITS,
  MINOR_PER_UNIT,
  MONEY_CEILING,
  PAYOUT_TIER_FLOORS,
} from './rules/constants';
export { formatOdds } from './rules/odds-format';
export { binomial, combinationCount, combinationsOf, couponTypeOf, kSubsets, sizeFits, systemSizesFit } from './rules/combinations';
export { effectiveLimits, limitGroupOf, maxPayFor, multipleEnabled, oddsLimitProblem, payoutTierOf } from './rules/limits';
export { bonusAmount, bonusPercentOf, capPayout } from './rules/bonus';
export { priceCoupon, productOdds, stakeRange } from './rules/pricing';
export type { CouponPrice, PricingSlip } from './rules/pricing';
export { halfThousandthOdds, settleCombination, settleCoupon } from './rules/settlement';
export type { CombinationSettlement, CombinationState, Settlement, SettlementInput } from './rules/settlement';
export { sellValue } from './rules/cash-out';
export type { SellInput, SellingLeg } from './rules/cash-out';
export {
  EMPTY_BETSLIP,
  addSelection,
  chooseSystemSizes,
  clearBetslip,
  couponSummary,
  fitSystem,
  removeSelection,
  setOddChangeOk,
  setStake,
  stakeBounds,
  toggleBanker,
  updateSelectionOdds,
} from './rules/betslip';
export type { CouponSummary } from './rules/betslip';
export { COUPON_STATUS_CODES, COUPON_STATUS_COLOURS, couponStatusName } from './rules/status';
export type { CouponColour, CouponStatusCode, CouponStatusName } from './rules/status';

export type * from './commands';
export type * from './events';
export { oddsBookOf, outcomeKey } from './context';
export type { CouponContext, MatchPhase, MatchState, OddsBook, OutcomeQuote, OutcomeRef } from './context';
export { couponDecider, decide, evolve, initialCouponState, PRINT_FAILURE_CANCEL_MS, sellOffer, settlementOf, settlingLegs } from './decider';
export type { CouponState } from './decider';
