/**
 * The tiny decider every bounded context implements. The domain depends on no event-sourcing
 * library: a command handler folds `evolve` over a stream, calls `decide`, appends what it returns.
 */
export interface Decider<State, Command, Event, Context = undefined> {
  readonly initialState: State;
  evolve(state: State, event: Event): State;
  /** Returns the new events, or a DomainError the API answers as `{ error: 'code|param' }`. */
  decide(command: Command, state: State, context: Context): readonly Event[] | DomainError;
}

/** A broken business rule. `code` is a translation key of spec §8; params fill its placeholders. */
export interface DomainError {
  readonly kind: 'DomainError';
  readonly code: string;
  readonly params: readonly string[];
}

export function domainError(code: string, ...params: (string | number | bigint)[]): DomainError {
  return { kind: 'DomainError', code, params: params.map(String) };
}

export function isDomainError(value: unknown): value is DomainError {
  return typeof value === 'object' && value !== null && (value as DomainError).kind === 'DomainError';
}

/** `key|param|param`: the wire form of spec §8. */
export function errorKey(error: DomainError): string {
  return [error.code, ...error.params].join('|');
}

/** Ends every exhaustive switch: a new union member becomes a compile error here. */
export function assertNever(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}
