import type { Minor } from '../shared/money';

/**
 * A site's content (spec §1 back office "banners, pages, popups, languages, email templates",
 * §3 admin entities, §7 getSliders / getPage / getPopups / getLanguages / getNotification /
 * getBonus): staff-authored, one stream per site, `content-<siteId>`. Player requests for a bonus
 * live on a claim stream per player and bonus (`bonusclaim-<claimId>`), what a player has read on
 * an inbox stream per player (`inbox-<userId>`).
 */

/** Text per language code (`tr`, `en`); a reader falls back to the site's default language. */
export type LocalizedText = Readonly<Record<string, string>>;

/** ISO instant or null (no bound). An item is shown while `from <= now < until`. */
export interface DateWindow {
  readonly from: string | null;
  readonly until: string | null;
}

/** §3 Banner: title, image, url, tag, list order, display area. */
export interface Banner extends DateWindow {
  readonly id: string;
  readonly title: string;
  readonly image: string;
  /** Where a click goes: an address or a path on the site; '' for none. */
  readonly url: string;
  readonly tag: string;
  /** The display area (slider of the home page, the sports page…), a short slug. */
  readonly area: string;
  /** Lower first. */
  readonly order: number;
  readonly active: boolean;
  /** Language codes it shows in; empty for every language. */
  readonly languages: readonly string[];
}

/** A static page (§2 `/page/{id}`: 7 about, 8 privacy, 9 terms…): a title and a body per language. */
export interface StaticPage {
  /** A number as the footer links name it, or a slug. */
  readonly id: string;
  readonly titles: LocalizedText;
  readonly bodies: LocalizedText;
  readonly published: boolean;
}

/** §3 Popup alert: title, content, type (2 or 0 shown), type2 (0 = Home only), autoClose. */
export interface Popup extends DateWindow {
  readonly id: string;
  readonly titles: LocalizedText;
  readonly contents: LocalizedText;
  /** 0 and 2 are shown to players; 1 is kept but not shown. */
  readonly type: 0 | 1 | 2;
  /** 0: on the home page only; 1: on every page. */
  readonly type2: 0 | 1;
  /** Seconds until it closes by itself; 0 stays until closed. */
  readonly autoClose: number;
  readonly active: boolean;
}

/** §3 Language: id, code, icon, directory, text, status. The code is its id. */
export interface Language {
  readonly id: string;
  readonly text: string;
  readonly icon: string;
  readonly directory: 'ltr' | 'rtl';
  readonly status: boolean;
  readonly order: number;
}

/** The mails the product sends, and the placeholders each one fills. */
export const MAIL_TEMPLATE_PLACEHOLDERS = {
  activation: ['siteName', 'userName', 'code', 'link'],
  passwordReset: ['siteName', 'userName', 'code', 'link'],
  /** A staff reply to a contact form message (domain/src/contact), to the address the sender gave. */
  contactReply: ['siteName', 'name', 'subject', 'message', 'reply'],
} as const;
export type MailTemplateKey = keyof typeof MAIL_TEMPLATE_PLACEHOLDERS;
export const MAIL_TEMPLATE_KEYS = Object.keys(MAIL_TEMPLATE_PLACEHOLDERS) as MailTemplateKey[];

/** An e-mail template: subject and body per language with `{{placeholder}}`s. Its id is the mail's key. */
export interface MailTemplate {
  readonly id: MailTemplateKey;
  readonly subjects: LocalizedText;
  readonly bodies: LocalizedText;
}

export const BONUS_CATEGORIES = ['sport', 'live', 'casino', 'deposit', 'other'] as const;
export type BonusCategory = (typeof BONUS_CATEGORIES)[number];

/**
 * §3 Bonus (admin): category, percent, multiplier, one-use. What a confirmed request credits: the
 * fixed amount plus `percent` of the player's last deposit, capped at `maxAmount`; staff may name
 * the amount when they confirm instead.
 */
export interface BonusOffer extends DateWindow {
  readonly id: string;
  readonly titles: LocalizedText;
  readonly descriptions: LocalizedText;
  readonly category: BonusCategory;
  /** Percent of the last deposit, whole percents. */
  readonly percent: number;
  readonly amount: Minor;
  readonly maxAmount: Minor | null;
  /** Turnover the bonus asks for, as a multiple of itself (shown to players; settled by staff). */
  readonly multiplier: number;
  /** Once confirmed, never again for that player. */
  readonly oneUse: boolean;
  readonly active: boolean;
}

interface ItemData<Item> {
  readonly siteId: string;
  readonly item: Item;
  readonly byUserId: string;
  readonly at: string;
}

interface RemovedData {
  readonly siteId: string;
  readonly id: string;
  readonly byUserId: string;
  readonly at: string;
}

/** `<Kind>Added`, `<Kind>Changed` (the whole item as it now stands), `<Kind>Removed`. */
type ItemEvents<Kind extends string, Item> =
  | { readonly type: `${Kind}Added`; readonly data: ItemData<Item> }
  | { readonly type: `${Kind}Changed`; readonly data: ItemData<Item> }
  | { readonly type: `${Kind}Removed`; readonly data: RemovedData };

export type BannerEvent = ItemEvents<'Banner', Banner>;
export type PageEvent = ItemEvents<'Page', StaticPage>;
export type PopupEvent = ItemEvents<'Popup', Popup>;
export type LanguageEvent = ItemEvents<'Language', Language>;
export type MailTemplateEvent = ItemEvents<'MailTemplate', MailTemplate>;
export type BonusOfferEvent = ItemEvents<'BonusOffer', BonusOffer>;

/** To every player of the site (`userId` null) or to one. */
export interface NotificationSent {
  readonly type: 'NotificationSent';
  readonly data: { readonly siteId: string; readonly notificationId: string; readonly userId: string | null; readonly title: string; readonly body: string; readonly byUserId: string; readonly at: string };
}

export interface NotificationWithdrawn {
  readonly type: 'NotificationWithdrawn';
  readonly data: { readonly siteId: string; readonly notificationId: string; readonly byUserId: string; readonly at: string };
}

export type ContentEvent = BannerEvent | PageEvent | PopupEvent | LanguageEvent | MailTemplateEvent | BonusOfferEvent | NotificationSent | NotificationWithdrawn;

export const CONTENT_EVENT_TYPES = [
  ...(['Banner', 'Page', 'Popup', 'Language', 'MailTemplate', 'BonusOffer'] as const).flatMap((kind) => [`${kind}Added`, `${kind}Changed`, `${kind}Removed`]),
  'NotificationSent',
  'NotificationWithdrawn',
] as readonly ContentEvent['type'][];

/** §3 Bonus status: 0 wait, 1 confirmed, 2 canceled. */
export type BonusRequestStatus = 'waiting' | 'confirmed' | 'canceled';

interface ClaimData {
  readonly claimId: string;
  readonly siteId: string;
  readonly bonusId: string;
  readonly userId: string;
  /** Counts the player's requests of this bonus from 1. */
  readonly requestNo: number;
  readonly at: string;
}

export interface BonusRequested {
  readonly type: 'BonusRequested';
  readonly data: ClaimData & { readonly userName: string };
}

/** The wallet is credited `amount` (BonusCredited, reference `bonusCreditReference`) because of it. */
export interface BonusRequestConfirmed {
  readonly type: 'BonusRequestConfirmed';
  readonly data: ClaimData & { readonly amount: Minor; readonly byUserId: string };
}

export interface BonusRequestCanceled {
  readonly type: 'BonusRequestCanceled';
  readonly data: ClaimData & { readonly reason: string; readonly byUserId: string };
}

export type BonusClaimEvent = BonusRequested | BonusRequestConfirmed | BonusRequestCanceled;
export const BONUS_CLAIM_EVENT_TYPES: readonly BonusClaimEvent['type'][] = ['BonusRequested', 'BonusRequestConfirmed', 'BonusRequestCanceled'];

/** What a player has read (the bell counts the rest). */
export interface NotificationsRead {
  readonly type: 'NotificationsRead';
  readonly data: { readonly userId: string; readonly notificationIds: readonly string[]; readonly at: string };
}

export type InboxEvent = NotificationsRead;
