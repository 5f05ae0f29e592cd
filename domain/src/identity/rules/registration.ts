import { domainError, type DomainError } from '../../shared/decider';
import { isCountryCode } from './countries';

/** §3 registration payload as typed by the person (strings; the rules below decide what is valid). */
export interface RegistrationForm {
  readonly firstName?: string;
  readonly lastName?: string;
  /** Day.Month.Year (§5), e.g. 15.04.1990. */
  readonly birthDate?: string;
  readonly idNumber?: string;
  readonly sex?: string;
  readonly address?: string;
  readonly city?: string;
  readonly postCode?: string;
  readonly countryId?: string;
  readonly phoneCode?: string;
  readonly mobile?: string;
  readonly userName?: string;
  readonly password?: string;
  readonly passwordRepeat?: string;
  readonly email?: string;
  readonly currency?: string;
  readonly promotionCode?: string;
  readonly affiliateUser?: string;
  readonly lang?: string;
}

export interface RegistrationRules {
  /** §3 registerMobileRequired / registerTcRequired. */
  readonly mobileRequired: boolean;
  readonly idNumberRequired: boolean;
  /** Staff opening a dealer or terminal need not give a person's details. */
  readonly personalDetailsRequired: boolean;
  readonly emailRequired: boolean;
  /** The currencies the site lets a person choose (its default first); absent: any the caller defaults to. */
  readonly currencies?: readonly string[];
}

export const MINIMUM_AGE = 18;
const USERNAME = /^[A-Za-z0-9.-]+$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const BIRTH_DATE = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;
const DIGITS = /^\d+$/;

/** §5 username: 5-20, Latin letters and digits, hyphen and period allowed. */
export function checkUserName(userName: string | undefined): DomainError | null {
  if (!userName) return domainError('usernameControlCanNotbeNull');
  if (userName.length < 5 || userName.length > 20) return domainError('minLengthMaxLength', 'userName', 5, 20);
  if (!USERNAME.test(userName)) return domainError('usernameInvalidCharacters');
  return null;
}

/** §5 "new password 4-20" (and the login popup's 4-20). */
export function checkPassword(password: string | undefined, field = 'password'): DomainError | null {
  if (!password) return domainError('isRequiredArea', field);
  if (password.length < 4 || password.length > 20) return domainError('minLengthMaxLength', field, 4, 20);
  return null;
}

/** Day.Month.Year → ISO yyyy-mm-dd, or null when it is no calendar date. */
export function parseBirthDate(text: string): string | null {
  const match = BIRTH_DATE.exec(text.trim());
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Whole years between an ISO birth date and the ISO instant `now` (UTC calendar). */
export function ageOn(birthDateIso: string, now: string): number {
  const [by, bm, bd] = birthDateIso.split('-').map(Number) as [number, number, number];
  const today = new Date(now);
  const [ty, tm, td] = [today.getUTCFullYear(), today.getUTCMonth() + 1, today.getUTCDate()];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/** A sane e-mail address (something@domain.tld, no spaces): the form's check, not proof the mailbox exists. */
export function isEmailAddress(text: string): boolean {
  return EMAIL.test(text.trim());
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Digits only, with the country code: `+90` `555 123 45 67` → `905551234567`. */
export function normalizeMobile(phoneCode: string | undefined, mobile: string): string {
  return `${(phoneCode ?? '').replace(/\D/g, '')}${mobile.replace(/\D/g, '')}`;
}

/**
 * §5 registration rules in the order the form shows them; the first failure is the answer, with its
 * spec §8 key. A country is an ISO 3166 code (§7 getCountries) and a currency one the site offers
 * (§7 getCurrencies). Uniqueness (username, e-mail, phone, ID number) is checked where it can be enforced:
 * by reserving each value (api), not here.
 */
export function checkRegistration(form: RegistrationForm, rules: RegistrationRules, now: string): DomainError | null {
  const userName = checkUserName(form.userName);
  if (userName) return userName;
  const password = checkPassword(form.password);
  if (password) return password;
  if (form.password !== form.passwordRepeat) return domainError('passwordRepeatMismatch');
  if (form.userName!.toLowerCase() === form.password!.toLowerCase()) return domainError('userName_password_cannot_same');
  if (rules.emailRequired || form.email) {
    if (!form.email) return domainError('isRequiredArea', 'email');
    if (!isEmailAddress(form.email)) return domainError('emailRequired', 'email');
  }
  if (rules.personalDetailsRequired) {
    if (!form.sex || !['m', 'f'].includes(form.sex)) return domainError('sexCanNotbeNull');
    for (const field of ['firstName', 'lastName', 'address', 'city', 'postCode', 'countryId'] as const) {
      if (!form[field]?.trim()) return domainError('isRequiredArea', field);
    }
    if (!isCountryCode(form.countryId!.trim())) return domainError('invalidField', 'countryId');
    if (!form.birthDate?.trim()) return domainError('isRequiredArea', 'birthDate');
    const birthDate = parseBirthDate(form.birthDate);
    if (!birthDate) return domainError('dateRequired', 'birthDate');
    if (ageOn(birthDate, now) < MINIMUM_AGE) return domainError('ageLimit', MINIMUM_AGE);
  }
  if (rules.mobileRequired || form.mobile) {
    if (!form.phoneCode?.trim()) return domainError('isRequiredArea', 'phoneCode');
    if (!form.mobile?.trim()) return domainError('isRequiredArea', 'mobile');
    const digits = form.mobile.replace(/[\s-]/g, '');
    if (!DIGITS.test(digits) || digits.length < 7 || digits.length > 15) return domainError('numberRequired', 'mobile');
  }
  if (rules.idNumberRequired || form.idNumber) {
    if (!form.idNumber?.trim()) return domainError('isRequiredArea', 'idNumber');
    if (!/^[A-Za-z0-9]{5,20}$/.test(form.idNumber.trim())) return domainError('minLengthMaxLength', 'idNumber', 5, 20);
  }
  if (rules.currencies && form.currency && !rules.currencies.includes(form.currency)) return domainError('invalidField', 'currency');
  return null;
}
