/** The registration form (spec §3 registration payload) as the player types it. */
export interface RegistrationForm {
  readonly firstName: string;
  readonly lastName: string;
  /** Day.Month.Year (§5). */
  readonly birthDate: string;
  readonly idNumber: string;
  readonly sex: string;
  readonly address: string;
  readonly city: string;
  readonly postCode: string;
  readonly countryId: string;
  readonly phoneCode: string;
  readonly mobile: string;
  readonly userName: string;
  readonly password: string;
  readonly passwordRepeat: string;
  readonly email: string;
  readonly currency: string;
  readonly promotionCode: string;
  readonly captcha: string;
}

export type RegistrationField = keyof RegistrationForm;

/** A broken rule: the field and the spec §8 key (with its parameter). */
export interface FieldProblem {
  readonly field: RegistrationField;
  readonly key: string;
  readonly params?: readonly (string | number)[];
}

export const EMPTY_REGISTRATION: RegistrationForm = {
  firstName: '',
  lastName: '',
  birthDate: '',
  idNumber: '',
  sex: '',
  address: '',
  city: '',
  postCode: '',
  countryId: '',
  phoneCode: '',
  mobile: '',
  userName: '',
  password: '',
  passwordRepeat: '',
  email: '',
  currency: '',
  promotionCode: '',
  captcha: '',
};

/** Form order: problems are listed as the fields appear. */
const EMPTY_FIELDS = Object.keys(EMPTY_REGISTRATION) as RegistrationField[];

const USERNAME = /^[A-Za-z0-9.-]{5,20}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const BIRTH_DATE = /^(\d{2})\.(\d{2})\.(\d{4})$/;
export const MINIMUM_AGE = 18;

/** Parses Day.Month.Year; null when it is not a real date. */
export function parseBirthDate(text: string): { year: number; month: number; day: number } | null {
  const match = BIRTH_DATE.exec(text.trim());
  if (!match) return null;
  const [, d, m, y] = match;
  const day = Number(d);
  const month = Number(m);
  const year = Number(y);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** Whether someone born on `birth` is at least 18 on `today` (spec §5 "over 18"). */
export function isAdult(birth: { year: number; month: number; day: number }, today: Date): boolean {
  const age = today.getFullYear() - birth.year - (today.getMonth() + 1 < birth.month || (today.getMonth() + 1 === birth.month && today.getDate() < birth.day) ? 1 : 0);
  return age >= MINIMUM_AGE;
}

/** Always mandatory (§5); the phone and the ID number are as the site says (`RegistrationSwitches`). */
const REQUIRED: readonly RegistrationField[] = ['firstName', 'lastName', 'birthDate', 'address', 'city', 'postCode', 'countryId', 'password', 'captcha'];

/**
 * §3 registerMobileRequired / registerTcRequired: whether the phone (with its code) and the ID number
 * must be given. The server's `checkRegistration` reads the same two switches; a value given anyway is
 * checked either way.
 */
export interface RegistrationSwitches {
  readonly mobileRequired: boolean;
  readonly idNumberRequired: boolean;
}

export const ALL_REQUIRED: RegistrationSwitches = { mobileRequired: true, idNumberRequired: true };

/** The site's switches in the form's terms. */
export function registrationSwitches(settings: { readonly registerMobileRequired: number; readonly registerTcRequired: number }): RegistrationSwitches {
  return { mobileRequired: settings.registerMobileRequired === 1, idNumberRequired: settings.registerTcRequired === 1 };
}

/** Whether the form must hold `field` under `switches` (labels mark the others optional). */
export function isRequiredField(field: RegistrationField, switches: RegistrationSwitches): boolean {
  if (field === 'phoneCode' || field === 'mobile') return switches.mobileRequired;
  if (field === 'idNumber') return switches.idNumberRequired;
  return REQUIRED.includes(field) || ['userName', 'sex', 'passwordRepeat', 'email'].includes(field);
}

/**
 * Spec §5 registration: username 5–20 Latin letters, digits, hyphen and period; username and
 * password differ; gender mandatory; security code; address, names, phone, phone code, post code,
 * country, ID number, birth date, password mandatory; password equals repeat; valid email;
 * Day.Month.Year; over 18; password 4–20. Every broken rule is returned, in form order.
 */
export function registrationProblems(form: RegistrationForm, today: Date, switches: RegistrationSwitches = ALL_REQUIRED): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const userName = form.userName.trim();
  if (!userName) problems.push({ field: 'userName', key: 'usernameControlCanNotbeNull' });
  else if (!USERNAME.test(userName)) problems.push({ field: 'userName', key: 'usernameRule' });
  const mobileAsked = switches.mobileRequired || form.mobile.trim() !== '';
  const idNumberAsked = switches.idNumberRequired || form.idNumber.trim() !== '';
  const required = [...REQUIRED, ...(mobileAsked ? (['phoneCode', 'mobile'] as const) : []), ...(idNumberAsked ? (['idNumber'] as const) : [])];
  for (const field of EMPTY_FIELDS) if (required.includes(field) && !form[field].trim()) problems.push({ field, key: 'isRequiredArea' });
  if (!form.sex) problems.push({ field: 'sex', key: 'sexCanNotbeNull' });
  if (form.password && (form.password.length < 4 || form.password.length > 20)) problems.push({ field: 'password', key: 'minLengthMaxLength', params: [4, 20] });
  if (form.password && userName && form.password.toLowerCase() === userName.toLowerCase()) problems.push({ field: 'password', key: 'userName_password_cannot_same' });
  if (form.password !== form.passwordRepeat) problems.push({ field: 'passwordRepeat', key: 'passwordsDiffer' });
  if (!EMAIL.test(form.email.trim())) problems.push({ field: 'email', key: 'emailRequired' });
  if (form.birthDate.trim()) {
    const birth = parseBirthDate(form.birthDate);
    if (!birth) problems.push({ field: 'birthDate', key: 'dateRequired' });
    else if (!isAdult(birth, today)) problems.push({ field: 'birthDate', key: 'under18' });
  }
  // The server's rules: 7–15 digits once spaces and hyphens are taken out; ID number 5–20 letters and digits.
  if (form.mobile.trim() && !/^\d{7,15}$/.test(form.mobile.replace(/[\s-]/g, ''))) problems.push({ field: 'mobile', key: 'numberRequired' });
  if (form.idNumber.trim() && !/^[A-Za-z0-9]{5,20}$/.test(form.idNumber.trim())) problems.push({ field: 'idNumber', key: 'minLengthMaxLength', params: ['idNumber', 5, 20] });
  return problems;
}
