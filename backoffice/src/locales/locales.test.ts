import { describe, expect, it } from 'vitest';
import { NAMESPACES } from '@/lib/i18n';

const files = import.meta.glob<{ default: Record<string, unknown> }>('./*/*.json', { eager: true });

function keys(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  return [prefix];
}

describe('translations (tr default, en complete)', () => {
  it('every namespace exists in both languages with the same keys and no empty text', () => {
    for (const ns of NAMESPACES) {
      const tr = files[`./tr/${ns}.json`]?.default;
      const en = files[`./en/${ns}.json`]?.default;
      expect(tr, `tr/${ns}`).toBeDefined();
      expect(en, `en/${ns}`).toBeDefined();
      expect(keys(en).sort(), ns).toEqual(keys(tr).sort());
      for (const key of keys(tr)) {
        const text = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], tr);
        expect(typeof text === 'string' && text.trim().length > 0, `tr ${ns}:${key}`).toBe(true);
      }
    }
  });
});
