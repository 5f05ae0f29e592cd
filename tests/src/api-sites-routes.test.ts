import { testBackends, type TestStorage } from '@kupon/projections/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApi, type TestApi } from '@kupon/demo/testing';

for (const backend of testBackends) {
  describe(`site settings over HTTP (${backend.name})`, () => {
    let storage: TestStorage;
    let api: TestApi;
    beforeAll(async () => {
      storage = await backend.open();
      api = await openTestApi(storage);
    }, 180_000);
    afterAll(async () => {
      await api.close();
      await storage.close();
    });

    const current = (siteId: string, query = '') => api.app.inject({ method: 'GET', url: `/api/v1/sites/current${query}`, headers: { 'x-site-id': siteId } });

    it('serves the header items, theme and custom code with the version and operator the clients cache them by', async () => {
      const response = await current('kupon', '?domain=localhost');
      expect(response.statusCode).toBe(200);
      const site = response.json();
      expect(site).toMatchObject({ siteId: 'kupon', operatorId: 'kupon', version: 1 });
      expect(site.settings).toMatchObject({
        logo: '/brands/kupon.svg',
        favicon: '/brands/kupon-icon.svg',
        social: { twitter: 'https://twitter.com/kupon', youtube: '' },
        whatsappNumber: '+90 555 000 00 01; +90 555 000 00 02',
        telegramName: 'kupon_destek',
        customCss: '',
        couponAmountGroup: '5,10,20,50',
        liveChatDesktop: '',
        moneyByLiveChat: false,
        tvLink: '',
      });
    });

    it('serves the live chat pages, money by live chat and the TV link: on for the second brand, changed by its admin, a bad address refused', async () => {
      expect((await current('bahis')).json().settings).toMatchObject({
        liveChatDesktop: '/brands/bahis-live-chat.html',
        liveChatMobile: '/brands/bahis-live-chat.html?mobile=1',
        moneyByLiveChat: true,
        tvLink: 'https://www.youtube.com/@bahis/live',
      });
      const admin = await api.as('kadmin', 'kupon');
      const changed = await admin('PATCH', '/sites/current/settings', { liveChatDesktop: 'https://chat.example/kupon', liveChatMobile: 'https://chat.example/kupon/m', moneyByLiveChat: true, tvLink: '/tv' });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().settings).toMatchObject({ liveChatDesktop: 'https://chat.example/kupon', liveChatMobile: 'https://chat.example/kupon/m', moneyByLiveChat: true, tvLink: '/tv', logo: '/brands/kupon.svg' });
      const refused = await admin('PATCH', '/sites/current/settings', { liveChatMobile: 'javascript:chat()' });
      expect([refused.statusCode, refused.json()]).toEqual([422, { error: 'invalidField|liveChatMobile' }]);
      const notBoolean = await admin('PATCH', '/sites/current/settings', { moneyByLiveChat: 'yes' });
      expect(notBoolean.statusCode).toBe(400);
      const undone = await admin('PATCH', '/sites/current/settings', { liveChatDesktop: '', liveChatMobile: '', moneyByLiveChat: false, tvLink: '' });
      expect(undone.json().settings).toMatchObject({ liveChatDesktop: '', liveChatMobile: '', moneyByLiveChat: false, tvLink: '' });
    });

    it('an admin change bumps the version; a client holding the current version is told to keep its copy', async () => {
      const admin = await api.as('badmin', 'bahis');
      const before = (await current('bahis')).json();
      const changed = await admin('PATCH', '/sites/current/settings', { customCss: '.logo{filter:none}', social: { instagram: 'https://instagram.com/bahis' } });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().version).toBe(before.version + 1);
      expect(changed.json().settings).toMatchObject({ customCss: '.logo{filter:none}', social: { instagram: 'https://instagram.com/bahis', twitter: '' }, telegramName: 'bahis_help' });

      const stale = await current('bahis', `?version=${before.version}`);
      expect(stale.json().settings.customCss).toBe('.logo{filter:none}');
      const fresh = await current('bahis', `?version=${before.version + 1}`);
      expect(fresh.json()).toEqual({ siteId: 'bahis', version: before.version + 1, operatorId: 'bahis', unchanged: true });
    });

    it('refuses a logo that is not an address and a malformed whatsapp number, naming the setting', async () => {
      const admin = await api.as('kadmin', 'kupon');
      const logo = await admin('PATCH', '/sites/current/settings', { logo: 'javascript:alert(1)' });
      expect([logo.statusCode, logo.json()]).toEqual([422, { error: 'invalidField|logo' }]);
      const whatsapp = await admin('PATCH', '/sites/current/settings', { whatsappNumber: 'call us' });
      expect(whatsapp.json()).toEqual({ error: 'invalidField|whatsappNumber' });
      const player = await api.as('kplayer1', 'kupon');
      expect((await player('PATCH', '/sites/current/settings', { logo: '/x.svg' })).statusCode).toBe(403);
      expect((await current('kupon')).json().settings.logo).toBe('/brands/kupon.svg');
    });

    it('every §3 field: served with defaults, changed by the admin, limits refused naming the field (schema and domain alike), risk limits still staff-only', async () => {
      const guest = (await current('kupon')).json().settings;
      expect(guest).toMatchObject({ redirectRegister: 'deposit', defaultPhone: '+90', defaultCountry: 'TR', toFixedNumber: 2, currencyMode: 0, browserLanguage: true, paymentLogos: [], specialBanner1: { file: '', link: '' } });
      expect(guest).not.toHaveProperty('matchStakeLimit');
      const admin = await api.as('kadmin', 'kupon');
      const fields = { title: 'Kupon Bahis', keywords: 'bahis', description: 'Canlı bahis', analyticsId: 'G-TEST1', siteVerification: 'verify-123', paymentLogos: ['/pay/a.svg'], topSlotIds: '11,12', toFixedNumber: 3, currencyMode: 1, redirectRegister: 'home', defaultPhone: '+49', defaultCountry: 'DE', specialBanner2: { file: '/b/2.jpg', link: '/tr/slots' } };
      const changed = await admin('PATCH', '/sites/current/settings', fields);
      expect(changed.statusCode).toBe(200);
      expect(changed.json().settings).toMatchObject(fields);
      expect((await current('kupon')).json().settings).toMatchObject(fields);
      const schema = await admin('PATCH', '/sites/current/settings', { toFixedNumber: 4 });
      expect(schema.statusCode).toBe(400);
      expect(schema.json()).toEqual({ error: 'invalidField|toFixedNumber' });
      const ids = await admin('PATCH', '/sites/current/settings', { topCasinoIds: '1,x' });
      expect([ids.statusCode, ids.json()]).toEqual([400, { error: 'invalidField|topCasinoIds' }]);
      const domain = await admin('PATCH', '/sites/current/settings', { tvLogos: ['javascript:alert(1)'] });
      expect([domain.statusCode, domain.json()]).toEqual([422, { error: 'invalidField|tvLogos' }]);
      const undone = await admin('PATCH', '/sites/current/settings', { title: '', keywords: '', description: '', analyticsId: '', siteVerification: '', paymentLogos: [], topSlotIds: '', toFixedNumber: 2, currencyMode: 0, redirectRegister: 'deposit', defaultPhone: '+90', defaultCountry: 'TR', specialBanner2: { file: '', link: '' } });
      expect(undone.statusCode).toBe(200);
    });
  });
}
