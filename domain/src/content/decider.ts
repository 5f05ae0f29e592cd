import { assertNever, type Decider, type DomainError, domainError, isDomainError } from '../shared/decider';
import type { Minor } from '../shared/money';
import type { BonusClaimCommand, ContentCommand, InboxCommand } from './commands';
import {
  type Banner,
  BONUS_CATEGORIES,
  type BonusClaimEvent,
  type BonusOffer,
  type BonusRequestStatus,
  type ContentEvent,
  type DateWindow,
  type InboxEvent,
  type Language,
  type LocalizedText,
  MAIL_TEMPLATE_PLACEHOLDERS,
  type MailTemplate,
  type Popup,
  type StaticPage,
} from './events';
import { isLanguageCode } from '../shared/language';

export function contentStream(siteId: string): string {
  return `content-${siteId}`;
}

/** One per player and bonus; the id is derived from both by the caller, so a player has one claim per bonus. */
export function bonusClaimStream(claimId: string): string {
  return `bonusclaim-${claimId}`;
}

export function inboxStream(userId: string): string {
  return `inbox-${userId}`;
}

/** The wallet reference a confirmed request credits under: the same however often it is confirmed or redelivered. */
export function bonusCreditReference(claimId: string, requestNo: number): string {
  return `bonus-${claimId}-${requestNo}`;
}

// ---------------------------------------------------------------------------------------------
// The site's content: content-<siteId>

export interface SentNotification {
  readonly userId: string | null;
  readonly withdrawn: boolean;
}

export interface ContentState {
  readonly banners: Readonly<Record<string, Banner>>;
  readonly pages: Readonly<Record<string, StaticPage>>;
  readonly popups: Readonly<Record<string, Popup>>;
  readonly languages: Readonly<Record<string, Language>>;
  readonly mailTemplates: Readonly<Record<string, MailTemplate>>;
  readonly bonuses: Readonly<Record<string, BonusOffer>>;
  readonly notifications: Readonly<Record<string, SentNotification>>;
}

type Collection = Exclude<keyof ContentState, 'notifications'>;
const KIND: Record<Collection, string> = { banners: 'Banner', pages: 'Page', popups: 'Popup', languages: 'Language', mailTemplates: 'MailTemplate', bonuses: 'BonusOffer' };

export const initialContentState: ContentState = { banners: {}, pages: {}, popups: {}, languages: {}, mailTemplates: {}, bonuses: {}, notifications: {} };

function put<C extends Collection>(state: ContentState, collection: C, item: ContentState[C][string]): ContentState {
  return { ...state, [collection]: { ...state[collection], [item.id]: item } };
}

function drop(state: ContentState, collection: Collection, id: string): ContentState {
  const { [id]: _removed, ...rest } = state[collection];
  return { ...state, [collection]: rest };
}

function evolveContent(state: ContentState, event: ContentEvent): ContentState {
  switch (event.type) {
    case 'BannerAdded':
    case 'BannerChanged':
      return put(state, 'banners', event.data.item);
    case 'BannerRemoved':
      return drop(state, 'banners', event.data.id);
    case 'PageAdded':
    case 'PageChanged':
      return put(state, 'pages', event.data.item);
    case 'PageRemoved':
      return drop(state, 'pages', event.data.id);
    case 'PopupAdded':
    case 'PopupChanged':
      return put(state, 'popups', event.data.item);
    case 'PopupRemoved':
      return drop(state, 'popups', event.data.id);
    case 'LanguageAdded':
    case 'LanguageChanged':
      return put(state, 'languages', event.data.item);
    case 'LanguageRemoved':
      return drop(state, 'languages', event.data.id);
    case 'MailTemplateAdded':
    case 'MailTemplateChanged':
      return put(state, 'mailTemplates', event.data.item);
    case 'MailTemplateRemoved':
      return drop(state, 'mailTemplates', event.data.id);
    case 'BonusOfferAdded':
    case 'BonusOfferChanged':
      return put(state, 'bonuses', event.data.item);
    case 'BonusOfferRemoved':
      return drop(state, 'bonuses', event.data.id);
    case 'NotificationSent':
      return { ...state, notifications: { ...state.notifications, [event.data.notificationId]: { userId: event.data.userId, withdrawn: false } } };
    case 'NotificationWithdrawn': {
      const sent = state.notifications[event.data.notificationId];
      return sent ? { ...state, notifications: { ...state.notifications, [event.data.notificationId]: { ...sent, withdrawn: true } } } : state;
    }
    default:
      return assertNever(event);
  }
}

interface StaffCommand<Item> {
  readonly siteId: string;
  readonly byUserId: string;
  readonly now: string;
  readonly item: Item;
}

/** Added when new, Changed when different, nothing when the same item is saved again. */
function save<C extends Collection>(state: ContentState, collection: C, command: StaffCommand<ContentState[C][string]>, checked: ContentState[C][string] | DomainError): readonly ContentEvent[] | DomainError {
  if (isDomainError(checked)) return checked;
  const current = state[collection][checked.id];
  if (current && sameJson(current, checked)) return [];
  const type = `${KIND[collection]}${current ? 'Changed' : 'Added'}`;
  return [{ type, data: { siteId: command.siteId, item: checked, byUserId: command.byUserId, at: command.now } } as ContentEvent];
}

function remove(state: ContentState, collection: Collection, command: { siteId: string; id: string; byUserId: string; now: string }): readonly ContentEvent[] | DomainError {
  if (!state[collection][command.id]) return domainError('contentNotFound', command.id);
  return [{ type: `${KIND[collection]}Removed`, data: { siteId: command.siteId, id: command.id, byUserId: command.byUserId, at: command.now } } as ContentEvent];
}

function decideContent(command: ContentCommand, state: ContentState): readonly ContentEvent[] | DomainError {
  switch (command.type) {
    case 'SaveBanner':
      return save(state, 'banners', command, checkBanner(command.item));
    case 'RemoveBanner':
      return remove(state, 'banners', command);
    case 'SavePage':
      return save(state, 'pages', command, checkPage(command.item));
    case 'RemovePage':
      return remove(state, 'pages', command);
    case 'SavePopup':
      return save(state, 'popups', command, checkPopup(command.item));
    case 'RemovePopup':
      return remove(state, 'popups', command);
    case 'SaveLanguage':
      return save(state, 'languages', command, checkLanguage(command.item));
    case 'RemoveLanguage':
      return remove(state, 'languages', command);
    case 'SaveMailTemplate':
      return save(state, 'mailTemplates', command, checkMailTemplate(command.item));
    case 'RemoveMailTemplate':
      return remove(state, 'mailTemplates', command);
    case 'SaveBonusOffer':
      return save(state, 'bonuses', command, checkBonusOffer(command.item));
    case 'RemoveBonusOffer':
      return remove(state, 'bonuses', command);
    case 'SendNotification': {
      if (state.notifications[command.notificationId]) return [];
      const title = command.title.trim();
      if (title === '') return domainError('isRequiredArea', 'title');
      if (title.length > 200) return domainError('invalidField', 'title');
      if (command.body.length > 5000) return domainError('invalidField', 'body');
      const { siteId, notificationId, userId, byUserId, now } = command;
      return [{ type: 'NotificationSent', data: { siteId, notificationId, userId, title, body: command.body.trim(), byUserId, at: now } }];
    }
    case 'WithdrawNotification': {
      const sent = state.notifications[command.notificationId];
      if (!sent) return domainError('contentNotFound', command.notificationId);
      if (sent.withdrawn) return [];
      return [{ type: 'NotificationWithdrawn', data: { siteId: command.siteId, notificationId: command.notificationId, byUserId: command.byUserId, at: command.now } }];
    }
    default:
      return assertNever(command);
  }
}

export const contentDecider: Decider<ContentState, ContentCommand, ContentEvent> = {
  initialState: initialContentState,
  evolve: evolveContent,
  decide: (command, state) => decideContent(command, state),
};

// ---------------------------------------------------------------------------------------------
// What staff may save

/** An address the player site may load or link: https/http, or a path on the site itself. */
const ADDRESS = /^(https?:\/\/[^\s"'<>]+|\/[^\s"'<>]*)$/;
const ITEM_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;
const AREA = /^[a-z][a-z0-9-]{0,39}$/;
const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

const address = (value: string, optional: boolean) => (value === '' ? optional : value.length <= 500 && ADDRESS.test(value));
const wholeIn = (value: number, min: number, max: number) => Number.isSafeInteger(value) && value >= min && value <= max;

function checkWindow(window: DateWindow): DomainError | null {
  for (const key of ['from', 'until'] as const) {
    const value = window[key];
    if (value !== null && Number.isNaN(Date.parse(value))) return domainError('invalidField', key);
  }
  if (window.from !== null && window.until !== null && Date.parse(window.from) >= Date.parse(window.until)) return domainError('invalidField', 'until');
  return null;
}

/** Texts per language, trimmed, empty ones dropped; at least one when `required`. */
function checkLocalized(texts: LocalizedText, field: string, max: number, required: boolean): LocalizedText | DomainError {
  const kept: Record<string, string> = {};
  for (const [lang, text] of Object.entries(texts)) {
    if (!isLanguageCode(lang)) return domainError('invalidField', `${field}.${lang}`);
    const trimmed = text.trim();
    if (trimmed.length > max) return domainError('invalidField', `${field}.${lang}`);
    if (trimmed !== '') kept[lang] = trimmed;
  }
  if (required && Object.keys(kept).length === 0) return domainError('isRequiredArea', field);
  return kept;
}

function checkBanner(banner: Banner): Banner | DomainError {
  if (!ITEM_ID.test(banner.id)) return domainError('invalidField', 'id');
  const title = banner.title.trim();
  // §5 "Banner title not empty".
  if (title === '') return domainError('isRequiredArea', 'title');
  if (title.length > 200) return domainError('invalidField', 'title');
  if (!address(banner.image, false)) return domainError('invalidField', 'image');
  if (!address(banner.url, true)) return domainError('invalidField', 'url');
  if (!AREA.test(banner.area)) return domainError('invalidField', 'area');
  if (banner.tag.length > 40) return domainError('invalidField', 'tag');
  if (!wholeIn(banner.order, -1_000_000, 1_000_000)) return domainError('invalidField', 'order');
  if (banner.languages.some((code) => !isLanguageCode(code))) return domainError('invalidField', 'languages');
  return checkWindow(banner) ?? { ...banner, title, tag: banner.tag.trim(), languages: [...new Set(banner.languages)].sort() };
}

function checkPage(page: StaticPage): StaticPage | DomainError {
  if (!ITEM_ID.test(page.id)) return domainError('invalidField', 'id');
  const titles = checkLocalized(page.titles, 'titles', 200, true);
  if (isDomainError(titles)) return titles;
  const bodies = checkLocalized(page.bodies, 'bodies', 100_000, false);
  return isDomainError(bodies) ? bodies : { ...page, titles, bodies };
}

function checkPopup(popup: Popup): Popup | DomainError {
  if (!ITEM_ID.test(popup.id)) return domainError('invalidField', 'id');
  if (![0, 1, 2].includes(popup.type)) return domainError('invalidField', 'type');
  if (![0, 1].includes(popup.type2)) return domainError('invalidField', 'type2');
  if (!wholeIn(popup.autoClose, 0, 3600)) return domainError('invalidField', 'autoClose');
  const titles = checkLocalized(popup.titles, 'titles', 200, true);
  if (isDomainError(titles)) return titles;
  const contents = checkLocalized(popup.contents, 'contents', 20_000, false);
  if (isDomainError(contents)) return contents;
  return checkWindow(popup) ?? { ...popup, titles, contents };
}

function checkLanguage(language: Language): Language | DomainError {
  if (!isLanguageCode(language.id)) return domainError('invalidField', 'code');
  const text = language.text.trim();
  if (text === '') return domainError('isRequiredArea', 'text');
  if (text.length > 40) return domainError('invalidField', 'text');
  if (!address(language.icon, true)) return domainError('invalidField', 'icon');
  if (language.directory !== 'ltr' && language.directory !== 'rtl') return domainError('invalidField', 'directory');
  if (!wholeIn(language.order, -1000, 1000)) return domainError('invalidField', 'order');
  return { ...language, text };
}

function checkMailTemplate(template: MailTemplate): MailTemplate | DomainError {
  const allowed = MAIL_TEMPLATE_PLACEHOLDERS[template.id] as readonly string[] | undefined;
  if (!allowed) return domainError('invalidField', 'id');
  const subjects = checkLocalized(template.subjects, 'subjects', 200, true);
  if (isDomainError(subjects)) return subjects;
  const bodies = checkLocalized(template.bodies, 'bodies', 20_000, true);
  if (isDomainError(bodies)) return bodies;
  for (const lang of Object.keys(subjects)) if (!bodies[lang]) return domainError('isRequiredArea', `bodies.${lang}`);
  for (const lang of Object.keys(bodies)) if (!subjects[lang]) return domainError('isRequiredArea', `subjects.${lang}`);
  for (const text of [...Object.values(subjects), ...Object.values(bodies)]) {
    const unknown = placeholdersIn(text).find((name) => !allowed.includes(name));
    if (unknown) return domainError('unknownPlaceholder', unknown);
  }
  return { id: template.id, subjects, bodies };
}

function checkBonusOffer(offer: BonusOffer): BonusOffer | DomainError {
  if (!ITEM_ID.test(offer.id)) return domainError('invalidField', 'id');
  const titles = checkLocalized(offer.titles, 'titles', 200, true);
  if (isDomainError(titles)) return titles;
  const descriptions = checkLocalized(offer.descriptions, 'descriptions', 5000, false);
  if (isDomainError(descriptions)) return descriptions;
  if (!(BONUS_CATEGORIES as readonly string[]).includes(offer.category)) return domainError('invalidField', 'category');
  if (!wholeIn(offer.percent, 0, 1000)) return domainError('invalidField', 'percent');
  if (!wholeIn(offer.amount, 0, Number.MAX_SAFE_INTEGER)) return domainError('invalidAmount');
  if (offer.maxAmount !== null && !wholeIn(offer.maxAmount, 1, Number.MAX_SAFE_INTEGER)) return domainError('invalidField', 'maxAmount');
  if (!wholeIn(offer.multiplier, 0, 100)) return domainError('invalidField', 'multiplier');
  return checkWindow(offer) ?? { ...offer, titles, descriptions };
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

// ---------------------------------------------------------------------------------------------
// Reading content

/** Whether a dated item shows at `now`: from its start (inclusive) until its end (exclusive). */
export function shownAt(window: DateWindow, now: string): boolean {
  const at = Date.parse(now);
  return (window.from === null || Date.parse(window.from) <= at) && (window.until === null || at < Date.parse(window.until));
}

/** The text in `lang`, else the site's default language, else any. */
export function localizedText(texts: LocalizedText, lang: string, fallback: string): string {
  return texts[lang] ?? texts[fallback] ?? Object.values(texts)[0] ?? '';
}

/** The `{{name}}`s a template text uses. */
export function placeholdersIn(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((match) => match[1]!);
}

/** Fills every `{{name}}` with its value ('' for one not given). */
export function fillPlaceholders(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(PLACEHOLDER, (_whole, name: string) => values[name] ?? '');
}

/** What a confirmed request of `offer` credits: the fixed amount plus its percent of the last deposit, rounded down, capped. */
export function bonusAmountOf(offer: BonusOffer, lastDeposit: Minor): Minor {
  const share = (BigInt(lastDeposit) * BigInt(offer.percent)) / 100n;
  const total = BigInt(offer.amount) + share;
  const capped = offer.maxAmount !== null && total > BigInt(offer.maxAmount) ? BigInt(offer.maxAmount) : total;
  return Number(capped);
}

// ---------------------------------------------------------------------------------------------
// A player's claim of one bonus: bonusclaim-<claimId>

export interface BonusRequestRecord {
  readonly requestNo: number;
  readonly status: BonusRequestStatus;
  readonly amount: Minor | null;
}

export type BonusClaimState =
  | { readonly status: 'none' }
  | { readonly status: 'open'; readonly claimId: string; readonly siteId: string; readonly bonusId: string; readonly userId: string; readonly requests: readonly BonusRequestRecord[] };

/** What deciding a claim needs: the offer as the site has it now, and the player's last deposit (for its percent). */
export interface BonusClaimContext {
  readonly offer: BonusOffer | null;
  readonly lastDeposit: Minor;
}

export function latestRequestOf(state: BonusClaimState): BonusRequestRecord | null {
  return state.status === 'open' ? (state.requests.at(-1) ?? null) : null;
}

function evolveClaim(state: BonusClaimState, event: BonusClaimEvent): BonusClaimState {
  switch (event.type) {
    case 'BonusRequested': {
      const { claimId, siteId, bonusId, userId, requestNo } = event.data;
      const requests = state.status === 'open' ? state.requests : [];
      return { status: 'open', claimId, siteId, bonusId, userId, requests: [...requests, { requestNo, status: 'waiting', amount: null }] };
    }
    case 'BonusRequestConfirmed':
    case 'BonusRequestCanceled': {
      if (state.status !== 'open') return state;
      const status: BonusRequestStatus = event.type === 'BonusRequestConfirmed' ? 'confirmed' : 'canceled';
      const amount = event.type === 'BonusRequestConfirmed' ? event.data.amount : null;
      return { ...state, requests: state.requests.map((request) => (request.requestNo === event.data.requestNo ? { ...request, status, amount } : request)) };
    }
    default:
      return assertNever(event);
  }
}

function decideClaim(command: BonusClaimCommand, state: BonusClaimState, context: BonusClaimContext): readonly BonusClaimEvent[] | DomainError {
  const latest = latestRequestOf(state);
  switch (command.type) {
    case 'RequestBonus': {
      const { offer } = context;
      if (!offer || !offer.active || !shownAt(offer, command.now)) return domainError('bonusNotFound');
      if (latest?.status === 'waiting') return domainError('bonusAlreadyRequested');
      if (offer.oneUse && state.status === 'open' && state.requests.some((request) => request.status === 'confirmed')) return domainError('bonusAlreadyUsed');
      const { claimId, siteId, bonusId, userId, userName, now } = command;
      return [{ type: 'BonusRequested', data: { claimId, siteId, bonusId, userId, userName, requestNo: (latest?.requestNo ?? 0) + 1, at: now } }];
    }
    case 'ConfirmBonusRequest':
    case 'CancelBonusRequest': {
      if (state.status !== 'open' || !latest) return domainError('bonusRequestNotFound');
      // Deciding what is decided already in the same way is a retry: nothing new.
      if (latest.status === (command.type === 'ConfirmBonusRequest' ? 'confirmed' : 'canceled')) return [];
      if (latest.status !== 'waiting') return domainError('bonusRequestNotWaiting');
      const base = { claimId: state.claimId, siteId: state.siteId, bonusId: state.bonusId, userId: state.userId, requestNo: latest.requestNo, at: command.now };
      if (command.type === 'CancelBonusRequest') {
        const reason = command.reason.trim();
        if (reason === '') return domainError('isRequiredArea', 'reason');
        return [{ type: 'BonusRequestCanceled', data: { ...base, reason, byUserId: command.byUserId } }];
      }
      if (command.amount !== null && !wholeIn(command.amount, 1, Number.MAX_SAFE_INTEGER)) return domainError('invalidAmount');
      const amount = command.amount ?? (context.offer ? bonusAmountOf(context.offer, context.lastDeposit) : 0);
      if (amount <= 0) return domainError('bonusAmountRequired');
      return [{ type: 'BonusRequestConfirmed', data: { ...base, amount, byUserId: command.byUserId } }];
    }
    default:
      return assertNever(command);
  }
}

export const bonusClaimDecider: Decider<BonusClaimState, BonusClaimCommand, BonusClaimEvent, BonusClaimContext> = {
  initialState: { status: 'none' },
  evolve: evolveClaim,
  decide: decideClaim,
};

// ---------------------------------------------------------------------------------------------
// What a player has read: inbox-<userId>

export interface InboxState {
  readonly read: Readonly<Record<string, true>>;
}

function evolveInbox(state: InboxState, event: InboxEvent): InboxState {
  switch (event.type) {
    case 'NotificationsRead':
      return { read: { ...state.read, ...Object.fromEntries(event.data.notificationIds.map((id) => [id, true as const])) } };
    default:
      return assertNever(event.type);
  }
}

function decideInbox(command: InboxCommand, state: InboxState): readonly InboxEvent[] | DomainError {
  switch (command.type) {
    case 'MarkNotificationsRead': {
      const unread = [...new Set(command.notificationIds)].filter((id) => !state.read[id]);
      return unread.length === 0 ? [] : [{ type: 'NotificationsRead', data: { userId: command.userId, notificationIds: unread, at: command.now } }];
    }
    default:
      return assertNever(command.type);
  }
}

export const inboxDecider: Decider<InboxState, InboxCommand, InboxEvent> = {
  initialState: { read: {} },
  evolve: evolveInbox,
  decide: (command, state) => decideInbox(command, state),
};
