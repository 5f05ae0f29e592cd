import { openTestApi, type TestApi } from '@kupon/demo/testing';
import { type TestStorage, testBackends } from '@kupon/projections/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** A complete, valid §3 registration; each case below breaks one §5 rule. */
function validForm(overrides: Record<string, string | undefined> = {}) {
  return {
    firstName: 'Ayşe',
    lastName: 'Yılmaz',
    birthDate: '15.04.1990',
    idNumber: '12345678901',
    sex: 'f',
    address: 'Bağdat Caddesi 1',
    city: 'Istanbul',
    postCode: '34000',
    countryId: 'TR',
    phoneCode: '+90',
    mobile: '5551234567',
    userName: 'ayse.yilmaz',
    password: 'secret12',
    passwordRepeat: 'secret12',
    email: 'ayse@example.com',
    ...overrides,
  };
}

for (const backend of testBackends) {
  describe(`registration over HTTP (${backend.name})`, () => {
    let storage: TestStorage;
    let api: TestApi;
    beforeAll(async () => {
      storage = await backend.open();
      api = await openTestApi(storage);
      // A fresh migrated PGlite plus the demo seed: slow on a loaded 2-core machine, never a timing claim.
    }, 180_000);
    afterAll(async () => {
      await api.close();
      await storage.close();
    });

    /** A captcha answered as the person would read it off the image. */
    const solvedCaptcha = async (siteId: string) => {
      const response = await api.app.inject({ method: 'GET', url: '/api/v1/captcha', headers: { 'x-site-id': siteId } });
      expect(response.statusCode).toBe(200);
      expect(response.json().svg).toMatch(/^<svg/);
      return { captchaId: response.json().captchaId as string, captchaCode: api.captchaTexts.at(-1)! };
    };

    // Each registration from an address of its own: the register rate limit is tested elsewhere.
    let caller = 0;
    const register = async (form: Record<string, unknown>, siteId = 'kupon', remoteAddress = `10.0.${Math.floor(++caller / 250)}.${caller % 250}`) =>
      api.app.inject({ method: 'POST', url: '/api/v1/users', headers: { 'x-site-id': siteId }, remoteAddress, payload: { ...form, ...(await solvedCaptcha(siteId)) } });

    const usernameFree = async (userName: string, siteId = 'kupon') =>
      (await api.app.inject({ method: 'GET', url: `/api/v1/users/availability/username?value=${encodeURIComponent(userName)}`, headers: { 'x-site-id': siteId } })).json().available as boolean;

    const refusals: [string, Record<string, string | undefined>, string, number][] = [
      ['username too short', { userName: 'abcd', password: 'secret12' }, 'minLengthMaxLength|userName|5|20', 422],
      ['username too long', { userName: 'a'.repeat(21) }, 'minLengthMaxLength|userName|5|20', 422],
      ['username with a non-Latin letter', { userName: 'ayşe.y' }, 'usernameInvalidCharacters', 422],
      ['username with a space', { userName: 'ayse y' }, 'usernameInvalidCharacters', 422],
      ['username missing', { userName: undefined }, 'usernameControlCanNotbeNull', 422],
      ['username equal to password', { userName: 'secret12', password: 'secret12', passwordRepeat: 'secret12' }, 'userName_password_cannot_same', 422],
      ['password repeat differs', { passwordRepeat: 'secret13' }, 'passwordRepeatMismatch', 422],
      ['password too short', { password: 'abc', passwordRepeat: 'abc' }, 'minLengthMaxLength|password|4|20', 422],
      ['password too long', { password: 'p'.repeat(21), passwordRepeat: 'p'.repeat(21) }, 'minLengthMaxLength|password|4|20', 422],
      ['gender missing', { sex: undefined }, 'sexCanNotbeNull', 422],
      ['first name missing', { firstName: '' }, 'isRequiredArea|firstName', 422],
      ['last name missing', { lastName: undefined }, 'isRequiredArea|lastName', 422],
      ['address missing', { address: ' ' }, 'isRequiredArea|address', 422],
      ['city missing', { city: undefined }, 'isRequiredArea|city', 422],
      ['post code missing', { postCode: undefined }, 'isRequiredArea|postCode', 422],
      ['country missing', { countryId: undefined }, 'isRequiredArea|countryId', 422],
      ['birth date missing', { birthDate: undefined }, 'isRequiredArea|birthDate', 422],
      ['birth date not Day.Month.Year', { birthDate: '1990-04-15' }, 'dateRequired|birthDate', 422],
      ['birth date not a calendar day', { birthDate: '31.02.1990' }, 'dateRequired|birthDate', 422],
      // The test clock is 2026-11-22: born 23.11.2008 is one day short of 18.
      ['under 18', { birthDate: '23.11.2008' }, 'ageLimit|18', 422],
      ['e-mail missing', { email: undefined }, 'isRequiredArea|email', 422],
      ['e-mail invalid', { email: 'ayse@example' }, 'emailRequired|email', 422],
      ['phone code missing', { phoneCode: undefined }, 'isRequiredArea|phoneCode', 422],
      ['phone missing', { mobile: undefined }, 'isRequiredArea|mobile', 422],
      ['phone not digits', { mobile: '555-abc-4567' }, 'numberRequired|mobile', 422],
      ['ID number missing', { idNumber: undefined }, 'isRequiredArea|idNumber', 422],
    ];

    it.each(refusals)('refuses %s with its §5 key and creates nothing', async (_name, overrides, key, status) => {
      const form = validForm({ userName: `rule${Math.abs(hash(key + _name)).toString(36).slice(0, 8)}`, ...overrides });
      const response = await register(form);
      expect(response.json()).toEqual({ error: key });
      expect(response.statusCode).toBe(status);
      if (typeof form.userName === 'string' && form.userName.length >= 5) expect(await usernameFree(form.userName)).toBe(true);
    });

    it('is exactly 18 on the birthday and may register', async () => {
      const response = await register(validForm({ userName: 'justeighteen', email: 'e18@example.com', mobile: '5550000018', idNumber: 'ID0000018', birthDate: '22.11.2008' }));
      expect(response.statusCode).toBe(201);
    });

    it('refuses a wrong or reused security code (captcha) and a missing one', async () => {
      const form = validForm({ userName: 'captchauser', email: 'cap@example.com', mobile: '5550000001', idNumber: 'CAP000001' });
      const captcha = await solvedCaptcha('kupon');
      const wrong = await api.app.inject({ method: 'POST', url: '/api/v1/users', headers: { 'x-site-id': 'kupon' }, payload: { ...form, captchaId: captcha.captchaId, captchaCode: 'zzzzz' } });
      expect(wrong.json()).toEqual({ error: 'securityCodeWrong' });
      // The wrong attempt spent the challenge: the right answer no longer works either.
      const reused = await api.app.inject({ method: 'POST', url: '/api/v1/users', headers: { 'x-site-id': 'kupon' }, payload: { ...form, ...captcha } });
      expect(reused.json()).toEqual({ error: 'securityCodeWrong' });
      const missing = await api.app.inject({ method: 'POST', url: '/api/v1/users', headers: { 'x-site-id': 'kupon' }, payload: form });
      expect(missing.json()).toEqual({ error: 'securityCodeWrong' });
      expect(await usernameFree('captchauser')).toBe(true);
    });

    it('refuses a taken username, e-mail, phone or ID number (409) and frees what it reserved', async () => {
      const first = await register(validForm({ userName: 'uniqueone', email: 'u1@example.com', mobile: '5551110001', idNumber: 'UNQ000001' }));
      expect(first.statusCode).toBe(201);
      const cases: [Record<string, string>, string][] = [
        [{ userName: 'UNIQUEONE', email: 'u2@example.com', mobile: '5551110002', idNumber: 'UNQ000002' }, 'usernameAlreadyUseRegister'],
        [{ userName: 'uniquetwo', email: ' U1@Example.com ', mobile: '5551110002', idNumber: 'UNQ000002' }, 'emailInUse'],
        [{ userName: 'uniquetwo', email: 'u2@example.com', mobile: '555 111 00 01', idNumber: 'UNQ000002' }, 'phoneInUse'],
        [{ userName: 'uniquetwo', email: 'u2@example.com', mobile: '5551110002', idNumber: 'unq000001' }, 'idNumberInUse'],
      ];
      for (const [overrides, key] of cases) {
        const response = await register(validForm(overrides));
        expect(response.statusCode).toBe(409);
        expect(response.json()).toEqual({ error: key });
      }
      // Each refused attempt released its own reservations: the same values now register.
      const second = await register(validForm({ userName: 'uniquetwo', email: 'u2@example.com', mobile: '5551110002', idNumber: 'UNQ000002' }));
      expect(second.statusCode).toBe(201);
    });

    it('answers a retried registration (same Idempotency-Key) with the account it opened', async () => {
      const form = validForm({ userName: 'retrier', email: 'retry@example.com', mobile: '5556660001', idNumber: 'RTR000001' });
      const send = async () =>
        api.app.inject({ method: 'POST', url: '/api/v1/users', headers: { 'x-site-id': 'kupon', 'idempotency-key': 'client-req-42' }, remoteAddress: '10.5.0.1', payload: { ...form, ...(await solvedCaptcha('kupon')) } });
      const first = await send();
      const retry = await send();
      expect(first.statusCode).toBe(201);
      expect(retry.statusCode).toBe(201);
      expect(retry.json()).toEqual(first.json());
      await api.caughtUp();
      const rows = await storage.pool.query<{ n: string }>("select count(*) as n from users where site_id = 'kupon' and user_name = 'retrier'");
      expect(rows.rows[0]!.n).toBe('1');
      // Without the key, the same form is a second registration and refused.
      expect((await register(form)).json()).toEqual({ error: 'usernameAlreadyUseRegister' });
    });

    it('lets the same username exist on two brands', async () => {
      const here = await register(validForm({ userName: 'twobrands', email: 'tb@example.com', mobile: '5552220001', idNumber: 'TWB000001' }), 'kupon');
      const there = await register(validForm({ userName: 'twobrands', email: 'tb@example.com', mobile: '5552220001', idNumber: 'TWB000001' }), 'bahis');
      expect([here.statusCode, there.statusCode]).toEqual([201, 201]);
    });

    it('50 racing registrations of one username make exactly one account', async () => {
      const forms = [];
      for (let i = 0; i < 50; i++) {
        // Captchas one by one (each answer is read off its own image); only the registrations race.
        forms.push({
          ...validForm({ userName: 'racer.one', email: `racer${i}@example.com`, mobile: `55533${String(i).padStart(5, '0')}`, idNumber: `RACE${String(i).padStart(5, '0')}` }),
          ...(await solvedCaptcha('kupon')),
        });
      }
      const responses = await Promise.all(
        forms.map((payload, i) => api.app.inject({ method: 'POST', url: '/api/v1/users', headers: { 'x-site-id': 'kupon' }, remoteAddress: `10.1.${Math.floor(i / 200)}.${i % 200}`, payload })),
      );
      const statuses = responses.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(responses.filter((r) => r.statusCode === 409).map((r) => r.json().error)).toEqual(Array(49).fill('usernameAlreadyUseRegister'));
      await api.caughtUp();
      const rows = await storage.pool.query<{ n: string }>("select count(*) as n from users where site_id = 'kupon' and lower(user_name) = 'racer.one'");
      expect(rows.rows[0]!.n).toBe('1');
      // The losers' e-mails were released again.
      const loser = responses.findIndex((r) => r.statusCode === 409);
      const again = await register(validForm({ userName: 'racer.two', email: `racer${loser}@example.com`, mobile: `55533${String(loser).padStart(5, '0')}`, idNumber: `RACE${String(loser).padStart(5, '0')}` }));
      expect(again.statusCode).toBe(201);
    });

    it('mails an activation code; the account logs in only after activation, and the code works once', async () => {
      // bahis has mail activation on.
      const form = validForm({ userName: 'activateme', email: 'act@example.com', mobile: '5554440001', idNumber: 'ACT000001' });
      const response = await register(form, 'bahis');
      expect(response.statusCode).toBe(201);
      expect(response.json().status).toBe('pending');
      const login = () => api.app.inject({ method: 'POST', url: '/api/v1/sessions', headers: { 'x-site-id': 'bahis' }, remoteAddress: '10.2.0.1', payload: { userName: 'activateme', password: 'secret12' } });
      expect((await login()).json()).toEqual({ error: 'userNotActivated' });

      const admin = await api.logIn('bahis', 'badmin');
      const outbox = await api.app.inject({ method: 'GET', url: '/api/v1/staff/mail-outbox?to=act@example.com', headers: { 'x-site-id': 'bahis' }, cookies: { kupon_sid: admin } });
      const mail = outbox.json().messages.find((m: { kind: string }) => m.kind === 'activation');
      const code = /activation code: (\S+)/.exec(mail.text)![1]!;

      const wrong = await api.app.inject({ method: 'POST', url: '/api/v1/users/activation', headers: { 'x-site-id': 'bahis' }, payload: { activationCode: `${code.split('.')[0]}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA` } });
      expect(wrong.json()).toEqual({ error: 'activationCodeWrong' });
      const ok = await api.app.inject({ method: 'POST', url: '/api/v1/users/activation', headers: { 'x-site-id': 'bahis' }, payload: { activationCode: code } });
      expect(ok.statusCode).toBe(200);
      const twice = await api.app.inject({ method: 'POST', url: '/api/v1/users/activation', headers: { 'x-site-id': 'bahis' }, payload: { activationCode: code } });
      expect(twice.json()).toEqual({ error: 'activationCodeWrong' });
      expect((await login()).statusCode).toBe(200);
    });

    it('forgot password mails a single-use code that expires; the new password replaces the old and ends sessions', async () => {
      const form = validForm({ userName: 'forgetful', email: 'forget@example.com', mobile: '5554440002', idNumber: 'FGT000001' });
      expect((await register(form)).statusCode).toBe(201);
      const login = (password: string) => api.app.inject({ method: 'POST', url: '/api/v1/sessions', headers: { 'x-site-id': 'kupon' }, remoteAddress: '10.3.0.1', payload: { userName: 'forgetful', password } });
      const session = (await login('secret12')).cookies.find((c) => c.name === 'kupon_sid')!.value;

      const requestCode = async () => {
        const admin = await api.logIn('kupon', 'kadmin');
        const asked = await api.app.inject({ method: 'POST', url: '/api/v1/password/forgot', headers: { 'x-site-id': 'kupon' }, remoteAddress: '10.3.0.2', payload: { email: 'forget@example.com' } });
        expect(asked.statusCode).toBe(200);
        const outbox = await api.app.inject({ method: 'GET', url: '/api/v1/staff/mail-outbox?to=forget@example.com', headers: { 'x-site-id': 'kupon' }, cookies: { kupon_sid: admin } });
        return /renewal code: (\S+)/.exec(outbox.json().messages[0].text)![1]!;
      };
      const reset = (passCode: string, password: string) => api.app.inject({ method: 'POST', url: '/api/v1/password/reset', headers: { 'x-site-id': 'kupon' }, payload: { passCode, password, repassword: password } });

      const expiring = await requestCode();
      api.clock.advance(31 * 60_000);
      expect((await reset(expiring, 'newpass1')).json()).toEqual({ error: 'passwordRenewalCodeIncorrect' });

      const code = await requestCode();
      expect((await reset(code, 'newpass1')).statusCode).toBe(200);
      expect((await reset(code, 'newpass2')).json()).toEqual({ error: 'passwordRenewalCodeIncorrect' });
      expect((await login('secret12')).json()).toEqual({ error: 'incorrectUsernameOrPassword' });
      expect((await login('newpass1')).statusCode).toBe(200);
      const me = await api.app.inject({ method: 'GET', url: '/api/v1/me', headers: { 'x-site-id': 'kupon' }, cookies: { kupon_sid: session } });
      expect(me.json()).toEqual({ error: 'loginRequired' });

      // An unknown address gets the same answer and no mail.
      const unknown = await api.app.inject({ method: 'POST', url: '/api/v1/password/forgot', headers: { 'x-site-id': 'kupon' }, remoteAddress: '10.3.0.3', payload: { email: 'nobody@example.com' } });
      expect(unknown.json()).toEqual({ status: true });
    });

    it('refuses registration on a site that disabled it', async () => {
      const admin = await api.logIn('bahis', 'badmin');
      const changed = await api.app.inject({ method: 'PATCH', url: '/api/v1/sites/current/settings', headers: { 'x-site-id': 'bahis' }, cookies: { kupon_sid: admin }, payload: { registerDisabled: true } });
      expect(changed.statusCode).toBe(200);
      const response = await register(validForm({ userName: 'toolate', email: 'late@example.com', mobile: '5554440003', idNumber: 'LATE00001' }), 'bahis');
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: 'registerDisabled' });
      await api.app.inject({ method: 'PATCH', url: '/api/v1/sites/current/settings', headers: { 'x-site-id': 'bahis' }, cookies: { kupon_sid: admin }, payload: { registerDisabled: false } });
    });
  });
}

function hash(text: string): number {
  let h = 0;
  for (const char of text) h = (h * 31 + char.charCodeAt(0)) | 0;
  return h;
}
