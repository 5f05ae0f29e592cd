import { type TestStorage, testBackends } from '@kupon/projections/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openReportsApi, type ReportsApi } from './reports-harness';

interface PaidBill {
  number: number;
  paid: { by: { userId: string; userName: string; role: string }; at: string; reference: string | null } | null;
  mayMarkPaid: boolean;
}

for (const backend of testBackends) {
  describe(`marking a bill paid over HTTP (${backend.name})`, () => {
    let storage: TestStorage;
    let api: ReportsApi;
    let shop: string;

    const list = async (userName = 'kdealer1') => {
      const response = await api.call(userName, 'GET', `/bills/${shop}`);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { bills: PaidBill[] }).bills;
    };
    const cutOff = async (expectedNumber: number) => {
      const response = await api.call('kdealer1', 'POST', `/bills/${shop}/cut-off`, { expectedNumber });
      expect(response.statusCode, response.body).toBe(200);
    };

    beforeAll(async () => {
      storage = await backend.open();
      api = await openReportsApi(storage);
      shop = api.id('kterminal1');
      await api.fund('kupon', 'kterminal1', 10_000);
      await cutOff(1);
      // The test clock stands still; the next cut-off is a minute later.
      api.advance(60_000);
      await api.fund('kupon', 'kterminal1', 5_000);
      await cutOff(2);
    }, 240_000);

    afterAll(async () => {
      await api?.close();
      await storage?.close();
    });

    it('a dealer marks a cut bill paid with a reference; the list shows who, when and the reference, and it cannot be marked again', async () => {
      expect((await list()).map((bill) => [bill.number, bill.paid, bill.mayMarkPaid])).toEqual([
        [2, null, true],
        [1, null, true],
      ]);
      const marked = await api.call('kdealer1', 'POST', `/bills/${shop}/1/paid`, { reference: 'receipt 42' });
      expect(marked.statusCode, marked.body).toBe(200);
      expect(marked.json()).toMatchObject({ number: 1, paid: { by: { userName: 'kdealer1', role: 'dealer' }, reference: 'receipt 42' }, mayMarkPaid: false });
      const [second, first] = await list();
      expect(second!.paid).toBeNull();
      expect(first!.paid).toMatchObject({ by: { userName: 'kdealer1' }, reference: 'receipt 42' });
      expect(Number.isNaN(Date.parse(first!.paid!.at))).toBe(false);
      const again = await api.call('kadmin', 'POST', `/bills/${shop}/1/paid`, {});
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ error: 'billAlreadyPaid|1' });
      // The account itself reads its bills paid, and may not mark them.
      const own = await list('kterminal1');
      expect(own[1]!.paid?.reference).toBe('receipt 42');
      expect(own[0]!.mayMarkPaid).toBe(false);
    });

    it('of two racing marks of one bill exactly one is stored; the other is refused', async () => {
      const answers = await Promise.all([api.call('kdealer1', 'POST', `/bills/${shop}/2/paid`, { reference: 'a' }), api.call('kadmin', 'POST', `/bills/${shop}/2/paid`, { reference: 'b' })]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const winner = answers.find((answer) => answer.statusCode === 200)!.json() as PaidBill;
      expect(answers.find((answer) => answer.statusCode === 409)!.json()).toEqual({ error: 'billAlreadyPaid|2' });
      const [second] = await list();
      expect(second!.paid).toEqual(winner.paid);
      expect((await storage.store.readStream(`billpaid-${shop}-2`)).length).toBe(1);
    });

    it('refuses the open period, another dealer, the shop itself and the regulator', async () => {
      expect((await api.call('kdealer1', 'POST', `/bills/${shop}/3/paid`, {})).json()).toEqual({ error: 'noSuchBill|3' });
      expect((await api.call('kdealer2', 'POST', `/bills/${shop}/1/paid`, {})).json()).toEqual({ error: 'thisOperatorNotYour' });
      expect((await api.call('kterminal1', 'POST', `/bills/${shop}/1/paid`, {})).json()).toEqual({ error: 'thisOperatorNotYour' });
      expect((await api.call('kregulator', 'POST', `/bills/${shop}/1/paid`, {})).json()).toEqual({ error: 'readOnlyRole' });
      expect((await api.call('kdealer1', 'POST', `/bills/${shop}/1/paid`, { reference: 'x'.repeat(101) })).statusCode).toBe(400);
    });
  });
}
