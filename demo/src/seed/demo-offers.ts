import type { Banner, BonusOffer } from '@kupon/domain';

/**
 * The demo brands' home banners and bonus offer (`npm start`): what an operator puts on a new site's
 * home and promotions pages, so a first look at the demo shows them working. The banners are images
 * of the player site (`web/public/brands/<site>-banner-<kind>-<lang>.svg`), one per language, each
 * leading to its page in that language; the welcome bonus is requested from Promotions and confirmed
 * in the back office.
 */

const BANNER_KINDS = [
  { kind: 'welcome', titles: { tr: 'Hoş geldin bonusu', en: 'Welcome bonus' }, path: 'promotions' },
  { kind: 'live', titles: { tr: 'Canlı bahis', en: 'Live betting' }, path: 'livebets' },
] as const;

export function demoBanners(siteId: string): readonly Banner[] {
  return BANNER_KINDS.flatMap(({ kind, titles, path }, index) =>
    (['tr', 'en'] as const).map((lang) => ({
      id: `demo-${kind}-${lang}`,
      title: titles[lang],
      image: `/brands/${siteId}-banner-${kind}-${lang}.svg`,
      url: `/${lang}/${path}`,
      tag: '',
      area: 'home',
      order: index + 1,
      active: true,
      languages: [lang],
      from: null,
      until: null,
    })),
  );
}

/** 100% of the last deposit, at most 500.00 of the player's currency, five times its amount to turn over, once per player. */
export function demoBonusOffers(): readonly BonusOffer[] {
  return [
    {
      id: 'demo-welcome',
      titles: { tr: 'Hoş geldin bonusu', en: 'Welcome bonus' },
      descriptions: {
        tr: 'İlk yatırımınıza %100 bonus, en fazla 500. Bonusun 5 katı çevrim gerekir; her oyuncu bir kez alabilir.',
        en: 'A 100% bonus on your first deposit, up to 500. The bonus is turned over 5 times; once per player.',
      },
      category: 'deposit',
      percent: 100,
      amount: 0,
      maxAmount: 50_000,
      multiplier: 5,
      oneUse: true,
      active: true,
      from: null,
      until: null,
    },
  ];
}
