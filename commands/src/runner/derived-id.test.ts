import { v5 as uuidv5 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { derivedId, KUPON_NAMESPACE } from './derived-id';

describe('derivedId', () => {
  it('is the uuid v5 of the joined parts in the Kupon namespace, so ids already stored are derived again unchanged', () => {
    const cases: string[][] = [
      ['settlement', '8b1e2f3a-0000-4000-8000-000000000001', 'coupon-1', 's1', '0'],
      ['payout', 'ğüşiöç ÄÖÜ 日本', ''],
      [''],
      [],
      Array.from({ length: 40 }, (_, i) => `part-${i}`),
    ];
    for (const parts of cases) expect(derivedId(...parts)).toBe(uuidv5(parts.join('/'), KUPON_NAMESPACE));
  });

  it('gives different causes different ids', () => {
    expect(derivedId('settlement', 'a', '0')).not.toBe(derivedId('settlement', 'a', '1'));
  });
});
