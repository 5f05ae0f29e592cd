import { type DomainError } from '@kupon/domain';

/**
 * A param often echoes the request (`matchNotFound|<the id asked for>`): a line break or another control
 * character in it would split the one-line `key|param` a client (and a log) reads, so each goes as `?`.
 */
// eslint-disable-next-line no-control-regex -- the point: C0 and C1 controls, and the two unicode line separators
const LINE_BREAK_OR_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/** `text` on one line: every control character and line separator as `?`. */
export const oneLine = (text: string): string => text.replace(LINE_BREAK_OR_CONTROL, '?');

/**
 * A refused request: answered as `{ error: 'key|param…' }` (spec §8) with `statusCode`. Route code
 * throws it (or returns a DomainError through `refuse`); the error plugin writes the answer.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly params: readonly string[];

  constructor(
    readonly statusCode: number,
    readonly key: string,
    ...params: (string | number | bigint)[]
  ) {
    super([key, ...params].join('|'));
    this.params = params.map((param) => oneLine(String(param)));
  }

  /** The wire form, `key|param|param`. */
  get wire(): string {
    return [this.key, ...this.params].join('|');
  }
}

/**
 * The HTTP status of a broken business rule. A rule the caller may not cross is 403, a unique value
 * taken is 409, an unknown thing 404, a login problem 401; every other rule is 422 (the request was
 * understood, the business said no). Contexts add their own keys with `registerErrorStatuses`.
 */
const STATUS_BY_KEY = new Map<string, number>([
  ['loginRequired', 401],
  ['sessionExpired', 401],
  ['incorrectUsernameOrPassword', 401],
  ['thisOperatorNotYour', 403],
  ['permissionDenied', 403],
  ['readOnlyRole', 403],
  ['otherSite', 403],
  ['registerDisabled', 403],
  ['userPassive', 403],
  ['userNotActivated', 403],
  ['transfersForbidden', 403],
  ['sellCouponPermission', 403],
  ['noSuchUser', 404],
  ['siteNotFound', 404],
  ['notFound', 404],
  ['usernameAlreadyUseRegister', 409],
  ['emailInUse', 409],
  ['phoneInUse', 409],
  ['idNumberInUse', 409],
  ['siteExists', 409],
  ['tooManyRequests', 429],
]);

export function registerErrorStatuses(statuses: Readonly<Record<string, number>>): void {
  for (const [key, status] of Object.entries(statuses)) STATUS_BY_KEY.set(key, status);
}

export function statusForKey(key: string): number {
  return STATUS_BY_KEY.get(key) ?? 422;
}

/** A domain error as the api answers it. */
export function refusal(error: DomainError, statusCode = statusForKey(error.code)): ApiError {
  return new ApiError(statusCode, error.code, ...error.params);
}
