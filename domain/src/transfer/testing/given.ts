import { expect } from 'vitest';
import { errorKey, isDomainError } from '../../shared/decider';
import type { TransferCommand } from '../commands';
import { transferDecider, type TransferState } from '../decider';
import type { TransferEvent } from '../events';

/** `given([TransferRequested…]).when({ type: 'ApproveTransfer', … }).then([TransferApproved…])` / `.thenFails('transferAlreadyDecided')`. */
export function given(events: readonly TransferEvent[]) {
  const state = events.reduce<TransferState>(transferDecider.evolve, transferDecider.initialState);
  return {
    state,
    when(command: TransferCommand) {
      const outcome = transferDecider.decide(command, state, undefined);
      return {
        then: (expected: readonly TransferEvent[]) => {
          if (isDomainError(outcome)) expect.fail(errorKey(outcome));
          expect(outcome).toEqual(expected);
        },
        thenFails: (code: string) => {
          if (!isDomainError(outcome)) expect.fail(`expected ${code}, got ${JSON.stringify(outcome)}`);
          expect(outcome.code).toBe(code);
        },
      };
    },
  };
}
