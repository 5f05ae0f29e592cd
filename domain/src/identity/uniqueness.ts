import type { Decider, DomainError } from '../shared/decider';
import { assertNever, domainError } from '../shared/decider';

/**
 * §5 uniqueness (username, e-mail, phone, ID number per site) as one tiny stream per value,
 * `unique-<site>-<kind>-<value>`. Reserving appends to a stream that must not exist yet (or was
 * released), so of two racing registrations the store lets exactly one win.
 */
export const UNIQUE_KINDS = ['username', 'email', 'mobile', 'idnumber'] as const;
export type UniqueKind = (typeof UNIQUE_KINDS)[number];

/** The §8 key a taken value answers with. */
export const TAKEN_KEY: Readonly<Record<UniqueKind, string>> = {
  username: 'usernameAlreadyUseRegister',
  email: 'emailInUse',
  mobile: 'phoneInUse',
  idnumber: 'idNumberInUse',
};

export function uniqueStream(siteId: string, kind: UniqueKind, value: string): string {
  return `unique-${siteId}-${kind}-${value.toLowerCase()}`;
}

export type UniqueValueState = { readonly status: 'free' } | { readonly status: 'held'; readonly userId: string; readonly since: string };

export interface UniqueValueReserved {
  readonly type: 'UniqueValueReserved';
  readonly data: { readonly kind: UniqueKind; readonly userId: string; readonly at: string };
}

export interface UniqueValueReleased {
  readonly type: 'UniqueValueReleased';
  readonly data: { readonly kind: UniqueKind; readonly userId: string; readonly at: string };
}

export type UniqueValueEvent = UniqueValueReserved | UniqueValueReleased;

export interface ReserveUniqueValue {
  readonly type: 'ReserveUniqueValue';
  readonly kind: UniqueKind;
  readonly userId: string;
  /**
   * A holder that never registered (its registration stopped after reserving): the api checked its
   * user stream does not exist and the hold is older than a registration can take. Only that holder
   * is taken over, so a stale check never takes a value from someone who reserved it since.
   */
  readonly abandonedHolder: string | null;
  readonly now: string;
}

export interface ReleaseUniqueValue {
  readonly type: 'ReleaseUniqueValue';
  readonly kind: UniqueKind;
  readonly userId: string;
  readonly now: string;
}

export type UniqueValueCommand = ReserveUniqueValue | ReleaseUniqueValue;

function evolve(_state: UniqueValueState, event: UniqueValueEvent): UniqueValueState {
  switch (event.type) {
    case 'UniqueValueReserved':
      return { status: 'held', userId: event.data.userId, since: event.data.at };
    case 'UniqueValueReleased':
      return { status: 'free' };
    default:
      return assertNever(event);
  }
}

function decide(command: UniqueValueCommand, state: UniqueValueState): readonly UniqueValueEvent[] | DomainError {
  switch (command.type) {
    case 'ReserveUniqueValue': {
      const reserved: UniqueValueReserved = { type: 'UniqueValueReserved', data: { kind: command.kind, userId: command.userId, at: command.now } };
      if (state.status === 'free') return [reserved];
      if (state.userId === command.userId) return [];
      if (command.abandonedHolder !== state.userId) return domainError(TAKEN_KEY[command.kind]);
      return [{ type: 'UniqueValueReleased', data: { kind: command.kind, userId: state.userId, at: command.now } }, reserved];
    }
    case 'ReleaseUniqueValue':
      if (state.status !== 'held' || state.userId !== command.userId) return [];
      return [{ type: 'UniqueValueReleased', data: { kind: command.kind, userId: command.userId, at: command.now } }];
    default:
      return assertNever(command);
  }
}

export const uniqueValueDecider: Decider<UniqueValueState, UniqueValueCommand, UniqueValueEvent> = {
  initialState: { status: 'free' },
  evolve,
  decide: (command, state) => decide(command, state),
};
