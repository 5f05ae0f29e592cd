import { describe, expect, it } from 'vitest';
import { EMPTY_REGISTRATION, isAdult, parseBirthDate, type RegistrationForm, registrationProblems } from './registration';
import { loginProblems } from './validation';

const today = new Date(2026, 10, 22);
const valid: RegistrationForm = {
  ...EMPTY_REGISTRATION,
  firstName: 'Ayşe',
  lastName: 'Yılmaz',
  birthDate: '01.02.1990',
  idNumber: '12345678901',
  sex: 'f',
  address: 'Bağdat Cd. 1',
  city: 'İstanbul',
  postCode: '34000',
  countryId: 'TR',
  phoneCode: '90',
  mobile: '5321234567',
  userName: 'ayse.y-90',
  password: 'gizli123',
  passwordRepeat: 'gizli123',
  email: 'ayse@example.com',
  captcha: 'x7k2p',
};
const problems = (form: Partial<RegistrationForm>) => registrationProblems({ ...valid, ...form }, today).map((p) => `${p.field}:${p.key}`);

describe('registration rules (spec §5)', () => {
  it('a complete form passes', () => {
    expect(problems({})).toEqual([]);
  });
  it('username 5–20 Latin letters, digits, hyphen and period', () => {
    expect(problems({ userName: 'abcd' })).toEqual(['userName:usernameRule']);
    expect(problems({ userName: 'ayşe123' })).toEqual(['userName:usernameRule']);
    expect(problems({ userName: 'a'.repeat(21) })).toEqual(['userName:usernameRule']);
    expect(problems({ userName: '' })).toContain('userName:usernameControlCanNotbeNull');
  });
  it('username and password differ; password 4–20 and equal to its repeat', () => {
    expect(problems({ password: 'Ayse.y-90', passwordRepeat: 'Ayse.y-90' })).toEqual(['password:userName_password_cannot_same']);
    expect(problems({ password: 'abc', passwordRepeat: 'abc' })).toEqual(['password:minLengthMaxLength']);
    expect(problems({ passwordRepeat: 'other' })).toEqual(['passwordRepeat:passwordsDiffer']);
  });
  it('gender, mandatory fields, email, Day.Month.Year and over 18', () => {
    expect(problems({ sex: '' })).toEqual(['sex:sexCanNotbeNull']);
    expect(problems({ city: ' ', captcha: '' })).toEqual(['city:isRequiredArea', 'captcha:isRequiredArea']);
    expect(problems({ email: 'ayse@' })).toEqual(['email:emailRequired']);
    expect(problems({ birthDate: '1990-02-01' })).toEqual(['birthDate:dateRequired']);
    expect(problems({ birthDate: '31.02.1990' })).toEqual(['birthDate:dateRequired']);
    expect(problems({ birthDate: '23.11.2008' })).toEqual(['birthDate:under18']);
    expect(problems({ birthDate: '22.11.2008' })).toEqual([]);
  });
  it('the phone and the ID number are mandatory only as the site says (registerMobileRequired, registerTcRequired), checked when given', () => {
    const none = { mobileRequired: false, idNumberRequired: false };
    const without = { ...valid, phoneCode: '', mobile: '', idNumber: '' };
    expect(registrationProblems(without, today).map((p) => `${p.field}:${p.key}`)).toEqual(['idNumber:isRequiredArea', 'phoneCode:isRequiredArea', 'mobile:isRequiredArea']);
    expect(registrationProblems(without, today, none)).toEqual([]);
    expect(registrationProblems({ ...without, mobile: '55x' }, today, none).map((p) => `${p.field}:${p.key}`)).toEqual(['phoneCode:isRequiredArea', 'mobile:numberRequired']);
    expect(registrationProblems({ ...without, idNumber: 'A1' }, today, none).map((p) => `${p.field}:${p.key}`)).toEqual(['idNumber:minLengthMaxLength']);
  });
  it('age counts whole years', () => {
    expect(isAdult(parseBirthDate('22.11.2008')!, today)).toBe(true);
    expect(isAdult(parseBirthDate('23.11.2008')!, today)).toBe(false);
  });
});

describe('login popup rules (spec §5: required, 4–20)', () => {
  it('flags empty and out-of-range fields', () => {
    expect(loginProblems('', '')).toEqual([
      { field: 'userName', key: 'isRequiredArea' },
      { field: 'password', key: 'isRequiredArea' },
    ]);
    expect(loginProblems('abc', 'a'.repeat(21)).map((p) => p.key)).toEqual(['minLengthMaxLength', 'minLengthMaxLength']);
    expect(loginProblems('abcd', 'abcd')).toEqual([]);
  });
});
