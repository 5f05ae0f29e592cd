import { testBackends, type TestStorage } from '@kupon/projections/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApi, type TestApi } from '@kupon/demo/testing';

for (const backend of testBackends) {
  describe(`the dev mail outbox over HTTP (${backend.name})`, () => {
    let storage: TestStorage;
    let api: TestApi;
    beforeAll(async () => {
      storage = await backend.open();
      api = await openTestApi(storage);
      // Four mails through the mail port, a minute apart: three on this brand, one on the other.
      const send = async (siteId: string, to: string, kind: string, subject: string, text: string) => {
        await api.services.outbox.send({ siteId, to, kind, subject, text });
        api.clock.advance(60_000);
      };
      await send('kupon', 'ayse@example.com', 'activation', 'Hesabınızı etkinleştirin', 'Aktivasyon kodunuz: A1');
      await send('kupon', 'mehmet@example.com', 'passwordReset', 'Şifre yenileme', '<p>Kod: <b>R1</b></p>');
      await send('kupon', 'ayse@example.com', 'passwordReset', 'Şifre yenileme', 'Kod: R2');
      await send('bahis', 'ayse@example.com', 'activation', 'Bahis aktivasyon', 'Kod: B1');
    }, 180_000);
    afterAll(async () => {
      await api?.close();
      await storage?.close();
    });

    it('an operator pages the outbox of their own brand, newest first, and is told how many there are', async () => {
      const operator = await api.as('koperator');
      const first = (await operator('GET', '/staff/mail-outbox?limit=2')).json();
      expect(first.total).toBe(3);
      expect(first.messages.map((m: { text: string }) => m.text)).toEqual(['Kod: R2', '<p>Kod: <b>R1</b></p>']);
      expect(first.messages[0]).toMatchObject({ to: 'ayse@example.com', kind: 'passwordReset', subject: 'Şifre yenileme' });
      expect(first.messages[0]).not.toHaveProperty('siteId');
      const second = (await operator('GET', '/staff/mail-outbox?limit=2&offset=2')).json();
      expect(second).toMatchObject({ total: 3, messages: [{ text: 'Aktivasyon kodunuz: A1' }] });
      const beyond = (await operator('GET', '/staff/mail-outbox?limit=2&offset=10')).json();
      expect(beyond).toEqual({ total: 3, messages: [] });
    });

    it('filters by one recipient (the address as typed, any case) and by kind', async () => {
      const admin = await api.as('kadmin');
      const ayse = (await admin('GET', '/staff/mail-outbox?to=%20Ayse@Example.com%20')).json();
      expect([ayse.total, ayse.messages.map((m: { text: string }) => m.text)]).toEqual([2, ['Kod: R2', 'Aktivasyon kodunuz: A1']]);
      const resets = (await admin('GET', '/staff/mail-outbox?kind=passwordReset')).json();
      expect([resets.total, resets.messages.map((m: { to: string }) => m.to)]).toEqual([2, ['ayse@example.com', 'mehmet@example.com']]);
      const both = (await admin('GET', '/staff/mail-outbox?to=ayse@example.com&kind=activation')).json();
      expect(both.messages.map((m: { text: string }) => m.text)).toEqual(['Aktivasyon kodunuz: A1']);
      const other = (await (await api.as('badmin', 'bahis'))('GET', '/staff/mail-outbox')).json();
      expect(other.messages.map((m: { text: string }) => m.text)).toEqual(['Kod: B1']);
    });

    it('is closed to the regulator and dealers, and refuses a page size out of range with its key', async () => {
      expect((await (await api.as('kregulator'))('GET', '/staff/mail-outbox')).statusCode).toBe(403);
      expect((await (await api.as('kdealer1'))('GET', '/staff/mail-outbox')).statusCode).toBe(403);
      const refused = await (await api.as('kadmin'))('GET', '/staff/mail-outbox?limit=500');
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toMatch(/^[a-zA-Z]+(\|.*)?$/);
    });
  });
}
