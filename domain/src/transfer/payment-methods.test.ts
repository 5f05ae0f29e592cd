import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../shared/testing/decider-spec';
import { type PaymentMethodSetting, type PaymentMethodsEvent, paymentMethodsDecider, type PaymentMethodsContext } from './payment-methods';

const AT = '2026-11-23T10:00:00.000Z';
const context: PaymentMethodsContext = {
  catalog: [
    { payCatId: 1, direction: 'deposit', minAmount: 1_000, maxAmount: 2_000_000 },
    { payCatId: 20, direction: 'withdraw', minAmount: 5_000, maxAmount: 5_000_000 },
  ],
};
const card: PaymentMethodSetting = { payCatId: 1, direction: 'deposit', enabled: true, order: 1, minAmount: 2_000, maxAmount: null, names: { en: 'Card' } };
const configure = (setting: PaymentMethodSetting) => ({ type: 'ConfigurePaymentMethod' as const, siteId: 'kupon', setting, byUserId: 'admin-1', now: AT });
const configured = (setting: PaymentMethodSetting): PaymentMethodsEvent => ({ type: 'PaymentMethodConfigured', data: { ...setting, siteId: 'kupon', byUserId: 'admin-1', at: AT } });

const given = deciderSpec(paymentMethodsDecider, context);

describe('ConfigurePaymentMethod', () => {
  it('records a site’s setting of a method of the catalog, and the state holds the latest', () => {
    given([]).when(configure(card)).then([configured(card)]);
    const off = { ...card, enabled: false };
    expect(given([configured(card), configured(off)]).state.settings['deposit:1']).toEqual(off);
  });

  it('the same setting again records nothing', () => {
    given([configured(card)]).when(configure(card)).then([]);
  });

  it('refuses a method the catalog does not have, in that direction', () => {
    given([]).when(configure({ ...card, payCatId: 99 })).thenFails('paymentMethodNotFound');
    given([]).when(configure({ ...card, direction: 'withdraw' })).thenFails('paymentMethodNotFound');
  });

  it('refuses a minimum above the maximum, counting the catalog’s limit where the site keeps it', () => {
    given([]).when(configure({ ...card, minAmount: 3_000, maxAmount: 2_000 })).thenFails('amountOutOfRange|3000|2000');
    given([]).when(configure({ ...card, minAmount: 2_000_001 })).thenFails('amountOutOfRange|2000001|2000000');
    given([]).when(configure({ ...card, minAmount: -1 })).thenFails('invalidAmount');
  });
});
