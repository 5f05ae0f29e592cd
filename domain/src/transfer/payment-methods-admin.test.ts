import { describe, it } from 'vitest';
import { deciderSpec } from '../shared/testing/decider-spec';
import { type AddPaymentMethod, paymentMethodsDecider, type PaymentMethodsContext, type PaymentMethodsEvent, type SetPaymentMethodFields } from './payment-methods';
import type { FormField } from './rules/payment-form';

const AT = '2026-11-23T10:00:00.000Z';
const context: PaymentMethodsContext = { catalog: [{ payCatId: 1, direction: 'deposit', minAmount: 1_000, maxAmount: 2_000_000 }], providers: ['staff', 'demo'] };
const field = (f: Partial<FormField> & Pick<FormField, 'name'>): FormField => ({ title: f.name, type: 'text', placeHolder: '', minLength: 0, maxLength: 0, required: true, options: '', ...f });
const amount = field({ name: 'amount', title: 'Amount', type: 'amount', minLength: 1, maxLength: 7 });
const iban = field({ name: 'iban', title: 'IBAN', minLength: 26, maxLength: 34 });
const add = (overrides: Partial<AddPaymentMethod['method']> = {}, fields: readonly FormField[] = [amount, iban]): AddPaymentMethod => ({
  type: 'AddPaymentMethod',
  siteId: 'kupon',
  method: { direction: 'deposit', provider: 'staff', flow: 'message', names: { tr: 'Papara' }, minAmount: 5_000, maxAmount: 500_000, ...overrides },
  fields,
  byUserId: 'admin-1',
  now: AT,
});
const setFields = (fields: readonly FormField[], payCatId = 1): SetPaymentMethodFields => ({ type: 'SetPaymentMethodFields', siteId: 'kupon', direction: 'deposit', payCatId, fields, byUserId: 'admin-1', now: AT });
const papara: PaymentMethodsEvent = {
  type: 'PaymentMethodAdded',
  data: { direction: 'deposit', provider: 'staff', flow: 'message', names: { tr: 'Papara' }, minAmount: 5_000, maxAmount: 500_000, payCatId: 1000, payId: 10_001, fields: [amount, iban], siteId: 'kupon', byUserId: 'admin-1', at: AT },
};

const given = deciderSpec(paymentMethodsDecider, context);

describe('a site adds its own payment methods', () => {
  it('adds a method of an existing provider with its form, numbered above the product', () => {
    given().when(add()).then([papara]);
  });

  it('numbers the next one after it', () => {
    given([papara])
      .when(add({ names: { en: 'Second' } }))
      .then([{ type: 'PaymentMethodAdded', data: { ...papara.data, names: { en: 'Second' }, payCatId: 1001, payId: 10_011 } }]);
  });

  it('refuses a provider that does not exist, no name, and amounts the wrong way round', () => {
    given().when(add({ provider: 'nosuchpsp' })).thenFails('invalidField|provider');
    given().when(add({ names: {} })).thenFails('invalidField|names');
    given()
      .when(add({ minAmount: 9_000, maxAmount: 1_000 }))
      .thenFails('amountOutOfRange|9000|1000');
  });

  it('lets the added method be configured like the product ones', () => {
    const setting = { payCatId: 1000, direction: 'deposit' as const, enabled: false, order: 0, minAmount: null, maxAmount: null, names: {} };
    given([papara])
      .when({ type: 'ConfigurePaymentMethod', siteId: 'kupon', setting, byUserId: 'admin-1', now: AT })
      .then([{ type: 'PaymentMethodConfigured', data: { ...setting, siteId: 'kupon', byUserId: 'admin-1', at: AT } }]);
  });
});

describe("editing a method's form", () => {
  it("replaces a product method's form", () => {
    const holder = field({ name: 'holder', title: 'Holder', required: false });
    given()
      .when(setFields([amount, holder]))
      .then([{ type: 'PaymentMethodFieldsSet', data: { direction: 'deposit', payCatId: 1, fields: [amount, holder], siteId: 'kupon', byUserId: 'admin-1', at: AT } }]);
  });

  it('records nothing when the form is what it already is', () => {
    given([papara])
      .when(setFields([amount, iban], 1000))
      .then([]);
  });

  it('refuses a form that does not hold together, and a method that does not exist', () => {
    given()
      .when(setFields([]))
      .thenFails('invalidField|fields');
    given()
      .when(setFields([iban, iban]))
      .thenFails('invalidField|fields.1.name');
    given()
      .when(setFields([field({ name: 'Bad name' })]))
      .thenFails('invalidField|fields.0.name');
    given()
      .when(setFields([field({ name: 'bank', type: 'select' })]))
      .thenFails('invalidField|fields.0.options');
    given()
      .when(setFields([field({ name: 'x', type: 'colour' as never })]))
      .thenFails('invalidField|fields.0.type');
    given()
      .when(setFields([field({ name: 'x', minLength: 10, maxLength: 5 })]))
      .thenFails('invalidField|fields.0.minLength');
    given()
      .when(setFields([amount, { ...amount, name: 'amount2' }]))
      .thenFails('invalidField|fields');
    given()
      .when(setFields([amount], 77))
      .thenFails('paymentMethodNotFound');
  });
});
