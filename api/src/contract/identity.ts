import { COUPON_SETTING_BOUNDS, LANGUAGE_CODE, PAYOUT_TIER_FLOORS, PERMISSIONS, ROLES } from '@kupon/domain';
import { z } from 'zod';

/**
 * The identity context's wire shapes: the routes validate and document with these schemas, the
 * clients import their types (`import type { … } from '@kupon/api/contract'`).
 */

/** Every refusal: `key|param` (spec §8). */
export const ErrorBody = z.object({ error: z.string().describe('Translation key, then params, pipe-separated (spec §8)') });
export type ErrorBody = z.infer<typeof ErrorBody>;

const text = (max = 200) => z.string().max(max, `unexpectedLength`);

/** §3 registration payload (+ captcha and password repeat). Content rules are §5's, answered with their keys. */
export const RegisterBody = z.object({
  firstName: text().optional(),
  lastName: text().optional(),
  birthDate: text(20).optional().describe('Day.Month.Year'),
  idNumber: text(40).optional(),
  sex: text(1).optional().describe('m or f'),
  address: text(400).optional(),
  city: text().optional(),
  postCode: text(20).optional(),
  countryId: text(10).optional(),
  phoneCode: text(8).optional(),
  mobile: text(30).optional(),
  userName: text(40).optional(),
  password: text(100).optional(),
  passwordRepeat: text(100).optional(),
  email: text(254).optional(),
  currency: text(3).optional(),
  promotionCode: text(40).optional(),
  affiliateUser: text(40).optional(),
  lang: text(5).optional(),
  captchaId: text(40).optional(),
  captchaCode: text(20).optional(),
});
export type RegisterBody = z.infer<typeof RegisterBody>;

export const RegisterResponse = z.object({ userId: z.uuid(), status: z.enum(['pending', 'active']) });
export type RegisterResponse = z.infer<typeof RegisterResponse>;

export const CaptchaResponse = z.object({ captchaId: z.uuid(), svg: z.string().describe('image/svg+xml'), expiresAt: z.string() });
export type CaptchaResponse = z.infer<typeof CaptchaResponse>;

export const AvailabilityQuery = z.object({ value: text(254) });
export const AvailabilityResponse = z.object({ available: z.boolean() });

/** §5 login popup: username and password required, 4-20. */
const loginName = z.string().min(4, 'minLengthMaxLength|userName|4|20').max(20, 'minLengthMaxLength|userName|4|20');
const loginPassword = z.string().min(4, 'minLengthMaxLength|password|4|20').max(20, 'minLengthMaxLength|password|4|20');
export const LoginBody = z.object({ userName: loginName, password: loginPassword });
export type LoginBody = z.infer<typeof LoginBody>;

/** Terminal / hand login: the cashier point's user, its keypad password (§9: at most 6) and machine. */
export const TerminalLoginBody = z.object({
  userName: loginName,
  password: z.string().min(4, 'minLengthMaxLength|password|4|6').max(6, 'minLengthMaxLength|password|4|6'),
  machineId: text(64).optional(),
});
export type TerminalLoginBody = z.infer<typeof TerminalLoginBody>;

export const LoginWithUserBody = z.object({ userId: z.uuid('invalidField|userId') });

export const Role = z.enum(ROLES);
export const Permission = z.enum(PERMISSIONS);

const flag = z.union([z.literal(0), z.literal(1)]);
export const ProductFlags = z.object({ sportUser: flag, liveUser: flag, casinoUser: flag, slotUser: flag, virtualUser: flag, bingoUser: flag, tvgamesUser: flag });
export type ProductFlags = z.infer<typeof ProductFlags>;

const amount = z.number().int('invalidField').min(0, 'invalidField');
export const KindLimit = z.object({ minTip: amount, minStake: amount, maxStake: amount, maxPay: amount, status: flag });
export const BettingLimits = z.object({
  multiple: KindLimit,
  combine: KindLimit,
  system: KindLimit,
  minOddsCoupon: amount.describe('thousandths; 0 = none'),
  maxOddsCoupon: amount.describe('thousandths; 0 = none'),
});
export type BettingLimits = z.infer<typeof BettingLimits>;

/** §3 user info (what getUserData answers). Amounts in minor units. */
export const UserInfo = z.object({
  userId: z.uuid(),
  userName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: Role,
  siteId: z.string(),
  status: z.enum(['pending', 'active', 'passive']),
  onlineUser: flag,
  currency: z.string(),
  lang: z.string(),
  operatorId: z.string().nullable().describe('the dealer the user is under'),
  permissions: z.array(Permission),
  products: ProductFlags,
  limits: BettingLimits,
  autoprint: z.boolean().nullable().describe("§7 autoprint: the user's own choice to print each placed coupon; null = not chosen, the site's auto_print decides"),
});
export type UserInfo = z.infer<typeof UserInfo>;

export const LoginResponse = z.object({ status: z.literal(true), user: UserInfo });
export type LoginResponse = z.infer<typeof LoginResponse>;

export const ChangePasswordBody = z.object({ currentPassword: text(100), newPassword: text(100), newPasswordRepeat: text(100).optional() });
export const ForgotPasswordBody = z.object({ userName: text(40).optional(), email: text(254).optional() });
export const ResetPasswordBody = z.object({ passCode: text(200), password: text(100), repassword: text(100) });
export const ActivationBody = z.object({ activationCode: text(200) });

/** §7 updateProfile (sex, address, city, countryId, postCode, autoprint). */
export const ProfileBody = z.object({
  sex: z.enum(['m', 'f'], 'sexCanNotbeNull').optional(),
  address: text(400).optional(),
  city: text().optional(),
  countryId: text(10).optional(),
  postCode: text(20).optional(),
  autoprint: z.boolean().optional(),
});
export type ProfileBody = z.infer<typeof ProfileBody>;

/** What the player sees of its own account on the profile page (§7 userdetail): the §3 registration fields, the editable ones first. */
export const ProfileView = z.object({
  sex: z.string().describe("m, f, or '' when never given"),
  address: z.string(),
  city: z.string(),
  countryId: z.string().describe('ISO 3166 two letters'),
  postCode: z.string(),
  autoprint: z.boolean().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  birthDate: z.string().describe("ISO yyyy-mm-dd, '' when never given"),
  email: z.string().nullable(),
  mobile: z.string().nullable().describe('digits with the country code'),
  currency: z.string(),
});
export type ProfileView = z.infer<typeof ProfileView>;

/** §7 getCountries / getCurrencies: names in the asked language (else the site's). */
export const PlacesQuery = z.object({ lang: z.string().regex(LANGUAGE_CODE, 'invalidField|lang').optional().describe('two-letter language code, e.g. tr or en') });
export const CountryList = z.object({
  defaultCountry: z.string().describe("The site's defaultCountry, '' for none"),
  countries: z.array(z.object({ code: z.string().describe('ISO 3166-1 alpha-2'), name: z.string() })).describe('Every ISO 3166 country, sorted by name in the asked language'),
});
export type CountryList = z.infer<typeof CountryList>;
export const CurrencyList = z.object({
  defaultCurrency: z.string(),
  currencies: z.array(z.object({ code: z.string().describe('ISO 4217'), name: z.string() })).describe("The site's default first, then the others the product supports"),
});
export type CurrencyList = z.infer<typeof CurrencyList>;

export const OkResponse = z.object({ status: z.literal(true), message: z.string().optional() });

export const SessionView = z.object({ sessionRef: z.string(), method: z.string(), ip: z.string(), createdAt: z.string(), lastSeenAt: z.string() });

/** A past or live session from the sessions read model: how it began and why it ended. */
export const SessionHistoryEntry = z.object({
  sessionRef: z.string(),
  method: z.string(),
  ip: z.string(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  endReason: z.string().nullable().describe('logout, sessionsEnded, permissionsChanged, passwordChanged, passwordReset, userPassive'),
});
export type SessionHistoryEntry = z.infer<typeof SessionHistoryEntry>;

/** The admin view of a user (§3 "User (admin view)"). */
export const StaffUserView = UserInfo.extend({
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  idNumber: z.string().nullable(),
  birthDate: z.string(),
  sex: z.string(),
  countryId: z.string(),
  city: z.string(),
  address: z.string(),
  postCode: z.string(),
  parentId: z.string().nullable(),
  ancestors: z.array(z.string()),
  openingLimits: z.object({ dealers: z.number().int().nullable(), users: z.number().int().nullable() }),
  opened: z.object({ dealers: z.number().int(), users: z.number().int() }),
  lastLoginAt: z.string().nullable(),
  lastLoginIp: z.string().nullable(),
  /** While failed logins keep the account locked (docs/decisions/0004): how many, and until when; staff may clear it. */
  loginLock: z.object({ failures: z.number().int(), lockedUntil: z.string() }).nullable(),
});
export type StaffUserView = z.infer<typeof StaffUserView>;

/** A staff member opens an account under itself (or, as admin, under `parentId`). */
export const OpenAccountBody = RegisterBody.omit({ captchaId: true, captchaCode: true }).extend({
  role: Role,
  parentId: z.uuid('invalidField|parentId').optional(),
  openingLimits: z.object({ dealers: z.number().int().min(0).nullable(), users: z.number().int().min(0).nullable() }).optional(),
});
export type OpenAccountBody = z.infer<typeof OpenAccountBody>;

export const UserIdParams = z.object({ userId: z.uuid('noSuchUser') });
export const StatusBody = z.object({ status: z.enum(['active', 'passive'], 'invalidField|status') });
export const PermissionsBody = z.object({ permissions: z.array(Permission) });
export const OpeningLimitsBody = z.object({ dealers: z.number().int().min(0).nullable(), users: z.number().int().min(0).nullable() });

export const UserListQuery = z.object({
  role: Role.optional(),
  search: text(40).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export const UserListItem = z.object({
  userId: z.string(),
  userName: z.string(),
  role: z.string(),
  status: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  parentId: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  lastLoginIp: z.string().nullable(),
});
export const UserList = z.object({ users: z.array(UserListItem), total: z.number().int() });
export type UserListItem = z.infer<typeof UserListItem>;

export const IpLogEntry = z.object({ userId: z.string(), userName: z.string(), ip: z.string(), method: z.string(), success: z.boolean(), reason: z.string().nullable(), userAgent: z.string(), at: z.string() });
export const IpLogList = z.object({ entries: z.array(IpLogEntry) });
export type IpLogEntry = z.infer<typeof IpLogEntry>;

export const DealerTreeNode = z.object({ userId: z.string(), userName: z.string(), role: z.string(), parentId: z.string().nullable(), depth: z.number().int(), status: z.string() });
export const DealerTree = z.object({ nodes: z.array(DealerTreeNode) });
export type DealerTreeNode = z.infer<typeof DealerTreeNode>;

/** The dev mail outbox (back office "Mail outbox"): one recipient (exact address) and / or one kind, newest first, paged. */
export const OutboxQuery = z.object({
  to: text(254).optional(),
  kind: text(40).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export const OutboxMessage = z.object({ id: z.string(), to: z.string(), kind: z.string(), subject: z.string(), text: z.string(), createdAt: z.string() });
export type OutboxMessage = z.infer<typeof OutboxMessage>;
export const OutboxList = z.object({ messages: z.array(OutboxMessage), total: z.number().int() });
export type OutboxList = z.infer<typeof OutboxList>;

const SITE_REDIRECT_REGISTER = ['deposit', 'home'] as const;
const SITE_PAYWAYS = ['popup', 'page'] as const;
const SpecialBanner = z.object({ file: z.string(), link: z.string() }).describe("A special banner: image (file) address and the link it opens; '' file for none");
/** Game serviceIds separated by commas; the domain's rule, here so the back office names the field before sending. */
const idList = (field: string) => z.string().max(2000, `unexpectedLength|${field}`).regex(/^(\s*\d{1,12}\s*(,\s*\d{1,12}\s*)*)?$/, `invalidField|${field}`);
const imageList = z.array(text(500)).max(30, 'unexpectedLength');
/** A whole number within the domain's bounds for a coupon setting, refused under its field (`invalidField|couponCancel.periodMinutes`). */
const couponBound = (key: keyof typeof COUPON_SETTING_BOUNDS, field: string) =>
  z.number().int(`invalidField|${field}`).min(COUPON_SETTING_BOUNDS[key].min, `invalidField|${field}`).max(COUPON_SETTING_BOUNDS[key].max, `invalidField|${field}`);
const BonusCoupon = z
  .object({
    bonusPercent: couponBound('bonusPercent', 'bonusCoupon.bonusPercent').describe('Percent added per selection above bonusTipCount (0 = no bonus; the whole is capped at 25)'),
    bonusTipCount: couponBound('bonusTipCount', 'bonusCoupon.bonusTipCount').describe('Selections that earn nothing before the bonus starts'),
    bonusOdds: couponBound('bonusOdds', 'bonusCoupon.bonusOdds').describe('Every selection needs at least these odds (thousandths) for the coupon to earn a bonus'),
  })
  .describe('The combined-coupon bonus (spec §3 bonusCoupon, §5, §9): single and combined coupons only, a percent of the net winnings');
const CouponSell = z
  .object({ enabled: z.boolean(), marginBp: couponBound('marginBp', 'couponSell.marginBp').describe("The operator's cut of a sale's fair value, basis points (500 = 5 %)") })
  .describe('Selling (cash-out) of waiting single and combined coupons (spec §4 sellType)');
const CouponCancel = z
  .object({ enabled: z.boolean(), periodMinutes: couponBound('periodMinutes', 'couponCancel.periodMinutes').describe('Minutes after placement a pre-match coupon may still be cancelled') })
  .describe('Cancelling of waiting pre-match coupons (spec §4 cancel flag, §9 cancel duration)');
const SocialLinks = z.object({ twitter: z.string(), facebook: z.string(), instagram: z.string(), youtube: z.string(), googleplus: z.string() });
const SiteSettingsView = z.object({
  registerDisabled: z.boolean(),
  loginScreen: z.boolean(),
  mailActivation: z.boolean(),
  registerMobileRequired: z.boolean(),
  registerTcRequired: z.boolean(),
  defaultCurrency: z.string(),
  defaultLang: z.string(),
  defaultTheme: z.string(),
  affiliateStatus: z.boolean(),
  logo: z.string(),
  favicon: z.string(),
  customCss: z.string(),
  customJs: z.string(),
  social: SocialLinks,
  whatsappNumber: z.string().describe('Semicolon separated (spec §2)'),
  whatsappTitle: z.string(),
  telegramName: z.string(),
  footerText: z.string(),
  licenceLink: z.string(),
  licenceName: z.string(),
  couponAmountGroup: z.string().describe('Quick stakes, comma list in currency units (spec §3 coupon_amount_group)'),
  liveChatDesktop: z.string().describe("The operator's live chat page for desktop: an http(s) address or a path on the site, '' for none (spec §3 live chat)"),
  liveChatMobile: z.string().describe('The live chat page for phones'),
  moneyByLiveChat: z.boolean().describe('Deposit and withdraw open the live chat instead of the money popups (spec §2)'),
  tvLink: z.string().describe("The main menu's TV icon links here, '' for no icon (spec §3 tv_link)"),
  matchStakeLimit: amount.optional().describe('The most one player may stake in total on one match, each coupon counting its whole stake toward every match it holds (minor units; 0 = none; spec §8 betLimitForMatches). Staff only: players and guests are not shown the book\'s risk limits'),
  sameCouponLimit: amount.optional().describe('The most identical coupons (same picks, sizes and bankers) one player may hold (0 = none; spec §8 sameCouponError). Staff only'),
  title: z.string().describe("The player site's document title; '' = the site's name (spec §3 title)"),
  keywords: z.string().describe('The keywords meta tag'),
  description: z.string().describe('The description meta tag'),
  background: z.string().describe("The page background image: an http(s) address or a path on the site, '' for none"),
  paymentLogos: z.array(z.string()).readonly().describe('Image addresses shown in the footer (spec §3 payment logos)'),
  analyticsId: z.string().describe("Google tag id (G-…, UA-…, GTM-…) the player site loads, '' for none"),
  analyticsScript: z.string().describe("The operator's analytics script, injected like custom JS"),
  siteVerification: z.string().describe('Content of the google-site-verification meta tag'),
  topWinners: z.boolean().describe("The home page shows the week's biggest won coupons (spec §3 top_winners)"),
  redirectRegister: z.enum(SITE_REDIRECT_REGISTER).describe('Where a newly registered player goes (default deposit)'),
  defaultPhone: z.string().describe('Phone prefix registration starts with, e.g. +90'),
  defaultCountry: z.string().describe('Country (ISO 3166 two letters) registration starts with'),
  themeChange: z.boolean().describe('Players may switch between the light and dark look'),
  payway: z.enum(SITE_PAYWAYS).describe('Deposit and withdraw open in the money popup (popup) or on their own pages (page)'),
  rivHeaderSee: z.boolean().describe('Match lists show the home/away (rivals) column header above the odds'),
  currencyMode: z.number().int().describe('1 hides the currency sign in amounts'),
  browserLanguage: z.boolean().describe("A visitor without a chosen language gets the browser's"),
  statisticUrl: z.string().describe("Match statistics link, `{matchId}` replaced by the match id; '' for none"),
  liveShowTracker: z.boolean().describe('The live page shows the live match tracker'),
  autoPrint: z.boolean().describe('Shop and terminal coupons print as soon as they are placed'),
  maintenance: z.boolean().describe('The player site is closed for maintenance: it shows the maintenance page, and players and terminals (their logins and registration too) are refused with 503 maintenance; staff and dealers keep working (api/MAINTENANCE.md)'),
  toFixedNumber: z.number().int().describe('Decimals shown for odds and amounts (0–3)'),
  virtualGamesIds: z.string().describe('Comma list of casino game serviceIds: the virtual games page shows these first'),
  tvGamesIds: z.string().describe('Comma list of serviceIds: the TV games page shows these first'),
  topCasinoIds: z.string().describe('Comma list of serviceIds: the live casino "top" section'),
  newCasinoIds: z.string().describe('Comma list of serviceIds: the live casino "new" section'),
  topSlotIds: z.string().describe('Comma list of serviceIds: the slots "top" section'),
  newSlotIds: z.string().describe('Comma list of serviceIds: the slots "new" section'),
  tvLogos: z.array(z.string()).readonly().describe('Image addresses shown with the TV games'),
  specialBanner1: SpecialBanner,
  specialBanner2: SpecialBanner,
  bonusCoupon: BonusCoupon,
  couponSell: CouponSell.optional().describe('Staff only: the sell switch and margin (players see the sell offer on each coupon)'),
  couponCancel: CouponCancel,
  maxPayoutTiers: z
    .array(z.number().int('invalidField|maxPayoutTiers').min(0, 'invalidField|maxPayoutTiers'), 'invalidField|maxPayoutTiers')
    .length(PAYOUT_TIER_FLOORS.length, 'invalidField|maxPayoutTiers')
    .readonly()
    .describe('§9 max payout tiers: the most one coupon may pay (minor units, 0 = no cap) for a total stake of 1-100, 100-250, 250-500, 500-1000, 1000-5000 and above 5000 (a band holds its floor, not its top). A cap is 0 or at least its band\'s top stake, and never falls as the stake grows (the domain refuses otherwise, naming maxPayoutTiers.<band>)'),
  /** Always sent; optional only so clients' settings built before it still type. */
  blockedCountries: z.array(z.string()).readonly().optional().describe('§8 countryNotAllowed: ISO 3166-1 alpha-2 codes whose visitors may not log in, register or deposit (api/GEO.md)'),
});

/** §7 Settings: the site's settings with the version and operator the clients cache them by. */
export const SiteInfo = z.object({
  siteId: z.string(),
  name: z.string(),
  hosts: z.array(z.string()),
  /** Bumped by every settings change. */
  version: z.number().int(),
  /** The operator (brand) the settings belong to. */
  operatorId: z.string(),
  settings: SiteSettingsView,
});
export type SiteInfo = z.infer<typeof SiteInfo>;
/** §3 top_winners: the site's biggest won coupons of the last 7 days, player names masked (`ke***1`). */
export const TopWinner = z.object({ userName: z.string().describe('Masked: first two characters, ***, the last one'), payout: amount, stake: amount, couponType: z.string(), wonAt: z.string() });
export const TopWinners = z.object({ enabled: z.boolean().describe('Whether the site shows the strip (top_winners)'), currency: z.string(), winners: z.array(TopWinner) });
export type TopWinners = z.infer<typeof TopWinners>;
/** The answer when the caller already holds `version`: keep the cached copy. */
export const SiteUnchanged = z.object({ siteId: z.string(), version: z.number().int(), operatorId: z.string(), unchanged: z.literal(true) });
export type SiteUnchanged = z.infer<typeof SiteUnchanged>;
export const SiteQuery = z.object({
  domain: z.string().max(253).optional().describe('The host the client runs on (the site is found from the request)'),
  version: z.coerce.number().int().min(0).optional().describe('The settings version the client holds'),
});
const code = z.string().max(65_536, 'unexpectedLength');
export const SiteSettingsBody = SiteSettingsView.omit({
  logo: true,
  favicon: true,
  customCss: true,
  customJs: true,
  social: true,
  whatsappNumber: true,
  whatsappTitle: true,
  telegramName: true,
  footerText: true,
  licenceLink: true,
  licenceName: true,
  couponAmountGroup: true,
  liveChatDesktop: true,
  liveChatMobile: true,
  tvLink: true,
  title: true,
  keywords: true,
  description: true,
  background: true,
  paymentLogos: true,
  analyticsId: true,
  analyticsScript: true,
  siteVerification: true,
  defaultPhone: true,
  defaultCountry: true,
  blockedCountries: true,
  currencyMode: true,
  statisticUrl: true,
  toFixedNumber: true,
  virtualGamesIds: true,
  tvGamesIds: true,
  topCasinoIds: true,
  newCasinoIds: true,
  topSlotIds: true,
  newSlotIds: true,
  tvLogos: true,
  specialBanner1: true,
  specialBanner2: true,
})
  .extend({
    logo: text(500),
    favicon: text(500),
    customCss: code,
    customJs: code,
    social: z.object({ twitter: text(500), facebook: text(500), instagram: text(500), youtube: text(500), googleplus: text(500) }).partial(),
    whatsappNumber: text(300),
    whatsappTitle: text(100),
    telegramName: text(40),
    footerText: text(2000),
    licenceLink: text(500),
    licenceName: text(200),
    couponAmountGroup: text(200),
    liveChatDesktop: text(500),
    liveChatMobile: text(500),
    tvLink: text(500),
    title: text(200),
    keywords: text(500),
    description: text(1000),
    background: text(500),
    paymentLogos: imageList,
    analyticsId: text(40),
    analyticsScript: code,
    siteVerification: text(200),
    defaultPhone: z.string().regex(/^(\+[0-9]{1,4})?$/, 'invalidField|defaultPhone'),
    defaultCountry: z.string().regex(/^([A-Z]{2})?$/, 'invalidField|defaultCountry'),
    blockedCountries: z
      .array(z.string().regex(/^[A-Z]{2}$/, 'invalidField|blockedCountries'), 'invalidField|blockedCountries')
      .max(249, 'invalidField|blockedCountries')
      .refine((codes) => new Set(codes).size === codes.length, 'invalidField|blockedCountries')
      .readonly(),
    currencyMode: z.number().int('invalidField|currencyMode').min(0, 'invalidField|currencyMode').max(1, 'invalidField|currencyMode'),
    statisticUrl: text(500),
    toFixedNumber: z.number().int('invalidField|toFixedNumber').min(0, 'invalidField|toFixedNumber').max(3, 'invalidField|toFixedNumber'),
    virtualGamesIds: idList('virtualGamesIds'),
    tvGamesIds: idList('tvGamesIds'),
    topCasinoIds: idList('topCasinoIds'),
    newCasinoIds: idList('newCasinoIds'),
    topSlotIds: idList('topSlotIds'),
    newSlotIds: idList('newSlotIds'),
    tvLogos: imageList,
    specialBanner1: z.object({ file: text(500), link: text(500) }),
    specialBanner2: z.object({ file: text(500), link: text(500) }),
  })
  .partial();

/** §6 editable role permission sets of a site (accounts of a role work within its set). */
export const RolePermissions = z.object({ roles: z.record(z.string(), z.array(Permission)) });
export type RolePermissions = z.infer<typeof RolePermissions>;
export const RoleParams = z.object({ role: Role });

/**
 * loginwithuser handoff: the back office asks for a single-use ticket (same body as
 * `POST /sessions/as-user`); `url` is the player site's path that redeems it, relative to that site's
 * origin (the api does not know it; the back office prefixes its `VITE_PLAYER_SITE_URL`).
 */
export const LoginTicketResponse = z.object({ ticket: z.string(), url: z.string(), expiresAt: z.string() });
export type LoginTicketResponse = z.infer<typeof LoginTicketResponse>;
export const RedeemLoginTicketBody = z.object({ ticket: z.string().min(1, 'isRequiredArea|ticket').max(100, 'loginTicketInvalid') });
export type RedeemLoginTicketBody = z.infer<typeof RedeemLoginTicketBody>;
