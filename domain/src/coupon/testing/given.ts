import { expect } from 'vitest';
import { errorKey, isDomainError } from '../../shared/decider';
import type { CouponCommand } from '../commands';
import type { CouponContext } from '../context';
import { couponDecider, type CouponState } from '../decider';
import type { CouponEvent } from '../events';
import { testContext } from './fixtures';

/**
 * Specification-style decider tests:
 * `given([CouponPlaced…]).when({ type: 'SellCoupon', … }).then([CouponSold…])` / `.thenFails('code')`.
 */
export function given(events: readonly CouponEvent[] = []) {
  const state = events.reduce<CouponState>(couponDecider.evolve, couponDecider.initialState);
  return {
    state,
    when(command: CouponCommand, context: CouponContext = testContext()) {
      const outcome = couponDecider.decide(command, state, context);
      return {
        outcome,
        then(expected: readonly CouponEvent[]): void {
          if (isDomainError(outcome)) expect.fail(`expected events, got error ${errorKey(outcome)}`);
          expect(outcome).toEqual(expected);
          expect(JSON.parse(JSON.stringify(outcome))).toStrictEqual(outcome);
        },
        thenFails(code: string, ...params: (string | number)[]): void {
          if (!isDomainError(outcome)) expect.fail(`expected ${code}, got ${JSON.stringify(outcome)}`);
          expect(outcome.code).toBe(code);
          if (params.length > 0) expect(outcome.params).toEqual(params.map(String));
        },
      };
    },
  };
}
