/**
 * A site language's code (spec §3 Language `code`, §2 "two-letter code"): two lower-case letters,
 * the same rule wherever a code names a language (content names, a player's language, a route's lang).
 */
export const LANGUAGE_CODE = /^[a-z]{2}$/;

export function isLanguageCode(code: string): boolean {
  return LANGUAGE_CODE.test(code);
}
