import { expect } from 'vitest';
import { errorKey, isDomainError } from '../../shared/decider';
import type { WalletCommand } from '../commands';
import { walletDecider, type WalletState } from '../decider';
import type { WalletEvent } from '../stream';
import type { TransferRequest } from '../../transfer/events';

export const AT = '2026-11-22T10:00:00.000Z';

/** `given([WalletOpened…]).when({ type: 'StakeCoupon', … }).then([CouponStaked…])` / `.thenFails('insufficientCredit')`. */
export function given(events: readonly WalletEvent[] = []) {
  const state = events.reduce<WalletState>(walletDecider.evolve, walletDecider.initialState);
  return {
    state,
    when(command: WalletCommand) {
      const outcome = walletDecider.decide(command, state, undefined);
      return {
        outcome,
        then(expected: readonly WalletEvent[]): void {
          if (isDomainError(outcome)) expect.fail(`expected events, got error ${errorKey(outcome)}`);
          expect(outcome).toEqual(expected);
          expect(JSON.parse(JSON.stringify(outcome))).toStrictEqual(outcome);
        },
        thenFails(code: string): void {
          if (!isDomainError(outcome)) expect.fail(`expected ${code}, got ${JSON.stringify(outcome)}`);
          expect(outcome.code).toBe(code);
        },
      };
    },
  };
}

export function opened(accountId = 'p1', ownerKind: 'player' | 'dealer' = 'player'): WalletEvent {
  return { type: 'WalletOpened', data: { accountId, ownerKind, currency: 'TRY', siteId: 'site-1', at: AT } };
}

export function deposited(amount: number, balance: number, transferId = 'd1', reference = `ref-${transferId}`): WalletEvent {
  return { type: 'DepositCredited', data: { reference, amount, balance, at: AT, transferId } };
}

export function transferRequest(transferId: string, direction: 'deposit' | 'withdrawal', amount: number, accountId = 'p1'): TransferRequest {
  return { transferId, accountId, siteId: 'site-1', direction, amount, currency: 'TRY', payId: 1, payCatId: 1, provider: 'demo', values: [], requestedAt: AT };
}
