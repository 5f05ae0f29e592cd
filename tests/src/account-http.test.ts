import { openTestApi, type TestApi } from '@kupon/demo/testing';
import { type TestStorage, testBackends } from '@kupon/projections/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** A complete §3 registration on the kupon brand; each case changes what it is about. */
function form(userName: string, overrides: Record<string, string | undefined> = {}) {
  const n = [...userName].reduce((sum, c) => sum * 31 + c.charCodeAt(0), 7) % 1_000_000;
  return {
    firstName: 'Deniz',
    lastName: 'Kaya',
    birthDate: '15.04.1990',
    idNumber: `ID${String(n).padStart(9, '0')}`,
    sex: 'm',
    address: 'Cumhuriyet Caddesi 5',
    city: 'Izmir',
    postCode: '35000',
    countryId: 'TR',
    phoneCode: '+90',
    mobile: `555${String(n).padStart(7, '0')}`,
    userName,
    password: 'secret12',
    passwordRepeat: 'secret12',
    email: `${userName}@example.com`,
    ...overrides,
  };
}

for (const backend of testBackends) {
  describe(`the player's account over HTTP: countries, currencies, registration as the brand says, the profile (${backend.name})`, () => {
    let storage: TestStorage;
    let api: TestApi;
    beforeAll(async () => {
      storage = await backend.open();
      api = await openTestApi(storage);
      // A fresh migrated database plus the demo seed: slow on a loaded machine, never a timing claim.
    }, 180_000);
    afterAll(async () => {
      await api.close();
      await storage.close();
    });

    const get = (url: string, siteId = 'kupon') => api.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { 'x-site-id': siteId } });

    let caller = 0;
    const register = async (payload: Record<string, unknown>, siteId = 'kupon') => {
      const captcha = await get('/captcha', siteId);
      const remoteAddress = `10.9.${Math.floor(++caller / 250)}.${caller % 250}`;
      return api.app.inject({
        method: 'POST',
        url: '/api/v1/users',
        headers: { 'x-site-id': siteId },
        remoteAddress,
        payload: { ...payload, captchaId: captcha.json().captchaId, captchaCode: api.captchaTexts.at(-1) },
      });
    };
    const logIn = (userName: string, siteId = 'kupon') => api.app.inject({ method: 'POST', url: '/api/v1/sessions', headers: { 'x-site-id': siteId }, payload: { userName, password: 'secret12' } });

    it('lists every ISO 3166 country named in Turkish or English, with the brand’s default country', async () => {
      const tr = await get('/countries?lang=tr');
      const en = await get('/countries?lang=en');
      expect([tr.statusCode, en.statusCode]).toEqual([200, 200]);
      expect(tr.json().defaultCountry).toBe('TR');
      expect(tr.json().countries).toHaveLength(249);
      const named = (list: { code: string; name: string }[], code: string) => list.find((c) => c.code === code)?.name;
      expect([named(tr.json().countries, 'DE'), named(en.json().countries, 'DE')]).toEqual(['Almanya', 'Germany']);
      expect([named(tr.json().countries, 'GB'), named(en.json().countries, 'GB')]).toEqual(['Birleşik Krallık', 'United Kingdom']);
      // Sorted as the language sorts its names, and no non-country codes (EU, UN, XK).
      const enNames = en.json().countries.map((c: { name: string }) => c.name);
      expect(enNames).toEqual([...enNames].sort((a: string, b: string) => a.localeCompare(b, 'en')));
      expect(en.json().countries.map((c: { code: string }) => c.code)).not.toEqual(expect.arrayContaining(['EU']));
      // Without a language: the brand's (tr).
      expect(named((await get('/countries')).json().countries, 'DE')).toBe('Almanya');
      expect((await get('/countries?lang=english')).json()).toEqual({ error: 'invalidField|lang' });
    });

    it('lists the currencies a player of the brand may hold, the brand’s default first', async () => {
      const kupon = (await get('/currencies?lang=en')).json();
      expect(kupon.defaultCurrency).toBe('TRY');
      expect(kupon.currencies.map((c: { code: string }) => c.code)).toEqual(['TRY', 'EUR', 'USD', 'TND', 'CHF', 'PEN', 'PLN', 'ILS', 'IQD']);
      expect(kupon.currencies[0].name).toBe('Turkish Lira');
      expect((await get('/currencies?lang=tr')).json().currencies[0].name).toBe('Türk lirası');
      const bahis = (await get('/currencies?lang=en', 'bahis')).json();
      expect(bahis.currencies.slice(0, 2).map((c: { code: string }) => c.code)).toEqual(['EUR', 'TRY']);
    });

    it('registers with a listed currency and refuses a country or currency outside the lists', async () => {
      expect((await register(form('ulkesiz1', { countryId: 'Türkiye' }))).json()).toEqual({ error: 'invalidField|countryId' });
      expect((await register(form('dovizsiz1', { currency: 'GBP' }))).json()).toEqual({ error: 'invalidField|currency' });
      const opened = await register(form('dolarci1', { currency: 'USD', countryId: 'DE' }));
      expect(opened.statusCode).toBe(201);
      const login = await logIn('dolarci1');
      expect(login.json().user).toMatchObject({ userName: 'dolarci1', currency: 'USD', autoprint: null });
    });

    it('asks for the phone and the ID number only while the brand’s registerMobileRequired / registerTcRequired say so', async () => {
      const withoutBoth = form('telsiz01', { phoneCode: undefined, mobile: undefined, idNumber: undefined });
      expect((await register(withoutBoth)).json()).toEqual({ error: 'isRequiredArea|phoneCode' });
      expect((await register({ ...form('kimliksiz1'), idNumber: undefined })).json()).toEqual({ error: 'isRequiredArea|idNumber' });

      const admin = await api.as('kadmin', 'kupon');
      const off = await admin('PATCH', '/sites/current/settings', { registerMobileRequired: false, registerTcRequired: false });
      expect(off.statusCode).toBe(200);
      expect(off.json().settings).toMatchObject({ registerMobileRequired: false, registerTcRequired: false });
      // The public settings the player site reads say the same.
      expect((await get('/sites/current')).json().settings).toMatchObject({ registerMobileRequired: false, registerTcRequired: false });
      expect((await register(withoutBoth)).statusCode).toBe(201);
      // What is given is still checked.
      expect((await register(form('telsiz02', { mobile: '55x', idNumber: undefined }))).json()).toEqual({ error: 'numberRequired|mobile' });
      // Another brand keeps its own switches.
      const otherBrand = form('telsiz03', { phoneCode: undefined, mobile: undefined, idNumber: undefined });
      expect((await register(otherBrand, 'bahis')).json()).toEqual({ error: 'isRequiredArea|phoneCode' });

      expect((await admin('PATCH', '/sites/current/settings', { registerMobileRequired: true, registerTcRequired: true })).statusCode).toBe(200);
      expect((await register(form('telsiz04', { mobile: undefined }))).json()).toEqual({ error: 'isRequiredArea|mobile' });
    });

    it('a player reads its profile, edits it within §5, and chooses autoprint', async () => {
      const player = await api.as('kplayer1', 'kupon');
      const before = await player('GET', '/me/profile');
      expect(before.statusCode).toBe(200);
      expect(before.json()).toMatchObject({ countryId: expect.any(String), autoprint: null });
      expect((await player('GET', '/me')).json().autoprint).toBeNull();

      const updated = await player('PATCH', '/me/profile', { city: 'Bursa', countryId: 'DE', postCode: '16000', sex: 'm', autoprint: true });
      expect(updated.statusCode).toBe(200);
      expect(updated.json()).toMatchObject({ userName: 'kplayer1', autoprint: true });
      expect((await player('GET', '/me/profile')).json()).toMatchObject({ city: 'Bursa', countryId: 'DE', postCode: '16000', sex: 'm', autoprint: true });
      expect((await player('GET', '/me')).json().autoprint).toBe(true);

      // Turned off is a choice too (false, not back to "not chosen").
      expect((await player('PATCH', '/me/profile', { autoprint: false })).json().autoprint).toBe(false);

      const refusals: [Record<string, unknown>, string][] = [
        [{ city: '  ' }, 'isRequiredArea|city'],
        [{ countryId: 'XX' }, 'invalidField|countryId'],
        [{ sex: '' }, 'sexCanNotbeNull'],
      ];
      for (const [body, error] of refusals) {
        const refused = await player('PATCH', '/me/profile', body);
        expect(refused.statusCode).toBeGreaterThanOrEqual(400);
        expect(refused.json()).toEqual({ error });
      }
      // Nothing refused was stored.
      expect((await player('GET', '/me/profile')).json()).toMatchObject({ city: 'Bursa', countryId: 'DE', autoprint: false });
      expect((await get('/me/profile')).json()).toEqual({ error: 'loginRequired' });
    });
  });
}
