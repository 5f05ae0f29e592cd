import { describe, expect, it } from 'vitest';
import type { OutcomeResult } from '../shared/results';
import type { CouponEvent, CouponPlaced } from './events';
import { given } from './testing/given';
import { NOW, KICKOFF, TEST_RULES, pick, placeCommand, placed, testContext } from './testing/fixtures';
import type { SlipRules } from './rules/types';

const A = pick('m1', 2000);
const B = pick('m2', 1500);
const C = pick('m3', 3000);

const settled = (selectionId: string, result: OutcomeResult, at = NOW): CouponEvent => ({
  type: 'SelectionSettled',
  data: { couponId: 'c-1', selectionId, result, at },
});

describe('PlaceCoupon', () => {
  it('places a combined coupon at the book’s odds', () => {
    given([])
      .when(placeCommand([A, B], 1000), testContext({ quotes: [A, B] }))
      .then([
        {
          type: 'CouponPlaced',
          data: {
            couponId: 'c-1',
            userId: 'u-1',
            placedAt: NOW,
            channel: 'online',
            couponType: 'KK',
            isLive: false,
            selections: [
              { id: 'm1:1', matchId: 'm1', marketId: 'FT_1X2', special: '', outcomeId: '1', odds: 2000, seenOdds: 2000, banker: false, isLive: false },
              { id: 'm2:1', matchId: 'm2', marketId: 'FT_1X2', special: '', outcomeId: '1', odds: 1500, seenOdds: 1500, banker: false, isLive: false },
            ],
            systemSizes: [],
            combinations: 1,
            stakePerCombination: 1000,
            totalStake: 1000,
            potentialPayout: 3000,
            bonusPercent: 0,
            bonusRule: null,
            maxPay: 100_000,
            oddsChanged: false,
          },
        },
      ]);
  });

  it('refuses a pre-match pick whose match has started', () => {
    given([]).when(placeCommand([A], 1000, { now: KICKOFF }), testContext({ quotes: [A] })).thenFails('matchStarted');
    given([])
      .when(placeCommand([A], 1000), testContext({ quotes: [A], matches: { m1: { phase: 'live', startsAt: KICKOFF } } }))
      .thenFails('matchStarted');
  });

  it('takes live or not from the match, never from the client', () => {
    const live = { ...A, isLive: true };
    // Flagged live before kick-off: a pre-match pick (it can be cancelled, it waits no live delay).
    const early = given([]).when(placeCommand([live], 1000), testContext({ quotes: [live] })).outcome;
    expect(Array.isArray(early) && (early[0] as CouponPlaced).data.selections[0]?.isLive).toBe(false);
    // Past kick-off but not in play yet: no bets either way.
    given([]).when(placeCommand([live], 1000, { now: KICKOFF }), testContext({ quotes: [live] })).thenFails('matchStarted');
  });

  it('accepts a live pick on a live match', () => {
    const live = { ...A, isLive: true };
    const outcome = given([]).when(placeCommand([live], 1000, { now: KICKOFF }), testContext({ quotes: [live], matches: { m1: { phase: 'live', startsAt: KICKOFF } } })).outcome;
    expect(Array.isArray(outcome) && (outcome[0] as CouponPlaced).data.isLive).toBe(true);
  });

  it('refuses ended and cancelled matches', () => {
    given([]).when(placeCommand([A], 1000), testContext({ quotes: [A], matches: { m1: { phase: 'ended', startsAt: KICKOFF } } })).thenFails('matchEnded');
    given([]).when(placeCommand([A], 1000), testContext({ quotes: [A], matches: { m1: { phase: 'cancelled', startsAt: KICKOFF } } })).thenFails('matchCanceled');
  });

  it('refuses suspended and hidden markets or outcomes', () => {
    given([]).when(placeCommand([A], 1000), testContext({ quotes: [{ ...A, suspended: true }] })).thenFails('thereAreLockedMatches');
    given([]).when(placeCommand([A], 1000), testContext({ quotes: [{ ...A, hidden: true }] })).thenFails('typeClosedForMatch');
    given([]).when(placeCommand([A], 1000), testContext({ quotes: [] })).thenFails('typeClosedForMatch');
  });

  it('refuses moved odds unless the player accepts changes, then takes the new odds', () => {
    const moved = { ...A, odds: 1900 };
    given([]).when(placeCommand([A, B], 1000), testContext({ quotes: [moved, B] })).thenFails('rateChanged');
    const outcome = given([]).when(placeCommand([A, B], 1000, { oddChangeOk: true }), testContext({ quotes: [moved, B] })).outcome;
    const event = (outcome as CouponEvent[])[0] as CouponPlaced;
    expect(event.data.selections[0]).toMatchObject({ odds: 1900, seenOdds: 2000 });
    expect(event.data).toMatchObject({ oddsChanged: true, potentialPayout: 2850 });
  });

  it('refuses stakes outside the limits and a short balance', () => {
    given([]).when(placeCommand([A], 99), testContext({ quotes: [A] })).thenFails('minStake', 100);
    given([]).when(placeCommand([A], 10_001), testContext({ quotes: [A] })).thenFails('maxStake', 10_000);
    given([]).when(placeCommand([A], 1000), testContext({ quotes: [A], availableBalance: 999 })).thenFails('insufficientCredit');
  });

  it('refuses a system stake whose even split falls outside the limits, naming the total that fits', () => {
    // 2/3: three tickets; 1.00 is 0.33 a ticket (0.99 < 1.00 minimum): the smallest total is 3 × 0.34 = 1.02
    given([]).when(placeCommand([A, B, C], 100, { systemSizes: [2] }), testContext({ quotes: [A, B, C] })).thenFails('minStake', 102);
    // 100.01 is 33.33 a ticket and an odd cent: refused, naming the 99.99 that splits, never charged rounded down
    given([]).when(placeCommand([A, B, C], 10_001, { systemSizes: [2] }), testContext({ quotes: [A, B, C] })).thenFails('stakeNotDivisible', 9999);
    const outcome = given([]).when(placeCommand([A, B, C], 9999, { systemSizes: [2] }), testContext({ quotes: [A, B, C] })).outcome;
    expect((outcome as CouponEvent[])[0]).toMatchObject({ data: { stakePerCombination: 3333, totalStake: 9999 } });
    given([]).when(placeCommand([A, B, C], 10_002, { systemSizes: [2] }), testContext({ quotes: [A, B, C] })).thenFails('maxStake', 9999);
  });

  it('holds a coupon to the max payout tier of its stake’s band (spec §9), then pays no more', () => {
    // The user may win 1,000.00; the site caps stakes under 100 at 500.00 and 100–250 at 800.00.
    const rules: SlipRules = { ...TEST_RULES, payoutTiers: [50_000, 80_000, 0, 0, 0, 0] };
    const X = pick('m1', 10_000);
    const Y = pick('m2', 10_000);
    const at = (stake: number) => given([]).when(placeCommand([X, Y], stake), testContext({ quotes: [X, Y], rules })).outcome as CouponEvent[];
    // 10.00 at 100.00 would return 1,000.00: its band pays 500.00
    expect(at(1000)[0]).toMatchObject({ data: { totalStake: 1000, maxPay: 50_000, potentialPayout: 50_000 } });
    // 99.99 is still the first band; 100.00 is the second
    expect(at(9999)[0]).toMatchObject({ data: { maxPay: 50_000, potentialPayout: 50_000 } });
    expect(at(10_000)[0]).toMatchObject({ data: { maxPay: 80_000, potentialPayout: 80_000 } });
    // A band without a cap of its own leaves the user's 1,000.00
    const open = given([]).when(placeCommand([X, Y], 1000), testContext({ quotes: [X, Y], rules: { ...rules, payoutTiers: [0, 0, 0, 0, 0, 0] } })).outcome as CouponEvent[];
    expect(open[0]).toMatchObject({ data: { maxPay: 100_000, potentialPayout: 100_000 } });
    // A tier above the user's own limit does not raise it
    const high = given([]).when(placeCommand([X, Y], 1000), testContext({ quotes: [X, Y], rules: { ...rules, payoutTiers: [500_000, 500_000, 0, 0, 0, 0] } })).outcome as CouponEvent[];
    expect(high[0]).toMatchObject({ data: { maxPay: 100_000, potentialPayout: 100_000 } });
    // Settled at the cap it was placed with
    const coupon = placed([X, Y], 1000, {}, rules);
    given([coupon, settled('m1:1', 'won')])
      .when({ type: 'SettleSelection', couponId: 'c-1', selectionId: 'm2:1', result: 'won', now: NOW })
      .then([settled('m2:1', 'won'), { type: 'CouponSettled', data: { couponId: 'c-1', status: 1, winnings: 100_000, bonus: 0, payout: 50_000, at: NOW } }]);
  });

  it('with no max pay, a long-odds coupon still pays a whole number of minor units', () => {
    const rules: SlipRules = { ...TEST_RULES, limits: { ...TEST_RULES.limits, combine: { minTip: 1, minStake: 100, maxStake: 0, maxPay: 0, status: 0 } } };
    const longShots = Array.from({ length: 20 }, (_, i) => pick(`m${i}`, 1_000_000));
    const coupon = placed(longShots, 100, {}, rules);
    // 1.00 × 1000^20 is far beyond what money can hold: it is held at the ceiling of 2^53 − 1 minor units
    expect(coupon.data.potentialPayout).toBe(Number.MAX_SAFE_INTEGER);
    const allWon = longShots.slice(0, 19).map((p) => settled(p.id, 'won'));
    given([coupon, ...allWon])
      .when({ type: 'SettleSelection', couponId: 'c-1', selectionId: 'm19:1', result: 'won', now: NOW })
      .then([settled('m19:1', 'won'), { type: 'CouponSettled', data: { couponId: 'c-1', status: 1, winnings: Number.MAX_SAFE_INTEGER, bonus: 0, payout: Number.MAX_SAFE_INTEGER, at: NOW } }]);
  });

  it('refuses broken slip rules the betslip refuses', () => {
    given([]).when(placeCommand([A, B, C], 1000, { systemSizes: [4] }), testContext({ quotes: [A, B, C] })).thenFails('systemCountDivitedError');
    const rules: SlipRules = { ...TEST_RULES, limits: { ...TEST_RULES.limits, minOdds: 1600 } };
    given([]).when(placeCommand([A, B], 1000), testContext({ quotes: [A, B], rules })).thenFails('minLimit', '1.60');
  });

  it('refuses the same outcome twice, whatever ids it comes with', () => {
    given([]).when(placeCommand([A, { ...A, id: 'again' }], 1000), testContext({ quotes: [A] })).thenFails('selectionAlreadyAdded');
  });

  it('a coupon is placed once', () => {
    given([placed([A], 1000)]).when(placeCommand([A], 1000), testContext({ quotes: [A] })).thenFails('couponAlreadyPlaced');
  });
});

describe('SettleSelection', () => {
  const coupon = placed([A, B], 1000);

  it('records a result; the coupon waits for the rest', () => {
    given([coupon]).when({ type: 'SettleSelection', couponId: 'c-1', selectionId: 'm1:1', result: 'won', now: NOW }).then([settled('m1:1', 'won')]);
  });

  it('settles the coupon when the last leg is decided', () => {
    given([coupon, settled('m1:1', 'won')])
      .when({ type: 'SettleSelection', couponId: 'c-1', selectionId: 'm2:1', result: 'won', now: NOW })
      .then([
        settled('m2:1', 'won'),
        { type: 'CouponSettled', data: { couponId: 'c-1', status: 1, winnings: 3000, bonus: 0, payout: 3000, at: NOW } },
      ]);
  });

  it('a lost leg loses a combined coupon at once', () => {
    given([coupon])
      .when({ type: 'SettleSelection', couponId: 'c-1', selectionId: 'm2:1', result: 'lost', now: NOW })
      .then([settled('m2:1', 'lost'), { type: 'CouponSettled', data: { couponId: 'c-1', status: -1, winnings: 0, bonus: 0, payout: 0, at: NOW } }]);
  });

  it('a void leg: the coupon stands on the others', () => {
    given([coupon, settled('m1:1', 'void')])
      .when({ type: 'SettleSelection', couponId: 'c-1', selectionId: 'm2:1', result: 'won', now: NOW })
      .then([settled('m2:1', 'won'), { type: 'CouponSettled', data: { couponId: 'c-1', status: 1, winnings: 1500, bonus: 0, payout: 1500, at: NOW } }]);
  });

  it('the same result again is a no-op; a different one must be a resettlement', () => {
    given([coupon, settled('m1:1', 'won')]).when({ type: 'SettleSelection', couponId: 'c-1', selectionId: 'm1:1', result: 'won', now: NOW }).then([]);
    given([coupon, settled('m1:1', 'won')]).when({ type: 'SettleSelection', couponId: 'c-1', selectionId: 'm1:1', result: 'lost', now: NOW }).thenFails('selectionAlreadySettled');
    given([coupon]).when({ type: 'SettleSelection', couponId: 'c-1', selectionId: 'nope', result: 'won', now: NOW }).thenFails('selectionNotFound');
  });

  it('bonus on the winning amount, recomputed without void legs, capped by max pay', () => {
    const rules: SlipRules = { ...TEST_RULES, bonus: { bonusPercent: 5, bonusTipCount: 3, bonusOdds: 1300 } };
    const picks = ['m1', 'm2', 'm3', 'm4', 'm5'].map((m) => pick(m, 2000));
    const five = placed(picks, 1000, {}, rules);
    expect(five.data).toMatchObject({ bonusPercent: 10, potentialPayout: 35_100 });
    const results = (void_: boolean) => picks.slice(0, 4).map((p, i) => settled(p.id, void_ && i === 0 ? 'void' : 'won'));
    // all won: 10 × 32 = 320, net 310, 10 % → 31 → 351.00
    given([five, ...results(false)])
      .when({ type: 'SettleSelection', couponId: 'c-1', selectionId: 'm5:1', result: 'won', now: NOW })
      .then([settled('m5:1', 'won'), { type: 'CouponSettled', data: { couponId: 'c-1', status: 1, winnings: 32_000, bonus: 3100, payout: 35_100, at: NOW } }]);
    // one void: four count → 5 %; 10 × 16 = 160, net 150 → 7.50 → 167.50
    given([five, ...results(true)])
      .when({ type: 'SettleSelection', couponId: 'c-1', selectionId: 'm5:1', result: 'won', now: NOW })
      .then([settled('m5:1', 'won'), { type: 'CouponSettled', data: { couponId: 'c-1', status: 1, winnings: 16_000, bonus: 750, payout: 16_750, at: NOW } }]);
  });

  it('no bonus at placement, none at settlement: voiding the pick that kept it away does not add one', () => {
    const rules: SlipRules = { ...TEST_RULES, bonus: { bonusPercent: 5, bonusTipCount: 3, bonusOdds: 1300 } };
    const picks = [pick('m1', 1200), ...['m2', 'm3', 'm4', 'm5'].map((m) => pick(m, 2000))];
    const coupon = placed(picks, 1000, {}, rules);
    expect(coupon.data).toMatchObject({ bonusPercent: 0, bonusRule: null });
    // m1 void, the other four won: 10 × 2^4 = 160.00, no bonus
    given([coupon, settled('m1:1', 'void'), ...picks.slice(1, 4).map((p) => settled(p.id, 'won'))])
      .when({ type: 'SettleSelection', couponId: 'c-1', selectionId: 'm5:1', result: 'won', now: NOW })
      .then([settled('m5:1', 'won'), { type: 'CouponSettled', data: { couponId: 'c-1', status: 1, winnings: 16_000, bonus: 0, payout: 16_000, at: NOW } }]);
  });

  it('never pays above the max pay', () => {
    const big = [pick('m1', 20_000), pick('m2', 20_000)];
    // 100.00 × 20 × 20 = 40 000.00 → capped at 1000.00
    given([placed(big, 10_000), settled('m1:1', 'won')])
      .when({ type: 'SettleSelection', couponId: 'c-1', selectionId: 'm2:1', result: 'won', now: NOW })
      .then([settled('m2:1', 'won'), { type: 'CouponSettled', data: { couponId: 'c-1', status: 1, winnings: 4_000_000, bonus: 0, payout: 100_000, at: NOW } }]);
  });

  it('a multiple settles as the sum of its winning tickets', () => {
    const picks = [pick('m1', 2000), pick('m1', 3200, 'X'), pick('m2', 1500)];
    const multiple = placed(picks, 1000);
    expect(multiple.data).toMatchObject({ couponType: 'CK', combinations: 2, stakePerCombination: 500 });
    // ticket (X, m2) 5 × 3.2 × 1.5 = 24.00
    given([multiple, settled('m1:1', 'lost'), settled('m1:X', 'won')])
      .when({ type: 'SettleSelection', couponId: 'c-1', selectionId: 'm2:1', result: 'won', now: NOW })
      .then([settled('m2:1', 'won'), { type: 'CouponSettled', data: { couponId: 'c-1', status: 1, winnings: 2400, bonus: 0, payout: 2400, at: NOW } }]);
  });
});

describe('UnsettleSelection', () => {
  const coupon = placed([A, B], 1000);
  const won = [coupon, settled('m1:1', 'won'), settled('m2:1', 'won'), { type: 'CouponSettled', data: { couponId: 'c-1', status: 1, winnings: 3000, bonus: 0, payout: 3000, at: NOW } }] as const satisfies readonly CouponEvent[];

  it('a rolled-back result puts a won coupon back to waiting and takes the payout back', () => {
    const outcome = given(won).when({ type: 'UnsettleSelection', couponId: 'c-1', selectionId: 'm2:1', now: NOW });
    outcome.then([
      { type: 'SelectionUnsettled', data: { couponId: 'c-1', selectionId: 'm2:1', previousResult: 'won', at: NOW } },
      { type: 'CouponResettled', data: { couponId: 'c-1', status: 0, previousPayout: 3000, winnings: 0, bonus: 0, payout: 0, difference: -3000, at: NOW } },
    ]);
    const after = given([...won, ...(outcome.outcome as CouponEvent[])]);
    expect(after.state.status).toBe('waiting');
    // The next result settles it afresh.
    after.when({ type: 'SettleSelection', couponId: 'c-1', selectionId: 'm2:1', result: 'lost', now: NOW }).then([
      settled('m2:1', 'lost'),
      { type: 'CouponSettled', data: { couponId: 'c-1', status: -1, winnings: 0, bonus: 0, payout: 0, at: NOW } },
    ]);
  });

  it('a coupon still lost on another leg stays lost; nothing moves', () => {
    const lost = [coupon, settled('m1:1', 'lost'), { type: 'CouponSettled', data: { couponId: 'c-1', status: -1, winnings: 0, bonus: 0, payout: 0, at: NOW } }, settled('m2:1', 'won')] as const satisfies readonly CouponEvent[];
    given(lost)
      .when({ type: 'UnsettleSelection', couponId: 'c-1', selectionId: 'm2:1', now: NOW })
      .then([{ type: 'SelectionUnsettled', data: { couponId: 'c-1', selectionId: 'm2:1', previousResult: 'won', at: NOW } }]);
  });

  it('an open selection is a no-op; an unknown one is refused', () => {
    given([coupon]).when({ type: 'UnsettleSelection', couponId: 'c-1', selectionId: 'm1:1', now: NOW }).then([]);
    given([coupon]).when({ type: 'UnsettleSelection', couponId: 'c-1', selectionId: 'nope', now: NOW }).thenFails('selectionNotFound');
  });
});

describe('ResettleSelection', () => {
  const coupon = placed([A, B], 1000);
  const won = [coupon, settled('m1:1', 'won'), settled('m2:1', 'won'), { type: 'CouponSettled', data: { couponId: 'c-1', status: 1, winnings: 3000, bonus: 0, payout: 3000, at: NOW } }] as const satisfies readonly CouponEvent[];

  it('a corrected result changes the payout and records the difference', () => {
    given(won)
      .when({ type: 'ResettleSelection', couponId: 'c-1', selectionId: 'm2:1', result: 'void', now: NOW })
      .then([
        { type: 'SelectionResettled', data: { couponId: 'c-1', selectionId: 'm2:1', previousResult: 'won', result: 'void', at: NOW } },
        { type: 'CouponResettled', data: { couponId: 'c-1', status: 1, previousPayout: 3000, winnings: 2000, bonus: 0, payout: 2000, difference: -1000, at: NOW } },
      ]);
    given(won)
      .when({ type: 'ResettleSelection', couponId: 'c-1', selectionId: 'm1:1', result: 'lost', now: NOW })
      .then([
        { type: 'SelectionResettled', data: { couponId: 'c-1', selectionId: 'm1:1', previousResult: 'won', result: 'lost', at: NOW } },
        { type: 'CouponResettled', data: { couponId: 'c-1', status: -1, previousPayout: 3000, winnings: 0, bonus: 0, payout: 0, difference: -3000, at: NOW } },
      ]);
  });

  it('a loss corrected while other legs are open puts the coupon back to waiting', () => {
    const lostEarly = [coupon, settled('m1:1', 'lost'), { type: 'CouponSettled', data: { couponId: 'c-1', status: -1, winnings: 0, bonus: 0, payout: 0, at: NOW } }] as const satisfies readonly CouponEvent[];
    given(lostEarly)
      .when({ type: 'ResettleSelection', couponId: 'c-1', selectionId: 'm1:1', result: 'won', now: NOW })
      .then([
        { type: 'SelectionResettled', data: { couponId: 'c-1', selectionId: 'm1:1', previousResult: 'lost', result: 'won', at: NOW } },
        { type: 'CouponResettled', data: { couponId: 'c-1', status: 0, previousPayout: 0, winnings: 0, bonus: 0, payout: 0, difference: 0, at: NOW } },
      ]);
    expect(given([...lostEarly, { type: 'CouponResettled', data: { couponId: 'c-1', status: 0, previousPayout: 0, winnings: 0, bonus: 0, payout: 0, difference: 0, at: NOW } }]).state.status).toBe('waiting');
  });

  it('needs a settled selection; the same result is a no-op', () => {
    given([coupon]).when({ type: 'ResettleSelection', couponId: 'c-1', selectionId: 'm1:1', result: 'won', now: NOW }).thenFails('selectionNotSettled');
    given(won).when({ type: 'ResettleSelection', couponId: 'c-1', selectionId: 'm1:1', result: 'won', now: NOW }).then([]);
  });
});

describe('SellCoupon (cash-out)', () => {
  const coupon = placed([A, B], 1000);
  const sell = (offered: number) => ({ type: 'SellCoupon' as const, couponId: 'c-1', offered, now: NOW });

  it('sells at the offered amount while the value still covers it', () => {
    // A won (2.00); B open, accepted 1.50, now 1.20: 10 × 2 × 1.5 / 1.2 × 0.95 = 23.75
    const context = testContext({ quotes: [{ ...B, odds: 1200 }] });
    given([coupon, settled('m1:1', 'won')]).when(sell(2375), context).then([{ type: 'CouponSold', data: { couponId: 'c-1', amount: 2375, at: NOW } }]);
    given([coupon, settled('m1:1', 'won')]).when(sell(2376), context).thenFails('sellCouponWarningNowNot');
  });

  it('never at a figure of the client: a lower accepted amount than the offer is refused, not paid', () => {
    const context = testContext({ quotes: [{ ...B, odds: 1200 }] });
    given([coupon, settled('m1:1', 'won')]).when(sell(2374), context).thenFails('sellCouponWarningNowNot');
    given([coupon, settled('m1:1', 'won')]).when(sell(1), context).thenFails('sellCouponWarningNowNot');
  });

  it('before any result: stake × Π accepted / Π current × (1 − margin)', () => {
    // odds unchanged: 10 × 0.95 = 9.50
    given([coupon]).when(sell(950), testContext({ quotes: [A, B] })).then([{ type: 'CouponSold', data: { couponId: 'c-1', amount: 950, at: NOW } }]);
  });

  it('refusals: status, permission, multiple/system, no price now', () => {
    const lost = [coupon, settled('m1:1', 'lost'), { type: 'CouponSettled', data: { couponId: 'c-1', status: -1, winnings: 0, bonus: 0, payout: 0, at: NOW } }] as const satisfies readonly CouponEvent[];
    given(lost).when(sell(100), testContext({ quotes: [A, B] })).thenFails('sellCouponWarningStatus');
    given([coupon]).when(sell(100), testContext({ quotes: [A, B], sell: { enabled: false, marginBp: 500 } })).thenFails('sellCouponPermission');
    const system = placed([A, B, C], 900, { systemSizes: [2] });
    given([system]).when(sell(100), testContext({ quotes: [A, B, C] })).thenFails('sellCombineStartError');
    given([coupon]).when(sell(100), testContext({ quotes: [A, { ...B, suspended: true }] })).thenFails('sellCouponWarningNowNot');
  });

  it('a sold coupon is paid at once and cannot be sold again', () => {
    const sold = [coupon, { type: 'CouponSold', data: { couponId: 'c-1', amount: 950, at: NOW } }] as const satisfies readonly CouponEvent[];
    expect(given(sold).state).toMatchObject({ status: 'sold', paidAt: NOW });
    given(sold).when(sell(100), testContext({ quotes: [A, B] })).thenFails('sellCouponWarningStatus');
    given(sold).when({ type: 'MarkCouponPaid', couponId: 'c-1', now: NOW }).thenFails('couponAlreadyPaid');
    // results still arrive for the detail view; the money stays as sold
    given(sold).when({ type: 'SettleSelection', couponId: 'c-1', selectionId: 'm1:1', result: 'won', now: NOW }).then([settled('m1:1', 'won')]);
  });
});

describe('CancelCoupon', () => {
  const coupon = placed([A, B], 1000);
  const cancel = (now: string) => ({ type: 'CancelCoupon' as const, couponId: 'c-1', now });

  it('within the cancel period the stake is refunded', () => {
    given([coupon]).when(cancel('2025-05-01T12:09:59.000Z')).then([{ type: 'CouponCancelled', data: { couponId: 'c-1', refund: 1000, at: '2025-05-01T12:09:59.000Z' } }]);
  });

  it('the period over: couponCancellationPeriodOver', () => {
    given([coupon]).when(cancel('2025-05-01T12:10:01.000Z')).thenFails('couponCancellationPeriodOver');
  });

  it('never a live coupon', () => {
    const live = { ...A, isLive: true };
    const inPlay = testContext({ quotes: [live], matches: { m1: { phase: 'live', startsAt: KICKOFF } } });
    const liveCoupon = given([]).when(placeCommand([live], 1000, { now: KICKOFF }), inPlay).outcome as readonly CouponEvent[];
    given([...liveCoupon]).when(cancel(KICKOFF)).thenFails('liveCouponCanNotBeCanceled');
  });

  it('not once a match started, a result is in, or without the permission', () => {
    given([coupon]).when(cancel(NOW), testContext({ matches: { m2: { phase: 'live', startsAt: NOW } } })).thenFails('matchStarted');
    given([coupon, settled('m1:1', 'void')]).when(cancel(NOW)).thenFails('couponCancellationPeriodOver');
    given([coupon]).when(cancel(NOW), testContext({ cancel: { enabled: false, periodMs: 600_000 } })).thenFails('couponCancelPermission');
    given([coupon, { type: 'CouponCancelled', data: { couponId: 'c-1', refund: 1000, at: NOW } }]).when(cancel(NOW)).thenFails('couponNotWaiting');
  });
});

describe('MarkCouponPaid (a shop ticket paid out at the counter)', () => {
  const coupon = placed([A], 1000, { channel: 'shop' });
  const wonData = { couponId: 'c-1', status: 1 as const, winnings: 2000, bonus: 0, payout: 2000, at: NOW };
  const won = [coupon, settled('m1:1', 'won'), { type: 'CouponSettled', data: wonData }] as const satisfies readonly CouponEvent[];
  const paid = { type: 'MarkCouponPaid' as const, couponId: 'c-1', now: NOW };

  it('records where it was bought', () => {
    expect(coupon.data.channel).toBe('shop');
    expect(placed([A], 1000).data.channel).toBe('online');
  });

  it('pays a won shop coupon its payout, once', () => {
    given(won).when(paid).then([{ type: 'CouponPaid', data: { couponId: 'c-1', amount: 2000, at: NOW } }]);
    given([...won, { type: 'CouponPaid', data: { couponId: 'c-1', amount: 2000, at: NOW } }]).when(paid).thenFails('couponAlreadyPaid');
  });

  it('pays the corrected payout when a correction came before the counter', () => {
    const corrected = { type: 'CouponResettled', data: { ...wonData, previousPayout: 2000, winnings: 1000, payout: 1000, difference: -1000 } } as const;
    given([...won, { type: 'SelectionResettled', data: { couponId: 'c-1', selectionId: 'm1:1', previousResult: 'won', result: 'void', at: NOW } }, corrected])
      .when(paid)
      .then([{ type: 'CouponPaid', data: { couponId: 'c-1', amount: 1000, at: NOW } }]);
  });

  it('not a waiting, lost or cancelled coupon', () => {
    given([coupon]).when(paid).thenFails('couponNotPayable');
    given([coupon, settled('m1:1', 'lost'), { type: 'CouponSettled', data: { ...wonData, status: -1, winnings: 0, payout: 0 } }]).when(paid).thenFails('couponNotPayable');
    given([coupon, { type: 'CouponCancelled', data: { couponId: 'c-1', refund: 1000, at: NOW } }]).when(paid).thenFails('couponNotPayable');
  });

  it('not an online coupon: its payout went to the wallet at settlement', () => {
    const online = placed([A], 1000);
    given([online, settled('m1:1', 'won'), { type: 'CouponSettled', data: wonData }]).when(paid).thenFails('couponNotPayable');
  });
});
