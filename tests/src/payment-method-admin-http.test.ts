import { type TestStorage, testBackends } from '@kupon/projections/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MoneyApi, openMoneyApi } from './money-harness';

interface Field {
  name: string;
  title: string;
  type: string;
  required: boolean;
  minLength: number;
  maxLength: number;
}
interface MethodRow {
  payCatId: number;
  direction: string;
  catName: string;
  provider: string;
  added: boolean;
  fields: Field[];
}
interface Offered {
  catName: string;
  payCatId: number;
  paytypes: { payId: number; whichApi: string; fields: Field[] }[];
}

/** A site (not the seed's kupon) of its own, so the other payment tests see the product's list unchanged. */
const SITE = 'bahis';

for (const backend of testBackends) {
  describe(`staff add payment methods and edit their forms over HTTP (${backend.name})`, () => {
    let storage: TestStorage;
    let api: MoneyApi;

    beforeAll(async () => {
      storage = await backend.open();
      api = await openMoneyApi(storage);
    }, 180_000);
    afterAll(async () => {
      await api?.close();
      await storage?.close();
    });

    const call = async (userName: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
      const cookie = await api.cookie(SITE, userName);
      return api.app.inject({ method, url: `/api/v1${url}`, headers: { 'x-site-id': SITE, cookie: `kupon_sid=${cookie}` }, ...(payload ? { payload } : {}) });
    };
    const offered = async (direction = 'deposit') => {
      const response = await api.app.inject({ method: 'GET', url: `/api/v1/payments/methods?direction=${direction}&lang=en`, headers: { 'x-site-id': SITE } });
      return (response.json() as { methods: Offered[] }).methods;
    };
    const iban = { name: 'iban', title: 'IBAN', type: 'text', required: true, minLength: 26, maxLength: 34 };
    const amount = { name: 'amount', title: 'Amount', type: 'amount', required: true, minLength: 1, maxLength: 7 };
    const papara = { direction: 'deposit', provider: 'staff', flow: 'message', names: { tr: 'Papara (elden)', en: 'Papara (by hand)' }, minAmount: 5_000, maxAmount: 500_000, fields: [amount, iban] };

    it('an admin adds a method of an existing provider with its form; players are offered it and must fill its required fields', async () => {
      const settings = await call('badmin', 'GET', '/payments/methods/settings?lang=en');
      expect(settings.statusCode, settings.body).toBe(200);
      expect(settings.json().providers).toEqual(expect.arrayContaining(['staff', 'demo']));
      const added = await call('badmin', 'POST', '/payments/methods/settings', papara);
      expect(added.statusCode, added.body).toBe(200);
      const row = (added.json().methods as MethodRow[]).find((m) => m.added)!;
      expect(row).toMatchObject({ direction: 'deposit', provider: 'staff', catName: 'Papara (elden)', fields: [{ name: 'amount' }, { name: 'iban', required: true, minLength: 26 }] });
      expect(row.payCatId).toBeGreaterThanOrEqual(1000);
      const listed = (await offered()).find((m) => m.payCatId === row.payCatId)!;
      expect(listed.catName).toBe('Papara (by hand)');
      expect(listed.paytypes[0]!.fields.map((f) => f.name)).toEqual(['amount', 'iban']);
      const ask = (requestId: string, values: { name: string; value: string }[]) =>
        call('bplayer1', 'POST', '/payments/requests', { requestId, payId: listed.paytypes[0]!.payId, payCatId: row.payCatId, transferType: '1', values });
      expect((await ask('pm-admin-0001', [{ name: 'amount', value: '100' }])).json()).toEqual({ error: 'minLengthMaxLength|IBAN|26|34' });
      const ok = await ask('pm-admin-0002', [
        { name: 'amount', value: '100' },
        { name: 'iban', value: 'TR330006100519786457841326' },
      ]);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().msg).toBe('depositRequestSuccess');
    });

    it("an admin edits a product method's form: the new required field is asked of players, an optional one is not", async () => {
      const holder = { name: 'holder', title: 'Card holder', type: 'text', required: true, minLength: 3, maxLength: 60 };
      const note = { name: 'note', title: 'Note', type: 'text', required: false };
      const edited = await call('badmin', 'PUT', '/payments/methods/settings/deposit/1/fields', { fields: [amount, holder, note] });
      expect(edited.statusCode, edited.body).toBe(200);
      const card = (edited.json().methods as MethodRow[]).find((m) => m.payCatId === 1 && m.direction === 'deposit')!;
      expect(card.fields.map((f) => [f.name, f.required])).toEqual([
        ['amount', true],
        ['holder', true],
        ['note', false],
      ]);
      const listed = (await offered()).find((m) => m.payCatId === 1)!;
      expect(listed.paytypes[0]!.fields.map((f) => f.name)).toEqual(['amount', 'holder', 'note']);
      const refused = await call('bplayer1', 'POST', '/payments/requests', { requestId: 'pm-admin-0003', payId: 101, payCatId: 1, transferType: '1', values: [{ name: 'amount', value: '50' }] });
      expect(refused.json()).toEqual({ error: 'minLengthMaxLength|Card holder|3|60' });
    });

    it('refuses a provider that does not exist, a form that does not hold together, and anyone but admin and operator', async () => {
      const bad = async (body: object, url = '/payments/methods/settings', method: 'POST' | 'PUT' = 'POST') => (await call('badmin', method, url, body)).json();
      expect(await bad({ ...papara, provider: 'nosuchpsp' })).toEqual({ error: 'invalidField|provider' });
      expect(await bad({ ...papara, names: {} })).toEqual({ error: 'invalidField|names' });
      expect(await bad({ fields: [iban, iban] }, '/payments/methods/settings/deposit/1/fields', 'PUT')).toEqual({ error: 'invalidField|fields' });
      expect(await bad({ fields: [{ ...iban, type: 'select' }] }, '/payments/methods/settings/deposit/1/fields', 'PUT')).toEqual({ error: 'invalidField|fields.options' });
      expect(await bad({ fields: [{ ...iban, minLength: 40 }] }, '/payments/methods/settings/deposit/1/fields', 'PUT')).toEqual({ error: 'invalidField|fields.minLength' });
      expect(await bad({ fields: [iban] }, '/payments/methods/settings/deposit/77/fields', 'PUT')).toEqual({ error: 'paymentMethodNotFound' });
      expect((await call('bplayer1', 'POST', '/payments/methods/settings', papara)).statusCode).toBe(403);
    });
  });
}
