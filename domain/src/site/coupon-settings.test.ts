import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../shared/testing/decider-spec';
import { bonusPercentOf } from '../coupon/rules/bonus';
import type { SiteCommand } from './commands';
import { siteBonusRule, siteCouponPolicy } from './coupon-settings';
import { siteDecider, type SiteState } from './decider';
import { DEFAULT_SITE_SETTINGS, type SiteEvent, type SiteSettings, type SiteSettingsPatch } from './events';

const NOW = '2026-11-25T12:00:00.000Z';
const opened: SiteEvent = { type: 'SiteOpened', data: { siteId: 'kupon', name: 'Kupon', hosts: ['kupon.example'], settings: DEFAULT_SITE_SETTINGS, at: NOW } };

/** `given([SiteOpened…]).when(ChangeSiteSettings).then([SiteSettingsChanged…])` / `.thenFails('invalidField|…')`. */
const given = deciderSpec(siteDecider, undefined);
const change = (settings: SiteSettingsPatch): SiteCommand => ({ type: 'ChangeSiteSettings', settings, now: NOW });
const changed = (settings: Partial<SiteSettings>): SiteEvent => ({ type: 'SiteSettingsChanged', data: { siteId: 'kupon', settings, at: NOW } });

describe('a site’s coupon bonus and cancel/sell policy (spec §3 bonusCoupon, §4 sellType and cancel, §9 cancel duration)', () => {
  it('a new site pays no bonus, sells with a 5 % margin and cancels within 5 minutes', () => {
    expect(siteBonusRule(DEFAULT_SITE_SETTINGS)).toBeNull();
    expect(siteCouponPolicy(DEFAULT_SITE_SETTINGS)).toEqual({ sell: { enabled: true, marginBp: 500 }, cancel: { enabled: true, periodMs: 300_000 } });
  });

  it('a site opened before these settings existed folds with the defaults', () => {
    const { bonusCoupon: _b, couponSell: _s, couponCancel: _c, maxPayoutTiers: _t, ...older } = DEFAULT_SITE_SETTINGS;
    const state = [{ ...opened, data: { ...opened.data, settings: older } } as SiteEvent].reduce<SiteState>(siteDecider.evolve, siteDecider.initialState);
    expect(state.status === 'open' && [state.settings.bonusCoupon.bonusPercent, state.settings.couponCancel.periodMinutes, state.settings.maxPayoutTiers]).toEqual([0, 5, [0, 0, 0, 0, 0, 0]]);
  });

  it('given an open site, when the operator sets a 5 % bonus from the 4th selection at odds 1.30, then the site pays the domain’s bonus', () => {
    const bonusCoupon = { bonusPercent: 5, bonusTipCount: 3, bonusOdds: 1300 };
    const state = given([opened]).when(change({ bonusCoupon })).then([changed({ bonusCoupon })]);
    if (state.status !== 'open') return expect.fail('site not open');
    const rule = siteBonusRule(state.settings);
    expect(rule).toEqual(bonusCoupon);
    const legs = (n: number, odds = 1500) => Array.from({ length: n }, () => ({ odds }));
    expect([3, 4, 5, 9].map((n) => bonusPercentOf('KK', legs(n), rule))).toEqual([0, 5, 10, 25]);
    expect(bonusPercentOf('KK', [...legs(4), { odds: 1299 }], rule)).toBe(0);
  });

  it('given an open site, when the operator turns selling off and sets a 10-minute cancel period, then the decider’s policy says so', () => {
    const settings = { couponSell: { enabled: false, marginBp: 700 }, couponCancel: { enabled: true, periodMinutes: 10 } };
    const state = given([opened]).when(change(settings)).then([changed(settings)]);
    expect(state.status === 'open' && siteCouponPolicy(state.settings)).toEqual({ sell: { enabled: false, marginBp: 700 }, cancel: { enabled: true, periodMs: 600_000 } });
  });

  it('given an open site, when a bonus or policy value is out of bounds, then it is refused under its field', () => {
    const bonus = { bonusPercent: 5, bonusTipCount: 3, bonusOdds: 1300 };
    given([opened]).when(change({ bonusCoupon: { ...bonus, bonusPercent: 26 } })).thenFails('invalidField|bonusCoupon.bonusPercent');
    given([opened]).when(change({ bonusCoupon: { ...bonus, bonusPercent: 2.5 } })).thenFails('invalidField|bonusCoupon.bonusPercent');
    given([opened]).when(change({ bonusCoupon: { ...bonus, bonusTipCount: -1 } })).thenFails('invalidField|bonusCoupon.bonusTipCount');
    given([opened]).when(change({ bonusCoupon: { ...bonus, bonusOdds: 999 } })).thenFails('invalidField|bonusCoupon.bonusOdds');
    given([opened]).when(change({ couponSell: { enabled: true, marginBp: 5001 } })).thenFails('invalidField|couponSell.marginBp');
    given([opened]).when(change({ couponCancel: { enabled: true, periodMinutes: 0 } })).thenFails('invalidField|couponCancel.periodMinutes');
    given([opened]).when(change({ couponCancel: { enabled: true, periodMinutes: 1441 } })).thenFails('invalidField|couponCancel.periodMinutes');
  });

  it('given an open site, when the operator caps payouts by stake band (§9 max payout tiers), then the site’s slip rules hold coupons to them', () => {
    const maxPayoutTiers = [50_000, 80_000, 150_000, 150_000, 1_000_000, 0];
    const state = given([opened]).when(change({ maxPayoutTiers })).then([changed({ maxPayoutTiers })]);
    expect(state.status === 'open' && state.settings.maxPayoutTiers).toEqual(maxPayoutTiers);
    expect(DEFAULT_SITE_SETTINGS.maxPayoutTiers).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it('given an open site, when payout tiers would let a larger stake win less, then they are refused under the band', () => {
    // Falling from one band to the next
    given([opened]).when(change({ maxPayoutTiers: [50_000, 40_000, 0, 0, 0, 0] })).thenFails('invalidField|maxPayoutTiers.1');
    // A capped band above an uncapped one
    given([opened]).when(change({ maxPayoutTiers: [0, 80_000, 0, 0, 0, 0] })).thenFails('invalidField|maxPayoutTiers.1');
    // A cap below the band's own top stake (250.00): a stake could not come back whole
    given([opened]).when(change({ maxPayoutTiers: [50_000, 24_999, 0, 0, 0, 0] })).thenFails('invalidField|maxPayoutTiers.1');
    // The last band's top is its floor, 5,000.00
    given([opened]).when(change({ maxPayoutTiers: [0, 0, 0, 0, 0, 499_999] })).thenFails('invalidField|maxPayoutTiers.5');
    given([opened]).when(change({ maxPayoutTiers: [10_000.5, 0, 0, 0, 0, 0] })).thenFails('invalidField|maxPayoutTiers.0');
    given([opened]).when(change({ maxPayoutTiers: [-1, 0, 0, 0, 0, 0] })).thenFails('invalidField|maxPayoutTiers.0');
    given([opened]).when(change({ maxPayoutTiers: [0, 0, 0] })).thenFails('invalidField|maxPayoutTiers');
  });

  it('given an open site, when a brand is opened with a bad cancel period, then it is not opened', () => {
    given([]).when({ type: 'OpenSite', siteId: 'bahis', name: 'Bahis', hosts: [], settings: { couponCancel: { enabled: true, periodMinutes: -5 } }, now: NOW }).thenFails('invalidField|couponCancel.periodMinutes');
  });
});
