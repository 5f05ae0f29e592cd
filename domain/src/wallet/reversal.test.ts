import { describe, it } from 'vitest';
import type { WalletEvent } from './stream';
import { AT, deposited, given, opened, transferRequest } from './testing/given';

const cashOut = { ...transferRequest('t1', 'withdrawal', 400), provider: 'terminal' };
const held: WalletEvent = { type: 'WithdrawalHeld', data: { reference: 'cash-1', amount: 400, balance: 600, at: AT, transferId: 't1', request: cashOut } };
const paid: WalletEvent = { type: 'WithdrawalPaid', data: { reference: 'ev-approved', amount: 400, balance: 600, at: AT, transferId: 't1' } };
const reverse = (reference = 'ev-reversed') => ({ type: 'ReverseWithdrawal' as const, reference, now: AT, transferId: 't1', amount: 400 });

describe('ReverseWithdrawal (canceltransaction)', () => {
  it('given a paid-out cash-out, when it is reversed, then the amount is back in the wallet', () => {
    given([opened(), deposited(1000, 1000), held, paid])
      .when(reverse())
      .then([{ type: 'WithdrawalReversed', data: { reference: 'ev-reversed', amount: 400, balance: 1000, at: AT, transferId: 't1' } }]);
  });

  it('given a cash-out still held (not paid out yet), when it is reversed, then the hold is released, and paying it later moves nothing', () => {
    const released: WalletEvent = { type: 'WithdrawalReleased', data: { reference: 'ev-reversed', amount: 400, balance: 1000, at: AT, transferId: 't1' } };
    given([opened(), deposited(1000, 1000), held]).when(reverse()).then([released]);
    given([opened(), deposited(1000, 1000), held, released]).when({ type: 'PayWithdrawal', reference: 'ev-approved', now: AT, transferId: 't1' }).then([]);
  });

  it('given a reversal already made, when it is asked again by the same reference, then nothing moves twice', () => {
    const done: WalletEvent = { type: 'WithdrawalReversed', data: { reference: 'ev-reversed', amount: 400, balance: 1000, at: AT, transferId: 't1' } };
    given([opened(), deposited(1000, 1000), held, paid, done]).when(reverse()).then([]);
  });

  it('given no such withdrawal in the wallet, when it is reversed, then transferNotFound', () => {
    given([opened(), deposited(1000, 1000)]).when(reverse()).thenFails('transferNotFound');
  });
});
