import { expect } from 'vitest';
import { type Decider, errorKey, isDomainError } from '../decider';

/**
 * Given / when / then over any decider (STYLE.md): `given(events).when(command).then(events)` or
 * `.thenFails('key|param')`. `then` answers the state the events leave, for a further look.
 */
export function deciderSpec<State, Command, Event, Context>(decider: Decider<State, Command, Event, Context>, context: Context) {
  return function given(events: readonly Event[] = []) {
    const state = events.reduce(decider.evolve, decider.initialState);
    return {
      state,
      when(command: Command) {
        const outcome = decider.decide(command, state, context);
        return {
          outcome,
          then(expected: readonly Event[]): State {
            if (isDomainError(outcome)) expect.fail(`expected events, got error ${errorKey(outcome)}`);
            expect(outcome).toEqual(expected);
            return [...events, ...outcome].reduce(decider.evolve, decider.initialState);
          },
          thenFails(key: string): void {
            if (!isDomainError(outcome)) expect.fail(`expected ${key}, got ${JSON.stringify(outcome)}`);
            expect(errorKey(outcome)).toBe(key);
          },
        };
      },
    };
  };
}
