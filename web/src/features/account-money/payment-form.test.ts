import { describe, expect, it } from 'vitest';
import type { TransferAnswer } from './api/money';
import { answerStep, fieldProblem, selectOptions } from './payment-form';

const answer = (over: Partial<TransferAnswer>): TransferAnswer => ({ status: true, transferId: 't1', iframe: 0, redirect: null, paymenturl: null, target: null, msg: '', ...over });
const amount = { name: 'amount', title: 'Tutar', type: 'amount' as const, placeHolder: '', minLength: 1, maxLength: 7, required: true, options: '' };

describe('payment request answers (§4)', () => {
  it('iframe 1 goes to the payment address (or its target), iframe 2 frames it, else the redirect, else the message', () => {
    expect(answerStep(answer({ iframe: 1, paymenturl: 'https://p/1' }), 1)).toEqual({ kind: 'open', url: 'https://p/1', target: null });
    expect(answerStep(answer({ iframe: 1, paymenturl: 'https://p/1', target: '_blank' }), 1)).toEqual({ kind: 'open', url: 'https://p/1', target: '_blank' });
    expect(answerStep(answer({ iframe: 2, paymenturl: 'https://p/2' }), 1)).toEqual({ kind: 'frame', url: 'https://p/2' });
    expect(answerStep(answer({ redirect: 'https://p/r' }), 1)).toEqual({ kind: 'open', url: 'https://p/r', target: null });
    expect(answerStep(answer({ msg: 'custom' }), 1)).toEqual({ kind: 'message', key: 'custom' });
    expect(answerStep(answer({}), 1)).toEqual({ kind: 'message', key: 'depositRequestSuccess' });
    expect(answerStep(answer({}), 2)).toEqual({ kind: 'message', key: 'withdrawRequestSuccess' });
  });
});

describe('payment form fields (§5)', () => {
  it('the amount is digits only, within Min and Max (a Max of 0 is none)', () => {
    const limits = { minAmount: 1000, maxAmount: 50_000 };
    expect(fieldProblem(amount, '', limits)).toEqual({ kind: 'rule', key: 'minLengthMaxLength', params: ['Tutar', '1', '7'] });
    expect(fieldProblem(amount, '10,5', limits)).toEqual({ kind: 'rule', key: 'numberRequired', params: ['Tutar'] });
    expect(fieldProblem(amount, '9', limits)).toEqual({ kind: 'amountMin', amount: 1000 });
    expect(fieldProblem(amount, '10', limits)).toBeNull();
    expect(fieldProblem(amount, '500', limits)).toBeNull();
    expect(fieldProblem(amount, '501', limits)).toEqual({ kind: 'amountMax', amount: 50_000 });
    expect(fieldProblem(amount, '99999', { minAmount: 1000, maxAmount: 0 })).toBeNull();
  });

  it('select options are a value:text comma list', () => {
    expect(selectOptions('TCZBTR2A:Ziraat Bankası, ISBKTRIS:İş Bankası,plain')).toEqual([
      { value: 'TCZBTR2A', text: 'Ziraat Bankası' },
      { value: 'ISBKTRIS', text: 'İş Bankası' },
      { value: 'plain', text: 'plain' },
    ]);
  });
});
