import { domainError, type DomainError } from '../../shared/decider';
import type { UserProfile } from '../events';
import { isCountryCode } from './countries';

/** Text fields of the profile a change may not blank once the account has them (§5 mandatory fields). */
const KEPT_FIELDS = ['firstName', 'lastName', 'address', 'city', 'postCode', 'countryId', 'phoneCode'] as const;

/**
 * §5 holds after registration too (§7 updateProfile): a mandatory field is not emptied, gender stays
 * m or f, a country is an ISO 3166 code. The first broken rule is the answer; the player site runs
 * the same function before it sends, so both say the same thing.
 */
export function checkProfileChanges(current: Pick<UserProfile, (typeof KEPT_FIELDS)[number]>, changes: Partial<UserProfile>): DomainError | null {
  if (changes.sex !== undefined && !['m', 'f'].includes(changes.sex)) return domainError('sexCanNotbeNull');
  for (const field of KEPT_FIELDS) {
    const next = changes[field];
    if (next !== undefined && next.trim() === '' && current[field] !== '') return domainError('isRequiredArea', field);
  }
  const country = changes.countryId?.trim();
  if (country && !isCountryCode(country)) return domainError('invalidField', 'countryId');
  return null;
}
