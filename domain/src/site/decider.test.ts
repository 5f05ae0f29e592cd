import { describe, expect, it } from 'vitest';
import { errorKey, isDomainError } from '../shared/decider';
import type { SiteCommand } from './commands';
import { roleEpochOf, rolePermissionsOf, siteDecider, type SiteState } from './decider';
import { DEFAULT_SITE_SETTINGS, type SiteEvent, type SiteSettingsPatch } from './events';

const NOW = '2026-11-22T12:00:00.000Z';
const decide = (events: readonly SiteEvent[], command: SiteCommand) =>
  siteDecider.decide(command, events.reduce<SiteState>(siteDecider.evolve, siteDecider.initialState), undefined);

describe('site decider', () => {
  const opened: SiteEvent = { type: 'SiteOpened', data: { siteId: 'kupon', name: 'Kupon', hosts: ['kupon.example'], settings: { ...DEFAULT_SITE_SETTINGS, mailActivation: false }, at: NOW } };

  it('opens a brand with the default settings it did not override, hosts lower-cased', () => {
    expect(decide([], { type: 'OpenSite', siteId: 'kupon', name: ' Kupon ', hosts: ['Kupon.Example'], settings: { mailActivation: false }, now: NOW })).toEqual([opened]);
  });

  it('refuses a second opening, an id that cannot name a stream, and a malformed host', () => {
    const key = (outcome: ReturnType<typeof decide>) => (isDomainError(outcome) ? errorKey(outcome) : 'events');
    expect(key(decide([opened], { type: 'OpenSite', siteId: 'kupon', name: 'K', hosts: [], settings: {}, now: NOW }))).toBe('siteExists|kupon');
    expect(key(decide([], { type: 'OpenSite', siteId: 'ku-pon', name: 'K', hosts: [], settings: {}, now: NOW }))).toBe('invalidField|siteId');
    expect(key(decide([], { type: 'OpenSite', siteId: 'kupon', name: 'K', hosts: ['bad host'], settings: {}, now: NOW }))).toBe('invalidField|hosts');
  });

  it('changes settings by merging them into what is there', () => {
    const changed = decide([opened], { type: 'ChangeSiteSettings', settings: { registerDisabled: true }, now: NOW });
    expect(changed).toEqual([{ type: 'SiteSettingsChanged', data: { siteId: 'kupon', settings: { registerDisabled: true }, at: NOW } }]);
    const state = [opened, ...(changed as SiteEvent[])].reduce<SiteState>(siteDecider.evolve, siteDecider.initialState);
    expect(state.status === 'open' && state.settings).toMatchObject({ registerDisabled: true, mailActivation: false, defaultLang: 'tr' });
  });

  it('header and theme settings: social links change one by one, the version counts every change', () => {
    const changed = decide([opened], { type: 'ChangeSiteSettings', settings: { logo: 'https://cdn.example/logo.svg', social: { twitter: 'https://x.com/kupon' }, whatsappNumber: '+90 555 111 22 33; +90 555 444 55 66', telegramName: 'kupon_destek' }, now: NOW });
    expect(changed).toEqual([
      {
        type: 'SiteSettingsChanged',
        data: { siteId: 'kupon', settings: { logo: 'https://cdn.example/logo.svg', social: { ...DEFAULT_SITE_SETTINGS.social, twitter: 'https://x.com/kupon' }, whatsappNumber: '+90 555 111 22 33; +90 555 444 55 66', telegramName: 'kupon_destek' }, at: NOW },
      },
    ]);
    const second = { type: 'SiteSettingsChanged', data: { siteId: 'kupon', settings: { social: { ...DEFAULT_SITE_SETTINGS.social, twitter: 'https://x.com/kupon', youtube: '/tv' } }, at: NOW } } as const;
    const state = [opened, ...(changed as SiteEvent[]), second].reduce<SiteState>(siteDecider.evolve, siteDecider.initialState);
    expect(state.status === 'open' && [state.settingsVersion, state.settings.social.twitter, state.settings.social.youtube, state.settings.logo]).toEqual([3, 'https://x.com/kupon', '/tv', 'https://cdn.example/logo.svg']);
  });

  it('refuses a logo that is not an address, a malformed whatsapp number, oversized custom code and a junk stake list', () => {
    const key = (settings: SiteSettingsPatch) => {
      const outcome = decide([opened], { type: 'ChangeSiteSettings', settings, now: NOW });
      return isDomainError(outcome) ? errorKey(outcome) : 'events';
    };
    expect(key({ logo: 'javascript:alert(1)' })).toBe('invalidField|logo');
    expect(key({ social: { facebook: 'facebook com' } })).toBe('invalidField|social.facebook');
    expect(key({ whatsappNumber: '+90 555; call me' })).toBe('invalidField|whatsappNumber');
    expect(key({ customJs: 'x'.repeat(65_537) })).toBe('invalidField|customJs');
    expect(key({ couponAmountGroup: '5,,10' })).toBe('invalidField|couponAmountGroup');
    expect(key({ couponAmountGroup: '2, 7.5, 100', customCss: 'body{}' })).toBe('events');
  });

  it('live chat addresses, money by live chat and the TV link: set, folded, and refused when not an address', () => {
    const settings = { liveChatDesktop: 'https://chat.example/bahis', liveChatMobile: '/brands/bahis-live-chat.html', moneyByLiveChat: true, tvLink: 'https://tv.example/live' };
    const changed = decide([opened], { type: 'ChangeSiteSettings', settings, now: NOW });
    expect(changed).toEqual([{ type: 'SiteSettingsChanged', data: { siteId: 'kupon', settings, at: NOW } }]);
    const state = [opened, ...(changed as SiteEvent[])].reduce<SiteState>(siteDecider.evolve, siteDecider.initialState);
    expect(state.status === 'open' && state.settings).toMatchObject({ ...settings, logo: '' });

    const key = (patch: SiteSettingsPatch) => {
      const outcome = decide([opened], { type: 'ChangeSiteSettings', settings: patch, now: NOW });
      return isDomainError(outcome) ? errorKey(outcome) : 'events';
    };
    expect(key({ liveChatDesktop: 'javascript:openChat()' })).toBe('invalidField|liveChatDesktop');
    expect(key({ liveChatMobile: 'chat.example/m' })).toBe('invalidField|liveChatMobile');
    expect(key({ tvLink: 'https://tv.example/<script>' })).toBe('invalidField|tvLink');
    expect(key({ liveChatDesktop: '', tvLink: '' })).toBe('events');
  });

  it('a site opened before live chat and the TV link existed folds with them off', () => {
    const { liveChatDesktop: _desktop, liveChatMobile: _mobile, moneyByLiveChat: _money, tvLink: _tv, ...older } = DEFAULT_SITE_SETTINGS;
    const old = { type: 'SiteOpened', data: { siteId: 'kupon', name: 'Kupon', hosts: [], settings: older as typeof DEFAULT_SITE_SETTINGS, at: NOW } } as const;
    const state = siteDecider.evolve(siteDecider.initialState, old);
    expect(state.status === 'open' && [state.settings.liveChatDesktop, state.settings.liveChatMobile, state.settings.moneyByLiveChat, state.settings.tvLink]).toEqual(['', '', false, '']);
  });

  it('stake limits: set as non-negative whole numbers, and off (0) on a site opened before they existed', () => {
    const key = (patch: SiteSettingsPatch) => {
      const outcome = decide([opened], { type: 'ChangeSiteSettings', settings: patch, now: NOW });
      return isDomainError(outcome) ? errorKey(outcome) : 'events';
    };
    expect(key({ matchStakeLimit: 500_000, sameCouponLimit: 3 })).toBe('events');
    expect(key({ matchStakeLimit: -1 })).toBe('invalidField|matchStakeLimit');
    expect(key({ sameCouponLimit: 1.5 })).toBe('invalidField|sameCouponLimit');
    const { matchStakeLimit: _match, sameCouponLimit: _same, ...older } = DEFAULT_SITE_SETTINGS;
    const old = { type: 'SiteOpened', data: { siteId: 'kupon', name: 'Kupon', hosts: [], settings: older as typeof DEFAULT_SITE_SETTINGS, at: NOW } } as const;
    const state = siteDecider.evolve(siteDecider.initialState, old);
    expect(state.status === 'open' && [state.settings.matchStakeLimit, state.settings.sameCouponLimit]).toEqual([0, 0]);
  });

  it('a site opened before the header settings existed folds with their defaults', () => {
    const { logo: _logo, social: _social, ...older } = DEFAULT_SITE_SETTINGS;
    const old = { type: 'SiteOpened', data: { siteId: 'kupon', name: 'Kupon', hosts: [], settings: older as typeof DEFAULT_SITE_SETTINGS, at: NOW } } as const;
    const state = siteDecider.evolve(siteDecider.initialState, old);
    expect(state.status === 'open' && [state.settings.logo, state.settings.social.instagram, state.settingsVersion]).toEqual(['', '', 1]);
  });

  describe('every §3 field (title and meta, images, analytics, registration defaults, display, game lists, special banners)', () => {
    const key = (settings: SiteSettingsPatch) => {
      const outcome = decide([opened], { type: 'ChangeSiteSettings', settings, now: NOW });
      return isDomainError(outcome) ? errorKey(outcome) : 'events';
    };

    it('given an open site, when the admin sets them, then the change carries them and the fold holds them', () => {
      const settings: SiteSettingsPatch = {
        title: 'Kupon Bahis',
        keywords: 'bahis, iddaa',
        description: 'Canlı bahis',
        background: '/brands/bg.jpg',
        paymentLogos: ['/pay/papara.svg', 'https://cdn.example/visa.svg'],
        analyticsId: 'G-ABC123',
        analyticsScript: 'window.dataLayer=[];',
        siteVerification: 'abc_DEF-123',
        topWinners: true,
        redirectRegister: 'home',
        defaultPhone: '+49',
        defaultCountry: 'DE',
        themeChange: true,
        payway: 'page',
        rivHeaderSee: false,
        currencyMode: 1,
        browserLanguage: false,
        statisticUrl: 'https://stats.example/match/{matchId}',
        liveShowTracker: false,
        autoPrint: true,
        toFixedNumber: 3,
        topSlotIds: '101, 102,103',
        newCasinoIds: '7',
        tvLogos: ['/tv/logo.png'],
        specialBanner1: { file: '/b/1.jpg', link: '/tr/casino' },
      };
      const changed = decide([opened], { type: 'ChangeSiteSettings', settings, now: NOW });
      expect(changed).toEqual([{ type: 'SiteSettingsChanged', data: { siteId: 'kupon', settings, at: NOW } }]);
      const state = [opened, ...(changed as SiteEvent[])].reduce<SiteState>(siteDecider.evolve, siteDecider.initialState);
      expect(state.status === 'open' && state.settings).toMatchObject({ ...settings, specialBanner2: { file: '', link: '' }, mailActivation: false });
    });

    it('given a site opened before these fields existed, when folded, then each has its default', () => {
      const { title: _t, paymentLogos: _p, redirectRegister: _r, defaultPhone: _d, toFixedNumber: _f, topSlotIds: _s, specialBanner1: _b, browserLanguage: _l, ...older } = DEFAULT_SITE_SETTINGS;
      const old = { type: 'SiteOpened', data: { siteId: 'kupon', name: 'Kupon', hosts: [], settings: older as typeof DEFAULT_SITE_SETTINGS, at: NOW } } as const;
      const oldChange = { type: 'SiteSettingsChanged', data: { siteId: 'kupon', settings: { logo: '/l.svg' }, at: NOW } } as const;
      const state = [old, oldChange].reduce<SiteState>(siteDecider.evolve, siteDecider.initialState);
      expect(state.status === 'open' && [state.settings.title, state.settings.paymentLogos, state.settings.redirectRegister, state.settings.defaultPhone, state.settings.toFixedNumber, state.settings.topSlotIds, state.settings.specialBanner1, state.settings.browserLanguage]).toEqual([
        '',
        [],
        'deposit',
        '+90',
        2,
        '',
        { file: '', link: '' },
        true,
      ]);
    });

    it('when a value is outside its limits, then the change is refused naming the field', () => {
      expect(key({ toFixedNumber: 4 })).toBe('invalidField|toFixedNumber');
      expect(key({ toFixedNumber: -1 })).toBe('invalidField|toFixedNumber');
      expect(key({ toFixedNumber: 1.5 })).toBe('invalidField|toFixedNumber');
      expect(key({ toFixedNumber: 0 })).toBe('events');
      expect(key({ currencyMode: 2 })).toBe('invalidField|currencyMode');
      expect(key({ topSlotIds: '12,abc' })).toBe('invalidField|topSlotIds');
      expect(key({ virtualGamesIds: '1,,2' })).toBe('invalidField|virtualGamesIds');
      expect(key({ newSlotIds: '' })).toBe('events');
      expect(key({ paymentLogos: ['javascript:alert(1)'] })).toBe('invalidField|paymentLogos');
      expect(key({ tvLogos: Array.from({ length: 31 }, (_, i) => `/tv/${i}.png`) })).toBe('invalidField|tvLogos');
      expect(key({ background: 'bg.jpg' })).toBe('invalidField|background');
      expect(key({ statisticUrl: 'stats' })).toBe('invalidField|statisticUrl');
      expect(key({ specialBanner2: { file: '/b.jpg', link: 'javascript:x()' } })).toBe('invalidField|specialBanner2');
      expect(key({ title: '<script>' })).toBe('invalidField|title');
      expect(key({ description: 'x'.repeat(1001) })).toBe('invalidField|description');
      expect(key({ analyticsId: 'G-1"><script>' })).toBe('invalidField|analyticsId');
      expect(key({ siteVerification: 'a b' })).toBe('invalidField|siteVerification');
      expect(key({ analyticsScript: 'x'.repeat(65_537) })).toBe('invalidField|analyticsScript');
      expect(key({ defaultPhone: '90' })).toBe('invalidField|defaultPhone');
      expect(key({ defaultCountry: 'tr' })).toBe('invalidField|defaultCountry');
      expect(key({ redirectRegister: 'casino' as never })).toBe('invalidField|redirectRegister');
      expect(key({ payway: 'wire' as never })).toBe('invalidField|payway');
    });
  });

  it('edits a staff role’s permission set, bumping that role’s epoch only; admin’s set is not editable', () => {
    const changed = decide([opened], { type: 'ChangeRolePermissions', role: 'dealer', permissions: ['userOpen', 'couponSell', 'userOpen'], now: NOW });
    expect(changed).toEqual([{ type: 'RolePermissionsChanged', data: { siteId: 'kupon', role: 'dealer', permissions: ['couponSell', 'userOpen'], at: NOW } }]);
    const state = [opened, ...(changed as SiteEvent[])].reduce<SiteState>(siteDecider.evolve, siteDecider.initialState);
    expect([roleEpochOf(state, 'dealer'), roleEpochOf(state, 'subDealer')]).toEqual([1, 0]);
    expect(rolePermissionsOf(state, 'dealer')).toEqual(['couponSell', 'userOpen']);
    const refused = decide([opened], { type: 'ChangeRolePermissions', role: 'admin', permissions: [], now: NOW });
    expect(isDomainError(refused) && errorKey(refused)).toBe('invalidField|role');
  });
});
