import { BettingLimits, LoginBody, OpenAccountBody } from '@contract/identity';
import { SendCreditBody } from '@contract/money';
import { describe, expect, it } from 'vitest';
import { validate } from './form';

describe('forms validate with the api schemas', () => {
  it('answers the §5 login rule with its key and bounds', () => {
    const result = validate(LoginBody, { userName: 'abc', password: 'secret1' });
    expect(result).toEqual({ ok: false, errors: { userName: { key: 'minLengthMaxLength', params: ['userName', '4', '20'] } } });
  });

  it('names each nested field the schema refuses', () => {
    const limits = { minTip: 1, minStake: 100, maxStake: 1000, maxPay: 100000, status: 1 };
    const result = validate(BettingLimits, { multiple: limits, combine: { ...limits, maxStake: -5 }, system: limits, minOddsCoupon: 0, maxOddsCoupon: 1.5 });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.errors).sort()).toEqual(['combine.maxStake', 'maxOddsCoupon']);
  });

  it('refuses a credit amount that is not whole minor units, with the api key', () => {
    expect(validate(SendCreditBody, { requestId: 'req-12345678', toUserId: 'u1', amount: 10.5 })).toEqual({ ok: false, errors: { amount: { key: 'invalidAmount', params: [] } } });
    expect(validate(SendCreditBody, { requestId: 'req-12345678', toUserId: 'u1', amount: 1050 }).ok).toBe(true);
  });

  it("a message that is zod's own English becomes invalidField with the path", () => {
    const result = validate(OpenAccountBody, { role: 'wizard', userName: 'abcde' });
    expect(result).toEqual({ ok: false, errors: { role: { key: 'invalidField', params: ['role'] } } });
  });
});
