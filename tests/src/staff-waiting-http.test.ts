import { type TestStorage, testBackends } from '@kupon/projections/testing';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MoneyApi, openMoneyApi } from './money-harness';

const bonus = { titles: { tr: 'Hoş geldin bonusu', en: 'Welcome bonus' }, descriptions: {}, category: 'sport', percent: 0, amount: 2_500, maxAmount: null, multiplier: 5, oneUse: true, active: true, from: null, until: null };
const withdrawal = (requestId: string) => ({
  requestId,
  payId: 201,
  payCatId: 20,
  transferType: '2',
  values: [{ name: 'amount', value: '100' }, { name: 'iban', value: 'TR120006400000011234567890' }, { name: 'holder', value: 'Ayşe Y' }],
});

/**
 * `GET /staff/waiting` (api/src/contract/staff-waiting.ts): the back office's "waiting for you" counts
 * follow what players ask and staff decide, only on the asking site, only for admin and operator.
 */
for (const backend of testBackends) {
  describe(`what waits for the staff, over HTTP (${backend.name})`, () => {
    let storage: TestStorage;
    let api: MoneyApi;

    beforeAll(async () => {
      storage = await backend.open();
      api = await openMoneyApi(storage);
    });
    afterAll(async () => {
      await api?.close();
      await storage?.close();
    });

    const call: MoneyApi['callAs'] = (...args) => api.callAs(...args);
    const waiting = async (site: string, userName: string) => (await call(site, userName, 'GET', '/staff/waiting')).json();
    const waitingBecomes = (site: string, userName: string, expected: object) => api.until(() => waiting(site, userName), (now) => JSON.stringify(now) === JSON.stringify(expected));

    it('a withdrawal, a contact message and a bonus request wait until staff decide them; a provider’s own deposit never does; another brand sees none', async () => {
      expect(await waiting('kupon', 'kadmin')).toEqual({ transfers: 0, contactMessages: 0, bonusRequests: 0 });
      await api.fund('kupon', 'kplayer1', 50_000);
      expect((await call('kupon', 'kadmin', 'PUT', '/content-settings/bonuses/welcome', bonus)).statusCode).toBe(200);
      await api.settled();

      const held = await call('kupon', 'kplayer1', 'POST', '/payments/requests', withdrawal('wd-waiting-0001'));
      expect(held.json()).toMatchObject({ msg: 'withdrawRequestSuccess' });
      // The demo provider confirms its own deposits by callback (another player: one pending request each): nothing for staff.
      const deposit = await call('kupon', 'kplayer2', 'POST', '/payments/requests', { requestId: 'dep-waiting-01', payId: 101, payCatId: 1, values: [{ name: 'amount', value: '150' }] });
      expect(deposit.statusCode, deposit.body).toBe(200);
      const messageId = randomUUID();
      const sent = await call('kupon', 'kplayer1', 'POST', '/contact', { messageId, topic: 'payments', subject: 'Çekim talebim', message: 'Çekim talebim ne zaman ödenir?' });
      expect(sent.statusCode, sent.body).toBe(200);
      const requested = await call('kupon', 'kplayer1', 'POST', '/content/bonuses/welcome/request', {});
      expect(requested.statusCode, requested.body).toBe(200);

      expect(await waitingBecomes('kupon', 'koperator', { transfers: 1, contactMessages: 1, bonusRequests: 1 })).toEqual({ transfers: 1, contactMessages: 1, bonusRequests: 1 });
      expect(await waiting('bahis', 'badmin')).toEqual({ transfers: 0, contactMessages: 0, bonusRequests: 0 });
      // The transfers list says the same: staff decide the withdrawal, not the provider's deposit.
      const listed = (await call('kupon', 'koperator', 'GET', '/transfers?all=true&status=requested')).json();
      const decides = Object.fromEntries(listed.transfers.map((t: { direction: string; staffDecides: boolean }) => [t.direction, t.staffDecides]));
      expect(decides).toEqual({ withdrawal: true, deposit: false });
      const providers = listed.transfers.find((t: { direction: string }) => t.direction === 'deposit');
      expect((await call('kupon', 'koperator', 'POST', `/transfers/${providers.transferId}/approve`)).json()).toEqual({ error: 'transfersForbidden' });

      expect((await call('kupon', 'koperator', 'POST', `/transfers/${held.json().transferId}/approve`)).statusCode).toBe(200);
      expect((await call('kupon', 'koperator', 'POST', `/staff/contact-messages/${messageId}/replies`, { replyId: randomUUID(), text: 'Bugün ödenecek.' })).statusCode).toBe(200);
      const claims = (await call('kupon', 'koperator', 'GET', '/content-settings/bonus-requests?status=waiting')).json();
      expect((await call('kupon', 'koperator', 'POST', `/content-settings/bonus-requests/${claims.requests[0].claimId}/confirm`, {})).statusCode).toBe(200);
      expect(await waitingBecomes('kupon', 'kadmin', { transfers: 0, contactMessages: 0, bonusRequests: 0 })).toEqual({ transfers: 0, contactMessages: 0, bonusRequests: 0 });
    });

    it('only admin and operator are asked: the regulator, a dealer and a player are refused, a guest must log in', async () => {
      expect((await call('kupon', 'kregulator', 'GET', '/staff/waiting')).json()).toEqual({ error: 'permissionDenied|regulator' });
      expect((await call('kupon', 'kdealer1', 'GET', '/staff/waiting')).json()).toEqual({ error: 'permissionDenied|dealer' });
      expect((await call('kupon', 'kplayer1', 'GET', '/staff/waiting')).json()).toEqual({ error: 'permissionDenied|player' });
      expect((await call('kupon', null, 'GET', '/staff/waiting')).statusCode).toBe(401);
    });
  });
}
