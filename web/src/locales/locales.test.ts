import { describe, expect, it } from 'vitest';
import { NAMESPACES } from '@/lib/i18n';
import { localeFiles } from '@/testing/render';

function keys(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  return [prefix];
}

const files = localeFiles();

describe('translations (tr default, en complete)', () => {
  it('every namespace exists in both languages with the same keys and no empty text', () => {
    for (const ns of NAMESPACES) {
      const tr = files[`tr/${ns}.json`];
      const en = files[`en/${ns}.json`];
      expect(tr, `tr/${ns}`).toBeDefined();
      expect(en, `en/${ns}`).toBeDefined();
      expect(keys(en).sort(), ns).toEqual(keys(tr).sort());
      for (const key of keys(tr)) {
        const text = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], tr);
        expect(typeof text === 'string' && text.trim().length > 0, `tr ${ns}:${key}`).toBe(true);
      }
    }
  });

  it('every refusal the domain betslip rules can give has a message', () => {
    const errors = files['tr/errors.json']!;
    for (const code of ['selectionAlreadyAdded', 'maxOddsCoupon', 'minLimit', 'maxLimit', 'multipleBetDisabled', 'maxMultiOdds', 'maxMultiCps', 'maxSystemCps', 'systemCountDivitedError', 'minTip', 'maxStake', 'minStake', 'emptyCoupon', 'selectionNotFound', 'matchCanceled', 'matchEnded', 'matchStarted', 'typeClosedForMatch', 'thereAreLockedMatches', 'rateChanged', 'insufficientCredit']) {
      expect(errors[code], code).toBeTypeOf('string');
    }
  });

  it('spec texts are kept where the spec gives them', () => {
    expect(files['en/layout.json']!.updateAvailable).toBe('New version available! Click to update!');
    expect(files['en/errors.json']!.insufficientCredit).toBe('Insufficient credit!');
    expect(files['en/errors.json']!.serviceLimitError).toBe('Casino limits are over. Please contact your dealer.');
    expect(files['en/errors.json']!.minLimit).toBe('min limit: {{param}}');
  });
});
