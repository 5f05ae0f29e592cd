import { expect } from 'vitest';
import type { MoneyApi } from './money-harness';

/** Where one test file's new players differ from another's, so the files can share one database. */
export interface RegistrationSeries {
  /** First 7 digits of the ID number (11 digits in all). */
  readonly idPrefix: string;
  /** First 3 digits of the mobile number (10 digits in all). */
  readonly mobilePrefix: string;
  /** The first three parts of the address each registration comes from (the IP log and the rate limit see one each). */
  readonly subnet: string;
}

/** A complete, valid §3 registration of a new player, the `n`th of its series. */
export function registrationForm(series: RegistrationSeries, userName: string, n: number, affiliateUser?: string) {
  return {
    firstName: 'Ayşe',
    lastName: 'Yılmaz',
    birthDate: '15.04.1990',
    idNumber: `${series.idPrefix}${String(n).padStart(4, '0')}`,
    sex: 'f',
    address: 'Bağdat Caddesi 1',
    city: 'Istanbul',
    postCode: '34000',
    countryId: 'TR',
    phoneCode: '+90',
    mobile: `${series.mobilePrefix}${String(n).padStart(7, '0')}`,
    userName,
    password: 'secret12',
    passwordRepeat: 'secret12',
    email: `${userName}@example.com`,
    ...(affiliateUser !== undefined ? { affiliateUser } : {}),
  };
}

/**
 * Registers new players through the public form (the captcha read off as a person would); each call
 * returns the account id. `apiOf` is asked at each call: the api opens in the file's beforeAll.
 */
export function formRegistrar(apiOf: () => MoneyApi, series: RegistrationSeries) {
  let registrations = 0;
  return async (site: string, userName: string, affiliateUser?: string): Promise<string> => {
    const api = apiOf();
    const captcha = (await api.app.inject({ method: 'GET', url: '/api/v1/captcha', headers: { 'x-site-id': site } })).json();
    const n = ++registrations;
    const response = await api.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: { 'x-site-id': site },
      remoteAddress: `${series.subnet}.${n}`,
      payload: { ...registrationForm(series, userName, n, affiliateUser), captchaId: captcha.captchaId, captchaCode: api.captchaTexts.at(-1) },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().userId as string;
  };
}
