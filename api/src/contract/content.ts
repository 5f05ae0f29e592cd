import { LANGUAGE_CODE } from '@kupon/domain';
import { z } from 'zod';

/**
 * Wire shapes of a site's content (spec §1 "banners, pages, popups, languages, email templates",
 * §3, §7 getSliders / getPage / getPopups / getLanguages / getNotification / getBonus / bonusRequest).
 * Everything belongs to the request's site; nothing of one site is visible from another.
 *
 * Player site (`/api/v1/content`, guests unless said):
 * - `GET  /content/banners?lang=&area=` → `PublicBanners`: active banners in their window, for the language (or every language), by order.
 * - `GET  /content/popups?lang=` → `PublicPopups`: active popups of type 0 or 2 in their window (`type2` 0: home page only).
 * - `GET  /content/pages?lang=` → `PublicPageList` (published pages, for footers); `GET /content/pages/:pageId?lang=` → `PublicPage` (404 `contentNotFound|id`).
 * - `GET  /content/languages` → `PublicLanguages` (active, by order; tr and en when the site set none).
 * - `GET  /content/notifications` (login) → `MyNotifications`: to every player or to me, newest first, with `unread` (the bell's count).
 * - `POST /content/notifications/read` (login) with `MarkReadBody` (no ids: all) → `{ unread }`.
 * - `GET  /content/bonuses?lang=` → `PublicBonuses`: active offers in their window; logged in, each with my latest request's `status` (0 wait, 1 confirmed, 2 canceled) and `requestedExists`.
 * - `POST /content/bonuses/:bonusId/request` (player) → `PublicBonus`. 409 `bonusAlreadyRequested` while one waits, `bonusAlreadyUsed` (one-use, confirmed before), 404 `bonusNotFound`.
 *
 * Back office (`/api/v1/content-settings`; admin and operator change, the regulator reads):
 * - `GET /content-settings/{banners|pages|popups|languages|mail-templates|bonuses}?offset=&limit=` → `{ items, total }`;
 *   `PUT /…/:id` with the kind's body (adds or changes) → the item; `DELETE /…/:id` → `{ status: true }`.
 * - `GET /content-settings/notifications?offset=&limit=` → `NotificationList`; `POST` with `SendNotificationBody` (no `userName`: every player) → `NotificationView`; `DELETE /…/:notificationId` withdraws it.
 * - `GET /content-settings/bonus-requests?status=&bonusId=&offset=&limit=` → `BonusRequestList`;
 *   `POST /…/:claimId/confirm` with `ConfirmBonusBody` (no amount: the offer's) credits the player's wallet once (BonusCredited), however often confirmed;
 *   `POST /…/:claimId/cancel` with `CancelBonusBody`.
 *
 * Refusals: 400 `invalidField|field`, `isRequiredArea|field`, `unknownPlaceholder|name`; 401 `loginRequired`; 403 `permissionDenied|role`, `readOnlyRole`;
 * 404 `contentNotFound|id`, `noSuchUser`, `bonusNotFound`, `bonusRequestNotFound`; 409 `bonusAlreadyRequested`, `bonusAlreadyUsed`, `bonusRequestNotWaiting`;
 * 422 `bonusAmountRequired`, `invalidAmount`.
 */

export const ITEM_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;

const localized = (field: string, max: number) => z.record(z.string().regex(LANGUAGE_CODE, `invalidField|${field}`), z.string().max(max, `invalidField|${field}`));
const instant = (field: string) => z.iso.datetime({ offset: true, message: `invalidField|${field}` }).nullable();
/** An address the player site may load or link: https/http, or a path on the site itself. */
const address = (field: string) => z.string().max(500, `invalidField|${field}`).regex(/^(https?:\/\/[^\s"'<>]+|\/[^\s"'<>]*)$/, `invalidField|${field}`);
const whole = (field: string, min: number, max: number) => z.number(`invalidField|${field}`).int(`invalidField|${field}`).min(min, `invalidField|${field}`).max(max, `invalidField|${field}`);
const minor = (field: string) => z.number(`invalidAmount|${field}`).int(`invalidAmount|${field}`).min(0, `invalidAmount|${field}`).max(Number.MAX_SAFE_INTEGER, `invalidAmount|${field}`);
const window = { from: instant('from'), until: instant('until') };

export const LangQuery = z.object({ lang: z.string().regex(LANGUAGE_CODE, 'invalidField|lang').optional() });
export const PagingQuery = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const ItemParams = z.object({ id: z.string().min(1).max(64) });

// -------------------------------------------------------------------------------------------
// Back office bodies: what a form sends (the id is the path's) and what comes back (with the id).

export const BannerBody = z.object({
  title: z.string().trim().min(1, 'isRequiredArea|title').max(200, 'invalidField|title'),
  image: address('image').min(1, 'isRequiredArea|image'),
  url: z.union([z.literal(''), address('url')]),
  tag: z.string().max(40, 'invalidField|tag'),
  area: z.string().regex(/^[a-z][a-z0-9-]{0,39}$/, 'invalidField|area'),
  order: whole('order', -1_000_000, 1_000_000),
  active: z.boolean(),
  languages: z.array(z.string().regex(LANGUAGE_CODE, 'invalidField|languages')).max(50),
  ...window,
});
export type BannerBody = z.infer<typeof BannerBody>;
export const BannerView = BannerBody.extend({ id: z.string() });
export type BannerView = z.infer<typeof BannerView>;

export const PageBody = z.object({
  titles: localized('titles', 200),
  bodies: localized('bodies', 100_000),
  published: z.boolean(),
});
export type PageBody = z.infer<typeof PageBody>;
export const PageView = PageBody.extend({ id: z.string() });
export type PageView = z.infer<typeof PageView>;

export const PopupBody = z.object({
  titles: localized('titles', 200),
  contents: localized('contents', 20_000),
  type: z.union([z.literal(0), z.literal(1), z.literal(2)], 'invalidField|type'),
  type2: z.union([z.literal(0), z.literal(1)], 'invalidField|type2'),
  autoClose: whole('autoClose', 0, 3600),
  active: z.boolean(),
  ...window,
});
export type PopupBody = z.infer<typeof PopupBody>;
export const PopupView = PopupBody.extend({ id: z.string() });
export type PopupView = z.infer<typeof PopupView>;

export const LanguageBody = z.object({
  text: z.string().trim().min(1, 'isRequiredArea|text').max(40, 'invalidField|text'),
  icon: z.union([z.literal(''), address('icon')]),
  directory: z.enum(['ltr', 'rtl'], 'invalidField|directory'),
  status: z.boolean(),
  order: whole('order', -1000, 1000),
});
export type LanguageBody = z.infer<typeof LanguageBody>;
export const LanguageView = LanguageBody.extend({ id: z.string() });
export type LanguageView = z.infer<typeof LanguageView>;

export const MAIL_TEMPLATE_KEYS = ['activation', 'passwordReset', 'contactReply'] as const;
export const MailTemplateBody = z.object({ subjects: localized('subjects', 200), bodies: localized('bodies', 20_000) });
export type MailTemplateBody = z.infer<typeof MailTemplateBody>;
export const MailTemplateView = MailTemplateBody.extend({ id: z.enum(MAIL_TEMPLATE_KEYS) });
export type MailTemplateView = z.infer<typeof MailTemplateView>;

export const BONUS_CATEGORIES = ['sport', 'live', 'casino', 'deposit', 'other'] as const;
export const BonusOfferBody = z.object({
  titles: localized('titles', 200),
  descriptions: localized('descriptions', 5000),
  category: z.enum(BONUS_CATEGORIES, 'invalidField|category'),
  percent: whole('percent', 0, 1000),
  amount: minor('amount'),
  maxAmount: minor('maxAmount').min(1, 'invalidAmount|maxAmount').nullable(),
  multiplier: whole('multiplier', 0, 100),
  oneUse: z.boolean(),
  active: z.boolean(),
  ...window,
});
export type BonusOfferBody = z.infer<typeof BonusOfferBody>;
export const BonusOfferView = BonusOfferBody.extend({ id: z.string() });
export type BonusOfferView = z.infer<typeof BonusOfferView>;

/** The content kinds of the back office, by their path segment. */
export const CONTENT_SETTINGS_KINDS = ['banners', 'pages', 'popups', 'languages', 'mail-templates', 'bonuses'] as const;
export type ContentSettingsKind = (typeof CONTENT_SETTINGS_KINDS)[number];

export const itemList = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number().int() });

export const SendNotificationBody = z.object({
  title: z.string().trim().min(1, 'isRequiredArea|title').max(200, 'invalidField|title'),
  body: z.string().max(5000, 'invalidField|body'),
  /** One player of the site; left out: every player. */
  userName: z.string().trim().min(1, 'isRequiredArea|userName').max(40, 'invalidField|userName').optional(),
});
export type SendNotificationBody = z.infer<typeof SendNotificationBody>;
export const NotificationView = z.object({
  notificationId: z.string(),
  userId: z.string().nullable(),
  title: z.string(),
  body: z.string(),
  byUserId: z.string(),
  withdrawn: z.boolean(),
  sentAt: z.string(),
  readCount: z.number().int(),
});
export type NotificationView = z.infer<typeof NotificationView>;
export const NotificationList = z.object({ notifications: z.array(NotificationView), total: z.number().int() });
export const NotificationParams = z.object({ notificationId: z.string().min(1).max(64) });

export const BonusRequestStatus = z.enum(['waiting', 'confirmed', 'canceled']);
export const BonusRequestQuery = PagingQuery.extend({ status: BonusRequestStatus.optional(), bonusId: z.string().max(64).optional() });
export const BonusRequestView = z.object({
  claimId: z.string(),
  requestNo: z.number().int(),
  bonusId: z.string(),
  userId: z.string(),
  userName: z.string(),
  status: BonusRequestStatus,
  amount: z.number().int().nullable(),
  reason: z.string().nullable(),
  decidedBy: z.string().nullable(),
  requestedAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type BonusRequestView = z.infer<typeof BonusRequestView>;
export const BonusRequestList = z.object({ requests: z.array(BonusRequestView), total: z.number().int() });
export const ClaimParams = z.object({ claimId: z.uuid('bonusRequestNotFound') });
export const ConfirmBonusBody = z.object({ amount: z.number('invalidAmount').int('invalidAmount').min(1, 'invalidAmount').max(Number.MAX_SAFE_INTEGER, 'invalidAmount').nullable().optional() });
export type ConfirmBonusBody = z.infer<typeof ConfirmBonusBody>;
export const CancelBonusBody = z.object({ reason: z.string().trim().min(1, 'isRequiredArea|reason').max(500, 'invalidField|reason') });
export type CancelBonusBody = z.infer<typeof CancelBonusBody>;
export const ConfirmedBonus = z.object({ request: BonusRequestView.pick({ claimId: true, requestNo: true, bonusId: true, userId: true, status: true, amount: true }), balance: z.number().int() });

// -------------------------------------------------------------------------------------------
// Player site

export const BannerQuery = LangQuery.extend({ area: z.string().max(40).optional() });
export const PublicBanner = z.object({ id: z.string(), title: z.string(), image: z.string(), url: z.string(), tag: z.string(), area: z.string(), order: z.number().int() });
export const PublicBanners = z.object({ banners: z.array(PublicBanner) });
export type PublicBanner = z.infer<typeof PublicBanner>;

/** §3 Popup alert. */
export const PublicPopup = z.object({ id: z.string(), title: z.string(), content: z.string(), type: z.number().int(), type2: z.number().int(), autoClose: z.number().int() });
export const PublicPopups = z.object({ popups: z.array(PublicPopup) });
export type PublicPopup = z.infer<typeof PublicPopup>;

export const PageParams = z.object({ pageId: z.string().min(1).max(64) });
export const PublicPage = z.object({ id: z.string(), title: z.string(), body: z.string() });
export const PublicPageList = z.object({ pages: z.array(PublicPage.pick({ id: true, title: true })) });
export type PublicPage = z.infer<typeof PublicPage>;

/** §3 Language: id, code, icon, directory, text, status. */
export const PublicLanguage = z.object({ id: z.string(), code: z.string(), icon: z.string(), directory: z.enum(['ltr', 'rtl']), text: z.string(), status: z.literal(1) });
export const PublicLanguages = z.object({ languages: z.array(PublicLanguage) });
export type PublicLanguage = z.infer<typeof PublicLanguage>;

/** §3 Notification: id, title (and the text, when it was sent, whether I read it). */
export const MyNotification = z.object({ id: z.string(), title: z.string(), body: z.string(), sentAt: z.string(), read: z.boolean() });
export const MyNotifications = z.object({ notifications: z.array(MyNotification), unread: z.number().int() });
export type MyNotifications = z.infer<typeof MyNotifications>;
export const MarkReadBody = z.object({ notificationIds: z.array(z.string().min(1).max(64)).max(200).optional() });
export const UnreadCount = z.object({ unread: z.number().int() });

/** §3 Bonus: id, title, status (0 wait, 1 confirmed, 2 canceled; null never requested), requestedExists. */
export const PublicBonus = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  percent: z.number().int(),
  amount: z.number().int(),
  maxAmount: z.number().int().nullable(),
  multiplier: z.number().int(),
  oneUse: z.boolean(),
  until: z.string().nullable(),
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]).nullable(),
  requestedExists: z.boolean(),
});
export const PublicBonuses = z.object({ bonuses: z.array(PublicBonus), count: z.number().int() });
export type PublicBonus = z.infer<typeof PublicBonus>;
export const BonusParams = z.object({ bonusId: z.string().min(1).max(64) });
