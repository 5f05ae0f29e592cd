import type { BonusRule } from '@kupon/domain';

/**
 * Site settings (spec §3), the part the player app reads. Field names follow the spec so the api's
 * contract maps one to one; every field is optional on the wire and `withDefaults` fills the
 * product defaults (spec §1, §9).
 */
export interface SiteSettings {
  readonly siteId: string;
  /** The settings version the server counts; 0 for the built-in defaults. */
  readonly version: number;
  readonly operatorId: string;
  readonly title: string;
  readonly logo: string;
  readonly favicon: string;
  readonly css: string;
  readonly customJs: string;
  readonly footerText: string;
  readonly licenceLink: string;
  readonly licenceName: string;
  readonly social: Readonly<Partial<Record<'twitter' | 'facebook' | 'instagram' | 'youtube' | 'googleplus', string>>>;
  /** Semicolon-separated numbers (§2). */
  readonly whatsappNumber: string;
  readonly whatsappTitle: string;
  readonly telegramName: string;
  readonly register_disabled: number;
  /** §3 registerMobileRequired / registerTcRequired: 1 makes the phone / the ID number mandatory at registration. */
  readonly registerMobileRequired: number;
  readonly registerTcRequired: number;
  readonly login_screen: number;
  readonly site_default_lang: string;
  readonly site_default_theme: string;
  readonly affiliateStatus: number;
  readonly currencyMode: number;
  readonly browser_language: number;
  readonly defaultCurrency: string;
  /** Comma list of quick stake amounts in currency units (§3, default 5,10,20,50). */
  readonly coupon_amount_group: string;
  readonly tofixedNumber: number;
  readonly matches_day: number;
  /** Two-letter codes the site offers; the switcher shows only when more than one (§2). */
  readonly languages: readonly string[];
  readonly bonusCount: number;
  readonly tv_link: string;
  /** §3 live chat (desktop, mobile): the operator's chat page; '' for none. */
  readonly liveChatDesktop: string;
  readonly liveChatMobile: string;
  /** 1: deposit and withdraw open the live chat instead of the money popups (§2, one branded host). */
  readonly moneyByLiveChat: number;
  readonly paymentLogos: readonly string[];
  /** §3 keywords, description, site verification: meta tags of the document. */
  readonly keywords: string;
  readonly description: string;
  readonly siteVerification: string;
  /** §3 background: the page background image; '' for none. */
  readonly background: string;
  /** §3 analytics id (a Google tag id) and script, injected like the custom JS. */
  readonly analyticsId: string;
  readonly analyticsScript: string;
  /** §3 top_winners: 1 shows the week's top winners on the home page. */
  readonly top_winners: number;
  /** §3 redirectRegister: where a new player who may log in at once goes ('deposit' or 'home'). */
  readonly redirectRegister: string;
  /** §3 defaultPhone / defaultCountry: registration starts with them. */
  readonly defaultPhone: string;
  readonly defaultCountry: string;
  /** §3 themeChange: 1 lets players switch the light/dark look. */
  readonly themeChange: number;
  /** §3 payway: deposit/withdraw in the money popup ('popup') or on their own pages ('page'). */
  readonly payway: string;
  /** §3 rivHeaderSee: 1 shows the home/away column header above the odds in match lists. */
  readonly rivHeaderSee: number;
  /** §3 statistic_url: the match statistics link, `{matchId}` replaced; '' for none. */
  readonly statistic_url: string;
  readonly live_show_tracker: number;
  readonly auto_print: number;
  /** §3 comma id lists of casino game serviceIds. */
  readonly virtualgames_ids: string;
  readonly tvgames_ids: string;
  readonly topcasino_ids: string;
  readonly newcasino_ids: string;
  readonly topslot_ids: string;
  readonly newslot_ids: string;
  readonly tv_logos: readonly string[];
  /** §3 the two special banners that have an image, in order. */
  readonly specialBanners: readonly { readonly file: string; readonly link: string }[];
  /** §3 bonusCoupon: the combined-coupon bonus the betslip prices with (the server pays the same); null: none. */
  readonly bonusCoupon: BonusRule | null;
  /** §9 max payout tiers: the most a coupon pays by its total stake's band (minor units, 0 = none); the betslip caps with them as the server does. */
  readonly maxPayoutTiers: readonly number[];
  /** The site is in maintenance: every route shows the maintenance page (§2). */
  readonly maintenance: boolean;
}

export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  siteId: '',
  version: 0,
  operatorId: '',
  title: 'Kupon',
  logo: '',
  favicon: '',
  css: '',
  customJs: '',
  footerText: '',
  licenceLink: '',
  licenceName: '',
  social: {},
  whatsappNumber: '',
  whatsappTitle: '',
  telegramName: '',
  register_disabled: 0,
  registerMobileRequired: 1,
  registerTcRequired: 1,
  login_screen: 0,
  site_default_lang: 'tr',
  site_default_theme: 'base',
  affiliateStatus: 0,
  currencyMode: 0,
  browser_language: 1,
  defaultCurrency: 'TRY',
  coupon_amount_group: '5,10,20,50',
  tofixedNumber: 2,
  matches_day: 30,
  languages: ['tr', 'en'],
  bonusCount: 0,
  tv_link: '',
  liveChatDesktop: '',
  liveChatMobile: '',
  moneyByLiveChat: 0,
  paymentLogos: [],
  keywords: '',
  description: '',
  siteVerification: '',
  background: '',
  analyticsId: '',
  analyticsScript: '',
  top_winners: 0,
  redirectRegister: 'deposit',
  defaultPhone: '+90',
  defaultCountry: 'TR',
  themeChange: 0,
  payway: 'popup',
  rivHeaderSee: 1,
  statistic_url: '',
  live_show_tracker: 1,
  auto_print: 0,
  virtualgames_ids: '',
  tvgames_ids: '',
  topcasino_ids: '',
  newcasino_ids: '',
  topslot_ids: '',
  newslot_ids: '',
  tv_logos: [],
  specialBanners: [],
  bonusCoupon: null,
  maxPayoutTiers: [],
  maintenance: false,
};

export function withDefaults(partial: Partial<SiteSettings> | null | undefined): SiteSettings {
  const merged = { ...DEFAULT_SITE_SETTINGS };
  for (const [key, value] of Object.entries(partial ?? {})) {
    if (value !== undefined && value !== null) (merged as Record<string, unknown>)[key] = value;
  }
  return merged;
}

/** Spec §9 coupon_amount_group: quick stakes, currency units → minor units; junk entries dropped. */
export function quickStakes(settings: Pick<SiteSettings, 'coupon_amount_group'>): number[] {
  const amounts = settings.coupon_amount_group
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((n) => Number.isFinite(n) && n > 0)
    .map((n) => Math.round(n * 100));
  return amounts.length ? amounts : [500, 1000, 2000, 5000];
}

/** Spec §2 "whatsapp numbers (semicolon separated, with title)". */
export function whatsappNumbers(settings: Pick<SiteSettings, 'whatsappNumber'>): string[] {
  return settings.whatsappNumber
    .split(';')
    .map((n) => n.trim())
    .filter(Boolean);
}

/** §3 comma id lists: the serviceIds in the order the operator typed them, junk dropped. */
export function gameIds(list: string): number[] {
  return list
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^\d+$/.test(part))
    .map(Number);
}

/** §3 statistic_url: the statistics link of one match, or null when the site has none. */
export function statisticLink(settings: Pick<SiteSettings, 'statistic_url'>, matchId: string | number): string | null {
  if (!settings.statistic_url) return null;
  return settings.statistic_url.includes('{matchId}') ? settings.statistic_url.replaceAll('{matchId}', encodeURIComponent(String(matchId))) : `${settings.statistic_url}${encodeURIComponent(String(matchId))}`;
}

/** §3 redirectRegister: the path a newly registered player is sent to. */
export function registerDestination(settings: Pick<SiteSettings, 'redirectRegister'>, lang: string): string {
  return settings.redirectRegister === 'home' ? `/${lang}` : `/${lang}/deposit`;
}
