import { describe, expect, it } from 'vitest';
import { isSportFirst, themeOf } from './themes';
import { quickStakes, whatsappNumbers, withDefaults } from './types';

describe('site settings', () => {
  it('missing fields take the product defaults (tr, base theme, quick stakes 5,10,20,50)', () => {
    const settings = withDefaults({ title: 'Brand', login_screen: 1 });
    expect(settings).toMatchObject({ title: 'Brand', login_screen: 1, site_default_lang: 'tr', site_default_theme: 'base', coupon_amount_group: '5,10,20,50' });
    expect(quickStakes(settings)).toEqual([500, 1000, 2000, 5000]);
  });
  it('coupon_amount_group is read in currency units; junk is dropped', () => {
    expect(quickStakes({ coupon_amount_group: '2, 7.5,x,100' })).toEqual([200, 750, 10_000]);
    expect(quickStakes({ coupon_amount_group: '' })).toEqual([500, 1000, 2000, 5000]);
  });
  it('whatsapp numbers are semicolon separated', () => {
    expect(whatsappNumbers({ whatsappNumber: '+90 555 1; +90 555 2;' })).toEqual(['+90 555 1', '+90 555 2']);
  });
  it('the emerald theme is sport-first (its home is the sports page); base and royal are not', () => {
    expect([isSportFirst('emerald'), isSportFirst('base'), isSportFirst('royal'), isSportFirst('nope')]).toEqual([true, false, false, false]);
  });
  it('an unknown theme falls back to base', () => {
    expect(themeOf('emerald')).toBe('emerald');
    expect(themeOf('nope')).toBe('base');
  });
});
