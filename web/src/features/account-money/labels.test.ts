import { WALLET_EVENT_TYPES } from '@kupon/domain';
import { describe, expect, it } from 'vitest';
import { localeFiles } from '@/testing/render';
import { TRANSACTION_TYPES, TRANSFER_STATUSES } from './labels';

const files = localeFiles();

describe('money labels', () => {
  it('every wallet event a statement row can carry has a label in tr and en', () => {
    expect(TRANSACTION_TYPES).toEqual(WALLET_EVENT_TYPES.filter((type) => type !== 'WalletOpened'));
    for (const lang of ['tr', 'en']) {
      const types = files[`${lang}/money.json`]!.types as Record<string, string>;
      for (const type of TRANSACTION_TYPES) expect(types[type], `${lang} ${type}`).toBeTypeOf('string');
      expect(Object.keys(types).sort()).toEqual([...TRANSACTION_TYPES].sort());
    }
  });

  it('every transfer state has a label in tr and en', () => {
    for (const lang of ['tr', 'en']) {
      const status = files[`${lang}/money.json`]!.status as Record<string, string>;
      expect(Object.keys(status).sort()).toEqual([...TRANSFER_STATUSES].sort());
    }
  });
});
