import { describe, expect, it } from 'vitest';
import { errorKey, isDomainError } from '../shared/decider';
import type { TransferEvent, TransferRequest } from './events';
import { given } from './testing/given';
import { validatePaymentForm, type FormField } from './rules/payment-form';

const AT = '2026-11-22T10:00:00.000Z';
const deposit: TransferRequest = {
  transferId: 't1',
  accountId: 'p1',
  siteId: 'site-1',
  direction: 'deposit',
  amount: 5000,
  currency: 'TRY',
  payId: 1,
  payCatId: 1,
  provider: 'demo',
  values: [],
  requestedAt: AT,
};

const requested: TransferEvent = { type: 'TransferRequested', data: deposit };
const approved: TransferEvent = { type: 'TransferApproved', data: { transferId: 't1', by: 'demo', providerReference: 'px', at: AT } };
const rejected: TransferEvent = { type: 'TransferRejected', data: { transferId: 't1', by: 'demo', reason: 'declined', at: AT } };

describe('transfer decider', () => {
  it('opens a request once', () => {
    given([]).when({ type: 'OpenTransfer', request: deposit }).then([requested]);
    given([requested]).when({ type: 'OpenTransfer', request: deposit }).then([]);
    given([]).when({ type: 'OpenTransfer', request: { ...deposit, amount: 0 } }).thenFails('invalidAmount');
  });

  it('approves once: a replayed confirmation changes nothing', () => {
    given([requested]).when({ type: 'ApproveTransfer', transferId: 't1', by: 'demo', providerReference: 'px', now: AT }).then([approved]);
    given([requested, approved]).when({ type: 'ApproveTransfer', transferId: 't1', by: 'demo', providerReference: 'px', now: AT }).then([]);
  });

  it('never confirms a rejected request, never rejects an approved one', () => {
    given([requested, rejected]).when({ type: 'ApproveTransfer', transferId: 't1', by: 'demo', providerReference: 'px', now: AT }).thenFails('transactionCanceled');
    given([requested, approved]).when({ type: 'RejectTransfer', transferId: 't1', by: 'demo', reason: 'x', now: AT }).thenFails('transferAlreadyDecided');
  });

  it('marks a deposit credited only once it was approved', () => {
    given([requested]).when({ type: 'MarkTransferCredited', transferId: 't1', now: AT }).thenFails('transferNotApproved');
    given([requested, approved]).when({ type: 'MarkTransferCredited', transferId: 't1', now: AT }).then([{ type: 'TransferCredited', data: { transferId: 't1', at: AT } }]);
    given([requested, approved]).when({ type: 'MarkTransferPaid', transferId: 't1', now: AT }).thenFails('transferNotFound');
  });
});

describe('payment form (spec §5)', () => {
  const field = (extra: Partial<FormField>): FormField => ({ name: 'f', title: 'Field', type: 'text', placeHolder: '', minLength: 0, maxLength: 0, required: true, options: '', ...extra });

  it('stops at the first failure, in field order', () => {
    const fields = [field({ name: 'iban', title: 'IBAN', minLength: 5, maxLength: 8 }), field({ name: 'mail', title: 'Mail', type: 'email' })];
    const outcome = validatePaymentForm(fields, { iban: '123', mail: 'nope' });
    expect(isDomainError(outcome) && errorKey(outcome)).toBe('minLengthMaxLength|IBAN|5|8');
    const second = validatePaymentForm(fields, { iban: '12345', mail: 'nope' });
    expect(isDomainError(second) && errorKey(second)).toBe('emailRequired|Mail');
  });

  it('checks dates, datetimes, times, numbers and required fields', () => {
    const check = (type: FormField['type'], value: string) => {
      const outcome = validatePaymentForm([field({ type })], { f: value });
      return isDomainError(outcome) ? outcome.code : 'ok';
    };
    expect([check('date', '31-12-1990'), check('date', '1990-12-31')]).toEqual(['ok', 'paymentDateRequired']);
    expect([check('birthdate', '01-02-2000'), check('datetime', '01-02-2000 23:59'), check('datetime', '01-02-2000 24:00')]).toEqual(['ok', 'ok', 'datetimeRequired']);
    expect([check('time', '07:30'), check('time', '7:30')]).toEqual(['ok', 'timeRequired']);
    expect([check('number', '1.234'), check('number', '12a')]).toEqual(['ok', 'numberRequired']);
    expect([check('text', ''), check('select', 'x')]).toEqual(['isRequiredArea', 'ok']);
    expect(validatePaymentForm([field({ required: false })], {})).toEqual({ values: [{ name: 'f', value: '' }], amount: null });
  });

  it('takes the amount field as the amount sent, digits only', () => {
    expect(validatePaymentForm([field({ name: 'amount', type: 'amount' })], { amount: '250' })).toEqual({ values: [{ name: 'amount', value: '250' }], amount: 250 });
    const bad = validatePaymentForm([field({ name: 'amount', type: 'amount', title: 'Amount' })], { amount: '2.50' });
    expect(isDomainError(bad) && errorKey(bad)).toBe('numberRequired|Amount');
  });
});
