import type { Minor } from '../shared/money';
import type { Banner, BonusOffer, Language, MailTemplate, Popup, StaticPage } from './events';

interface Staff {
  readonly siteId: string;
  readonly byUserId: string;
  readonly now: string;
}

/** `Save<Kind>` adds the item or changes it to what is given; `Remove<Kind>` takes it off the site. */
type ItemCommands<Kind extends string, Item> = (Staff & { readonly type: `Save${Kind}`; readonly item: Item }) | (Staff & { readonly type: `Remove${Kind}`; readonly id: string });

export type BannerCommand = ItemCommands<'Banner', Banner>;
export type PageCommand = ItemCommands<'Page', StaticPage>;
export type PopupCommand = ItemCommands<'Popup', Popup>;
export type LanguageCommand = ItemCommands<'Language', Language>;
export type MailTemplateCommand = ItemCommands<'MailTemplate', MailTemplate>;
export type BonusOfferCommand = ItemCommands<'BonusOffer', BonusOffer>;

export type SendNotification = Staff & {
  readonly type: 'SendNotification';
  readonly notificationId: string;
  /** null: every player of the site. */
  readonly userId: string | null;
  readonly title: string;
  readonly body: string;
};

export type WithdrawNotification = Staff & { readonly type: 'WithdrawNotification'; readonly notificationId: string };

export type ContentCommand = BannerCommand | PageCommand | PopupCommand | LanguageCommand | MailTemplateCommand | BonusOfferCommand | SendNotification | WithdrawNotification;

export interface RequestBonus {
  readonly type: 'RequestBonus';
  readonly claimId: string;
  readonly siteId: string;
  readonly bonusId: string;
  readonly userId: string;
  readonly userName: string;
  readonly now: string;
}

export interface ConfirmBonusRequest {
  readonly type: 'ConfirmBonusRequest';
  /** What to credit; null: the offer's own amount (fixed plus percent of the last deposit, capped). */
  readonly amount: Minor | null;
  readonly byUserId: string;
  readonly now: string;
}

export interface CancelBonusRequest {
  readonly type: 'CancelBonusRequest';
  readonly reason: string;
  readonly byUserId: string;
  readonly now: string;
}

export type BonusClaimCommand = RequestBonus | ConfirmBonusRequest | CancelBonusRequest;

export interface MarkNotificationsRead {
  readonly type: 'MarkNotificationsRead';
  readonly userId: string;
  /** Notifications the player may see (the caller checks); those read before are skipped. */
  readonly notificationIds: readonly string[];
  readonly now: string;
}

export type InboxCommand = MarkNotificationsRead;
