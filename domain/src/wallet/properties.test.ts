import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isDomainError } from '../shared/decider';
import { pick, placed } from '../coupon/testing/fixtures';
import type { WalletCommand } from './commands';
import { availableOf, walletDecider, type WalletState } from './decider';
import type { WalletEvent } from './stream';
import { AT, opened, transferRequest } from './testing/given';

/**
 * Model test: random command sequences against a plain-number model of the same wallet. The model
 * is the rule stated once more in the simplest form: money in, money out, a floor, one answer per reference.
 */
const reference = fc.constantFrom('r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7', 'r8', 'r9', 'r10', 'r11', 'r12');
const amount = fc.integer({ min: 1, max: 5000 });
const transferId = fc.constantFrom('t1', 't2', 't3');

const command: fc.Arbitrary<WalletCommand> = fc.oneof(
  fc.record({ reference, amount }).map(({ reference, amount }) => ({ type: 'StakeCoupon' as const, reference, now: AT, coupon: { ...placed([pick('m1', 1500)], 100).data, userId: 'd1', totalStake: amount } })),
  fc.record({ reference, amount }).map(({ reference, amount }) => ({ type: 'CreditPayout' as const, reference, now: AT, couponId: 'c', amount })),
  fc.record({ reference, amount, transferId }).map((c) => ({ type: 'CreditDeposit' as const, now: AT, ...c })),
  fc.record({ reference, amount, transferId }).map((c) => ({ type: 'HoldWithdrawal' as const, now: AT, reference: c.reference, request: transferRequest(c.transferId, 'withdrawal', c.amount, 'd1') })),
  fc.record({ reference, transferId }).map((c) => ({ type: 'ReleaseWithdrawal' as const, now: AT, ...c })),
  fc.record({ reference, transferId }).map((c) => ({ type: 'PayWithdrawal' as const, now: AT, ...c })),
  fc.record({ reference, amount, transferId }).map((c) => ({ type: 'SendCredit' as const, now: AT, toAccountId: 'p1', ...c })),
  fc.record({ reference, amount: fc.integer({ min: 0, max: 8000 }) }).map(({ reference, amount }) => ({ type: 'SetCreditLimit' as const, reference, now: AT, creditLimit: amount, byUserId: 'a' })),
  fc.record({ reference, amount: fc.integer({ min: -3000, max: 3000 }).filter((n) => n !== 0) }).map(({ reference, amount }) => ({
    type: 'AdjustBalance' as const,
    reference,
    now: AT,
    amount,
    reason: 'audit',
    byUserId: 's',
  })),
  fc.record({ reference, difference: fc.integer({ min: -3000, max: 3000 }).filter((n) => n !== 0) }).map(({ reference, difference }) => ({
    type: 'CorrectPayout' as const,
    reference,
    now: AT,
    couponId: 'c',
    difference,
  })),
);

const DELTA: Record<WalletEvent['type'], -1 | 0 | 1> = {
  WalletOpened: 0,
  CreditLimitSet: 0,
  DepositRequested: 0,
  DepositFailed: 0,
  WithdrawalPaid: 0,
  CouponStaked: -1,
  WithdrawalHeld: -1,
  CreditSent: -1,
  CreditCut: -1,
  PayoutCredited: 1,
  StakeRefunded: 1,
  CouponSoldCredited: 1,
  DepositCredited: 1,
  WithdrawalReleased: 1,
  WithdrawalReversed: 1,
  CreditReceived: 1,
  CreditReturned: 1,
  BonusCredited: 1,
  BalanceAdjusted: 1,
  PayoutCorrected: 1,
  CasinoBetPlaced: -1,
  CasinoWinCredited: 1,
  CasinoRoundRolledBack: 1,
  CardFunded: -1,
  CardRefunded: 1,
  CardRedeemedCredited: 1,
};

describe('wallet decider, model-based', () => {
  it('never runs below its floor, moves exactly what its events say and answers a reference once', () => {
    fc.assert(
      fc.property(fc.array(command, { maxLength: 60 }), (commands) => {
        let state: WalletState = walletDecider.evolve(walletDecider.initialState, opened('d1', 'dealer'));
        let model = 0;
        const answered = new Set<string>();
        for (const c of commands) {
          const outcome = walletDecider.decide(c, state, undefined);
          if (isDomainError(outcome)) {
            expect(answered.has(c.reference)).toBe(false);
            continue;
          }
          if (answered.has(c.reference)) expect(outcome).toEqual([]);
          for (const event of outcome) {
            if ('amount' in event.data && 'balance' in event.data) {
              model += DELTA[event.type] * event.data.amount;
              expect(event.data.balance).toBe(model);
            }
            state = walletDecider.evolve(state, event);
            answered.add(c.reference);
          }
          if (state.status !== 'open') throw new Error('wallet closed');
          expect(state.balance).toBe(model);
          expect(availableOf(state)).toBeGreaterThanOrEqual(0);
          expect(state.holds.reduce((sum, held) => sum + held, 0)).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('folds 100,000 events in one pass (persistent reference set, no copy per event)', () => {
    const events: WalletEvent[] = [opened('p1')];
    for (let i = 0; i < 100_000; i++) events.push({ type: 'BonusCredited', data: { reference: `b${i}`, amount: 1, balance: i + 1, at: AT, bonusId: 'x' } });
    const state = events.reduce<WalletState>(walletDecider.evolve, walletDecider.initialState);
    expect(state.status === 'open' && state.balance).toBe(100_000);
    expect(walletDecider.decide({ type: 'CreditBonus', reference: 'b99999', now: AT, bonusId: 'x', amount: 1 }, state, undefined)).toEqual([]);
  });
});
