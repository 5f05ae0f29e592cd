import type { BonusRule } from '../coupon/rules/types';
import type { Permission, Role } from '../identity/roles';

/** Spec §2 header social links; an empty address shows no link. */
export const SOCIAL_NETWORKS = ['twitter', 'facebook', 'instagram', 'youtube', 'googleplus'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** Spec §3 site settings: what the core acts on and what the player site shows (header, theme). */
export interface SiteSettings {
  /** §3 register_disabled: registration routes are refused. */
  readonly registerDisabled: boolean;
  /** §3 login_screen: the clients force the login screen for guests. */
  readonly loginScreen: boolean;
  /** §3 mail_activation: a new account must be activated by the e-mailed code before it can log in. */
  readonly mailActivation: boolean;
  /** §3 registerMobileRequired / registerTcRequired: phone / national ID number mandatory at registration. */
  readonly registerMobileRequired: boolean;
  readonly registerTcRequired: boolean;
  readonly defaultCurrency: string;
  /** §3 site_default_lang; tr unless set. */
  readonly defaultLang: string;
  readonly defaultTheme: string;
  readonly affiliateStatus: boolean;
  /** §3 logo and favicon: an https address or a path on the site. */
  readonly logo: string;
  readonly favicon: string;
  /** §3 css and custom JS: the operator's own stylesheet and script, injected into the player site. */
  readonly customCss: string;
  readonly customJs: string;
  /** §2 header social links (twitter, facebook, instagram, youtube, googleplus). */
  readonly social: Readonly<Record<SocialNetwork, string>>;
  /** §2 "whatsapp numbers (semicolon separated, with title)". */
  readonly whatsappNumber: string;
  readonly whatsappTitle: string;
  /** §2 telegram name (a user name, without the @). */
  readonly telegramName: string;
  /** §3 footer text, licence link and name. */
  readonly footerText: string;
  readonly licenceLink: string;
  readonly licenceName: string;
  /** §3 coupon_amount_group: the betslip's quick stakes, a comma list in currency units. */
  readonly couponAmountGroup: string;
  /** §3 live chat (desktop, mobile): the operator's live chat page, an https address or a path on the site; '' for none. */
  readonly liveChatDesktop: string;
  readonly liveChatMobile: string;
  /** §2 "on one branded host deposit/withdraw open live chat": this brand's money buttons open the live chat instead of the money popups. */
  readonly moneyByLiveChat: boolean;
  /** §3 tv_link: the main menu's TV icon links here; '' shows no icon. */
  readonly tvLink: string;
  /**
   * §8 "bet limit for matches has expired": the most one account may stake in total on one match, over
   * all its coupons holding it, each counting its whole total stake (minor units; 0: none).
   */
  readonly matchStakeLimit: number;
  /** §8 sameCouponError / §9 "same-coupon count": the most identical coupons one account may hold (0: none). */
  readonly sameCouponLimit: number;
  /** §3 title, keywords, description: the player site's document title ('' = the site's name) and meta tags. */
  readonly title: string;
  readonly keywords: string;
  readonly description: string;
  /** §3 background: the page background image (an address, '' for none). */
  readonly background: string;
  /** §3 payment logos: image addresses shown in the footer, in order. */
  readonly paymentLogos: readonly string[];
  /** §3 analytics id (a Google tag id such as G-ABC123, '' for none) and the operator's analytics script, injected like custom JS. */
  readonly analyticsId: string;
  readonly analyticsScript: string;
  /** §3 site verification: the content of the search console's `google-site-verification` meta tag. */
  readonly siteVerification: string;
  /** §3 top_winners: the home page shows the strip of the week's biggest won coupons. */
  readonly topWinners: boolean;
  /** §3 redirectRegister: where a newly registered player who may log in at once goes (deposit page or home). */
  readonly redirectRegister: RedirectRegister;
  /** §3 defaultPhone / defaultCountry: the phone prefix (+90) and the country (ISO code, TR) registration starts with. */
  readonly defaultPhone: string;
  readonly defaultCountry: string;
  /** §3 themeChange: players may switch between the light and dark look of the theme. */
  readonly themeChange: boolean;
  /** §3 payway: how deposit and withdraw open for players, in the money popup or on their own pages. */
  readonly payway: Payway;
  /** §3 rivHeaderSee: the match lists show the home/away (rivals) column header above the odds. */
  readonly rivHeaderSee: boolean;
  /** §3 currencyMode: 1 hides the currency sign in amounts, 0 shows it. */
  readonly currencyMode: number;
  /** §3 browser_language: a visitor without a chosen language gets the browser's (when the site offers it). */
  readonly browserLanguage: boolean;
  /** §3 statistic_url: match statistics link pattern, `{matchId}` replaced by the match id ('' for none). */
  readonly statisticUrl: string;
  /** §3 live_show_tracker: the live page shows the live match tracker. */
  readonly liveShowTracker: boolean;
  /** §3 auto_print: shop and terminal coupons print as soon as they are placed. */
  readonly autoPrint: boolean;
  /**
   * The §2 maintenance page: the player site is closed. The player site shows the maintenance page;
   * the api refuses players and terminals (and their logins, registration) with 503 `maintenance`;
   * staff and dealers keep working (api/MAINTENANCE.md).
   */
  readonly maintenance: boolean;
  /** §3 tofixedNumber: decimals shown for odds and amounts (0–3). */
  readonly toFixedNumber: number;
  /** §3 comma id lists of casino game serviceIds: virtual games, TV games, top/new casino, top/new slots. */
  readonly virtualGamesIds: string;
  readonly tvGamesIds: string;
  readonly topCasinoIds: string;
  readonly newCasinoIds: string;
  readonly topSlotIds: string;
  readonly newSlotIds: string;
  /** §3 tv_logos: image addresses shown with the TV games. */
  readonly tvLogos: readonly string[];
  /** §3 two special banners: an image (file) address and the link it opens; '' file for none. */
  readonly specialBanner1: SpecialBanner;
  readonly specialBanner2: SpecialBanner;
  /**
   * §3 bonusCoupon, §5, §9: the combined-coupon bonus (bonusPercent per selection above bonusTipCount,
   * every selection at odds of at least bonusOdds, capped at 25 %); bonusPercent 0 runs none.
   */
  readonly bonusCoupon: BonusRule;
  /** §4 sellType: players may sell (cash out) a waiting one-ticket coupon; marginBp is the operator's cut of its fair value. */
  readonly couponSell: CouponSellSetting;
  /** §4 cancel flag and §9 cancel duration: a waiting pre-match coupon may be cancelled this long after placement. */
  readonly couponCancel: CouponCancelSetting;
  /**
   * §9 max payout tiers: the most one coupon may pay, one amount (minor units, 0 = no cap) for each
   * band of total stake in `PAYOUT_TIER_FLOORS` (1-100, 100-250, 250-500, 500-1000, 1000-5000, above
   * 5000). Public: the betslip shows the capped payout before the coupon is placed.
   */
  readonly maxPayoutTiers: readonly number[];
  /**
   * §8 countryNotAllowed: ISO 3166-1 alpha-2 codes (upper case) whose visitors may not log in, register
   * or deposit (api/GEO.md). Empty: none blocked.
   */
  readonly blockedCountries: readonly string[];
}

export interface CouponSellSetting {
  readonly enabled: boolean;
  readonly marginBp: number;
}
export interface CouponCancelSetting {
  readonly enabled: boolean;
  readonly periodMinutes: number;
}

export const REDIRECT_REGISTER = ['deposit', 'home'] as const;
export type RedirectRegister = (typeof REDIRECT_REGISTER)[number];
export const PAYWAYS = ['popup', 'page'] as const;
export type Payway = (typeof PAYWAYS)[number];
export interface SpecialBanner {
  readonly file: string;
  readonly link: string;
}
/** The comma id lists (§3 virtualgames_ids … newslot_ids). */
export const GAME_ID_LISTS = ['virtualGamesIds', 'tvGamesIds', 'topCasinoIds', 'newCasinoIds', 'topSlotIds', 'newSlotIds'] as const;
/** The most image addresses one list setting (payment logos, TV logos) holds. */
export const MAX_LOGOS = 30;

/** §3 custom CSS / JS are stored in the site's stream: bounded so one setting cannot bloat every fold. */
export const MAX_CUSTOM_CODE_LENGTH = 65_536;

export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  registerDisabled: false,
  loginScreen: false,
  mailActivation: true,
  registerMobileRequired: true,
  registerTcRequired: true,
  defaultCurrency: 'TRY',
  defaultLang: 'tr',
  defaultTheme: 'base',
  affiliateStatus: false,
  logo: '',
  favicon: '',
  customCss: '',
  customJs: '',
  social: { twitter: '', facebook: '', instagram: '', youtube: '', googleplus: '' },
  whatsappNumber: '',
  whatsappTitle: '',
  telegramName: '',
  footerText: '',
  licenceLink: '',
  licenceName: '',
  couponAmountGroup: '5,10,20,50',
  liveChatDesktop: '',
  liveChatMobile: '',
  moneyByLiveChat: false,
  tvLink: '',
  matchStakeLimit: 0,
  sameCouponLimit: 0,
  title: '',
  keywords: '',
  description: '',
  background: '',
  paymentLogos: [],
  analyticsId: '',
  analyticsScript: '',
  siteVerification: '',
  topWinners: false,
  redirectRegister: 'deposit',
  defaultPhone: '+90',
  defaultCountry: 'TR',
  themeChange: false,
  payway: 'popup',
  rivHeaderSee: true,
  currencyMode: 0,
  browserLanguage: true,
  statisticUrl: '',
  liveShowTracker: true,
  autoPrint: false,
  maintenance: false,
  toFixedNumber: 2,
  virtualGamesIds: '',
  tvGamesIds: '',
  topCasinoIds: '',
  newCasinoIds: '',
  topSlotIds: '',
  newSlotIds: '',
  tvLogos: [],
  specialBanner1: { file: '', link: '' },
  specialBanner2: { file: '', link: '' },
  // Off until the operator sets a percent: the starting values are what the back office form offers.
  bonusCoupon: { bonusPercent: 0, bonusTipCount: 3, bonusOdds: 1300 },
  couponSell: { enabled: true, marginBp: 500 },
  couponCancel: { enabled: true, periodMinutes: 5 },
  maxPayoutTiers: [0, 0, 0, 0, 0, 0],
  blockedCountries: [],
};
/** At most this many blocked countries (there are 249 ISO codes). */
export const MAX_BLOCKED_COUNTRIES = 249;

/** What a settings change carries: any subset, social links one by one. */
export type SiteSettingsPatch = Partial<Omit<SiteSettings, 'social'>> & { readonly social?: Partial<Record<SocialNetwork, string>> };

export interface SiteOpened {
  readonly type: 'SiteOpened';
  readonly data: { readonly siteId: string; readonly name: string; readonly hosts: readonly string[]; readonly settings: SiteSettings; readonly at: string };
}

export interface SiteSettingsChanged {
  readonly type: 'SiteSettingsChanged';
  /** `social`, when present, is the whole merged set (readers merge settings one level deep). */
  readonly data: { readonly siteId: string; readonly settings: Partial<SiteSettings>; readonly at: string };
}

export interface SiteHostsChanged {
  readonly type: 'SiteHostsChanged';
  readonly data: { readonly siteId: string; readonly hosts: readonly string[]; readonly at: string };
}

/** §6 "dealer roles have editable permissions": the set every account of `role` on this site works within. */
export interface RolePermissionsChanged {
  readonly type: 'RolePermissionsChanged';
  readonly data: { readonly siteId: string; readonly role: Role; readonly permissions: readonly Permission[]; readonly at: string };
}

export type SiteEvent = SiteOpened | SiteSettingsChanged | SiteHostsChanged | RolePermissionsChanged;
