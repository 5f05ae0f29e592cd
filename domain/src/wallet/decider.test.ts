import { describe, expect, it } from 'vitest';
import { placed, pick } from '../coupon/testing/fixtures';
import type { PlacedCoupon } from '../coupon/events';
import { AT, deposited, given, opened, transferRequest } from './testing/given';

function coupon(stake: number, userId = 'p1'): PlacedCoupon {
  return { ...placed([pick('m1', 1850)], stake).data, userId };
}

describe('wallet decider', () => {
  it('opens a wallet once, in its currency', () => {
    given().when({ type: 'OpenWallet', reference: 'r', now: AT, accountId: 'p1', ownerKind: 'player', currency: 'TRY', siteId: 'site-1' }).then([opened()]);
    given([opened()]).when({ type: 'OpenWallet', reference: 'r2', now: AT, accountId: 'p1', ownerKind: 'player', currency: 'TRY', siteId: 'site-1' }).then([]);
  });

  it('refuses money on a wallet that was never opened', () => {
    given().when({ type: 'CreditDeposit', reference: 'r', now: AT, transferId: 't', amount: 100 }).thenFails('walletNotOpened');
  });

  it('stakes a coupon the balance covers, carrying the whole coupon', () => {
    const c = coupon(1000);
    given([opened(), deposited(1500, 1500)])
      .when({ type: 'StakeCoupon', reference: 'req-1', now: AT, coupon: c })
      .then([{ type: 'CouponStaked', data: { reference: 'req-1', amount: 1000, balance: 500, at: AT, coupon: c } }]);
  });

  it('refuses a stake above the balance: Insufficient credit!', () => {
    given([opened(), deposited(999, 999)]).when({ type: 'StakeCoupon', reference: 'req-1', now: AT, coupon: coupon(1000) }).thenFails('insufficientCredit');
  });

  it('answers a repeated request id with nothing new: the coupon is staked once', () => {
    const c = coupon(1000);
    const staked = { type: 'CouponStaked' as const, data: { reference: 'req-1', amount: 1000, balance: 1000, at: AT, coupon: c } };
    given([opened(), deposited(2000, 2000), staked]).when({ type: 'StakeCoupon', reference: 'req-1', now: AT, coupon: c }).then([]);
  });

  it("refuses to stake another account's coupon", () => {
    given([opened(), deposited(2000, 2000)]).when({ type: 'StakeCoupon', reference: 'r', now: AT, coupon: coupon(100, 'p2') }).thenFails('thisOperatorNotYour');
  });

  it('credits a payout once per causing event', () => {
    const when = { type: 'CreditPayout' as const, reference: 'settled-1', now: AT, couponId: 'c1', amount: 1850 };
    given([opened()]).when(when).then([{ type: 'PayoutCredited', data: { reference: 'settled-1', amount: 1850, balance: 1850, at: AT, couponId: 'c1' } }]);
    given([opened(), { type: 'PayoutCredited', data: { reference: 'settled-1', amount: 1850, balance: 1850, at: AT, couponId: 'c1' } }]).when(when).then([]);
  });

  it('takes a lowered payout back only as far as the balance reaches, recording the rest', () => {
    given([opened(), deposited(300, 300)])
      .when({ type: 'CorrectPayout', reference: 'resettled-1', now: AT, couponId: 'c1', difference: -500 })
      .then([{ type: 'PayoutCorrected', data: { reference: 'resettled-1', amount: -300, balance: 0, at: AT, couponId: 'c1', difference: -500, unrecovered: 200 } }]);
  });

  it('refunds a cancelled stake and credits a sold coupon', () => {
    given([opened()])
      .when({ type: 'RefundStake', reference: 'cancelled-1', now: AT, couponId: 'c1', amount: 700 })
      .then([{ type: 'StakeRefunded', data: { reference: 'cancelled-1', amount: 700, balance: 700, at: AT, couponId: 'c1' } }]);
    given([opened(), deposited(10, 10)])
      .when({ type: 'CreditCouponSale', reference: 'sold-1', now: AT, couponId: 'c1', amount: 450 })
      .then([{ type: 'CouponSoldCredited', data: { reference: 'sold-1', amount: 450, balance: 460, at: AT, couponId: 'c1' } }]);
  });

  describe('deposits and withdrawals', () => {
    const requested = { type: 'DepositRequested' as const, data: { reference: 'req-d', amount: 5000, balance: 0, at: AT, transferId: 'd1', request: transferRequest('d1', 'deposit', 5000) } };

    it('allows one transaction in flight: You already have a transaction.', () => {
      given([opened(), requested]).when({ type: 'RequestDeposit', reference: 'req-d2', now: AT, request: transferRequest('d2', 'deposit', 100) }).thenFails('alreadyHaveTransaction');
      given([opened(), requested]).when({ type: 'HoldWithdrawal', reference: 'req-w', now: AT, request: transferRequest('w1', 'withdrawal', 1) }).thenFails('alreadyHaveTransaction');
    });

    it('credits a confirmed deposit once, and frees the wallet for the next transaction', () => {
      const credited = given([opened(), requested]).when({ type: 'CreditDeposit', reference: 'approved-1', now: AT, transferId: 'd1', amount: 5000 });
      credited.then([deposited(5000, 5000, 'd1', 'approved-1')]);
      given([opened(), requested, deposited(5000, 5000, 'd1', 'approved-1')])
        .when({ type: 'CreditDeposit', reference: 'another-delivery', now: AT, transferId: 'd1', amount: 5000 })
        .then([]);
      given([opened(), requested, deposited(5000, 5000, 'd1', 'approved-1')])
        .when({ type: 'RequestDeposit', reference: 'req-d2', now: AT, request: transferRequest('d2', 'deposit', 100) })
        .then([{ type: 'DepositRequested', data: { reference: 'req-d2', amount: 100, balance: 5000, at: AT, transferId: 'd2', request: transferRequest('d2', 'deposit', 100) } }]);
    });

    it('holds a withdrawal out of the balance, then pays or releases it', () => {
      const held = { type: 'WithdrawalHeld' as const, data: { reference: 'req-w', amount: 400, balance: 600, at: AT, transferId: 'w1', request: transferRequest('w1', 'withdrawal', 400) } };
      given([opened(), deposited(1000, 1000)]).when({ type: 'HoldWithdrawal', reference: 'req-w', now: AT, request: transferRequest('w1', 'withdrawal', 400) }).then([held]);
      given([opened(), deposited(1000, 1000), held])
        .when({ type: 'PayWithdrawal', reference: 'ap', now: AT, transferId: 'w1' })
        .then([{ type: 'WithdrawalPaid', data: { reference: 'ap', amount: 400, balance: 600, at: AT, transferId: 'w1' } }]);
      given([opened(), deposited(1000, 1000), held])
        .when({ type: 'ReleaseWithdrawal', reference: 'rj', now: AT, transferId: 'w1' })
        .then([{ type: 'WithdrawalReleased', data: { reference: 'rj', amount: 400, balance: 1000, at: AT, transferId: 'w1' } }]);
      const paid = { type: 'WithdrawalPaid' as const, data: { reference: 'ap', amount: 400, balance: 600, at: AT, transferId: 'w1' } };
      given([opened(), deposited(1000, 1000), held, paid]).when({ type: 'ReleaseWithdrawal', reference: 'rj', now: AT, transferId: 'w1' }).then([]);
    });

    it('refuses a withdrawal above the balance', () => {
      given([opened(), deposited(1000, 1000)]).when({ type: 'HoldWithdrawal', reference: 'r', now: AT, request: transferRequest('w1', 'withdrawal', 1001) }).thenFails('insufficientCredit');
    });
  });

  describe('dealer credit', () => {
    const limit = { type: 'CreditLimitSet' as const, data: { reference: 'lim', creditLimit: 10_000, byUserId: 'admin', at: AT } };

    it('lets a dealer send credit down to minus its credit limit, never further', () => {
      given([opened('d1', 'dealer'), limit])
        .when({ type: 'SendCredit', reference: 'r', now: AT, transferId: 'x1', toAccountId: 'p1', amount: 10_000 })
        .then([{ type: 'CreditSent', data: { reference: 'r', amount: 10_000, balance: -10_000, at: AT, transferId: 'x1', toAccountId: 'p1' } }]);
      given([opened('d1', 'dealer'), limit]).when({ type: 'SendCredit', reference: 'r', now: AT, transferId: 'x1', toAccountId: 'p1', amount: 10_001 }).thenFails('insufficientCredit');
    });

    it('never lets a player send credit or run below zero', () => {
      given([opened(), deposited(500, 500)]).when({ type: 'SendCredit', reference: 'r', now: AT, transferId: 'x1', toAccountId: 'p2', amount: 100 }).thenFails('transfersForbidden');
      given([opened()]).when({ type: 'SetCreditLimit', reference: 'r', now: AT, creditLimit: 100, byUserId: 'admin' }).thenFails('transfersForbidden');
    });

    it('receives, cuts and returns credit', () => {
      given([opened()])
        .when({ type: 'ReceiveCredit', reference: 'sent-1', now: AT, transferId: 'x1', fromAccountId: 'd1', amount: 300 })
        .then([{ type: 'CreditReceived', data: { reference: 'sent-1', amount: 300, balance: 300, at: AT, transferId: 'x1', fromAccountId: 'd1' } }]);
      given([opened(), deposited(300, 300)])
        .when({ type: 'CutCredit', reference: 'cut', now: AT, transferId: 'x2', toAccountId: 'd1', amount: 300, byUserId: 'd1' })
        .then([{ type: 'CreditCut', data: { reference: 'cut', amount: 300, balance: 0, at: AT, transferId: 'x2', toAccountId: 'd1', byUserId: 'd1' } }]);
      given([opened(), deposited(300, 300)]).when({ type: 'CutCredit', reference: 'cut', now: AT, transferId: 'x2', toAccountId: 'd1', amount: 301, byUserId: 'd1' }).thenFails('insufficientCredit');
      given([opened('d1', 'dealer')])
        .when({ type: 'ReturnCredit', reference: 'cut-1', now: AT, transferId: 'x2', fromAccountId: 'p1', amount: 300 })
        .then([{ type: 'CreditReturned', data: { reference: 'cut-1', amount: 300, balance: 300, at: AT, transferId: 'x2', fromAccountId: 'p1' } }]);
    });

    it('refuses to lower a credit limit under what the dealer already uses', () => {
      const sent = { type: 'CreditSent' as const, data: { reference: 'r', amount: 6000, balance: -6000, at: AT, transferId: 'x1', toAccountId: 'p1' } };
      given([opened('d1', 'dealer'), limit, sent]).when({ type: 'SetCreditLimit', reference: 'l2', now: AT, creditLimit: 5000, byUserId: 'admin' }).thenFails('insufficientCredit');
    });
  });

  it('adjusts by staff only with a reason, never below zero', () => {
    given([opened(), deposited(100, 100)]).when({ type: 'AdjustBalance', reference: 'a', now: AT, amount: -50, reason: ' ', byUserId: 's' }).thenFails('isRequiredArea');
    given([opened(), deposited(100, 100)]).when({ type: 'AdjustBalance', reference: 'a', now: AT, amount: -101, reason: 'chargeback', byUserId: 's' }).thenFails('insufficientCredit');
    given([opened(), deposited(100, 100)])
      .when({ type: 'AdjustBalance', reference: 'a', now: AT, amount: -100, reason: 'chargeback', byUserId: 's' })
      .then([{ type: 'BalanceAdjusted', data: { reference: 'a', amount: -100, balance: 0, at: AT, reason: 'chargeback', byUserId: 's' } }]);
  });

  it('credits a bonus and refuses zero or fractional amounts', () => {
    given([opened()]).when({ type: 'CreditBonus', reference: 'b', now: AT, bonusId: 'welcome', amount: 0 }).thenFails('invalidAmount');
    given([opened()]).when({ type: 'RefundStake', reference: 'b', now: AT, couponId: 'c', amount: 1.5 }).thenFails('invalidAmount');
    expect(given([opened()]).when({ type: 'CreditBonus', reference: 'b', now: AT, bonusId: 'welcome', amount: 250 }).outcome).toHaveLength(1);
  });
});
