import { describe, it } from 'vitest';
import { deciderSpec } from '../shared/testing/decider-spec';
import { type BillMarkedPaid, billPaymentDecider, type MarkBillPaid } from './payment';

const T2 = '2026-11-21T08:00:00.000Z';
const T3 = '2026-11-22T08:00:00.000Z';

/** `given([BillMarkedPaid…]).when(MarkBillPaid).then([BillMarkedPaid…])` / `.thenFails('billAlreadyPaid|1')`. */
const given = deciderSpec(billPaymentDecider, undefined);

const dealer = { userId: 'dealer1', userName: 'kdealer1', role: 'dealer' as const, siteId: 'kupon', permissions: [] };
const shop = { accountId: 'shop1', siteId: 'kupon', ancestors: ['top1', 'dealer1'] };
const mark = (overrides: Partial<MarkBillPaid> = {}): MarkBillPaid => ({ type: 'MarkBillPaid', account: shop, actor: dealer, number: 1, cut: 1, reference: ' receipt 42 ', now: T2, ...overrides });
const paid: BillMarkedPaid = {
  type: 'BillMarkedPaid',
  data: { accountId: 'shop1', siteId: 'kupon', number: 1, reference: 'receipt 42', paidBy: { userId: 'dealer1', userName: 'kdealer1', role: 'dealer' }, at: T2 },
};

describe('marking a bill paid', () => {
  it('records who marked the cut bill paid, when, and the reference they gave', () => {
    given().when(mark()).then([paid]);
  });

  it('takes no reference as none (cash handed over)', () => {
    given()
      .when(mark({ reference: '   ' }))
      .then([{ ...paid, data: { ...paid.data, reference: null } }]);
  });

  it('marks a bill once: a second mark (or the loser of two racing marks) is refused', () => {
    given([paid])
      .when(mark({ now: T3 }))
      .thenFails('billAlreadyPaid|1');
  });

  it('refuses a bill not cut yet (the open period) or no bill at all', () => {
    given().when(mark({ number: 2, cut: 1 })).thenFails('noSuchBill|2');
    given().when(mark({ number: 0 })).thenFails('noSuchBill|0');
  });

  it('lets only those who may cut the account mark its bills: not the account itself, not another dealer, not the regulator', () => {
    given()
      .when(mark({ actor: { ...dealer, userId: 'shop1', userName: 'shop1', role: 'player' } }))
      .thenFails('thisOperatorNotYour');
    given()
      .when(mark({ actor: { ...dealer, userId: 'dealer9' } }))
      .thenFails('thisOperatorNotYour');
    given()
      .when(mark({ actor: { ...dealer, userId: 'reg1', role: 'regulator' } }))
      .thenFails('permissionDenied|regulator');
    given()
      .when(mark({ actor: { ...dealer, userId: 'admin1', role: 'admin' } }))
      .then([{ ...paid, data: { ...paid.data, paidBy: { userId: 'admin1', userName: 'kdealer1', role: 'admin' } } }]);
  });

  it('refuses a reference longer than 100 characters', () => {
    given()
      .when(mark({ reference: 'x'.repeat(101) }))
      .thenFails('invalidField|reference');
  });
});
