import { describe, expect, it } from 'vitest';
import { type Decider, errorKey, isDomainError } from '../shared/decider';
import type { BonusClaimCommand, ContentCommand } from './commands';
import { bonusAmountOf, bonusClaimDecider, type BonusClaimContext, contentDecider, fillPlaceholders, inboxDecider, shownAt } from './decider';
import type { Banner, BonusClaimEvent, BonusOffer, ContentEvent, MailTemplate, Popup } from './events';

const AT = '2026-11-23T10:00:00.000Z';
const staff = { siteId: 'kupon', byUserId: 'admin-1', now: AT };

/** `given([events]).when(command).then([events])` / `.thenFails('key|param')` over any decider. */
function specOf<S, C, E, X>(decider: Decider<S, C, E, X>, context: X) {
  return (events: readonly E[]) => {
    const state = events.reduce(decider.evolve, decider.initialState);
    return {
      state,
      when(command: C, ctx: X = context) {
        const outcome = decider.decide(command, state, ctx);
        return {
          then(expected: readonly E[]) {
            if (isDomainError(outcome)) expect.fail(`expected events, got ${errorKey(outcome)}`);
            expect(outcome).toEqual(expected);
          },
          thenFails(key: string) {
            if (!isDomainError(outcome)) expect.fail(`expected ${key}, got ${JSON.stringify(outcome)}`);
            expect(errorKey(outcome)).toBe(key);
          },
        };
      },
    };
  };
}

const given = specOf<ReturnType<typeof contentDecider.evolve>, ContentCommand, ContentEvent, undefined>(contentDecider, undefined);

const banner: Banner = { id: 'welcome', title: 'Welcome', image: 'https://cdn.example/w.jpg', url: '/promotions', tag: 'new', area: 'home', order: 1, active: true, languages: ['tr'], from: null, until: null };
const added = (item: Banner): ContentEvent => ({ type: 'BannerAdded', data: { siteId: 'kupon', item, byUserId: 'admin-1', at: AT } });

describe('banners', () => {
  it('adds a banner, changes it, records nothing when saved unchanged, removes it', () => {
    given([]).when({ type: 'SaveBanner', ...staff, item: { ...banner, title: '  Welcome ' } }).then([added(banner)]);
    const moved = { ...banner, order: 5 };
    given([added(banner)]).when({ type: 'SaveBanner', ...staff, item: moved }).then([{ type: 'BannerChanged', data: { siteId: 'kupon', item: moved, byUserId: 'admin-1', at: AT } }]);
    given([added(banner)]).when({ type: 'SaveBanner', ...staff, item: banner }).then([]);
    given([added(banner)]).when({ type: 'RemoveBanner', ...staff, id: 'welcome' }).then([{ type: 'BannerRemoved', data: { siteId: 'kupon', id: 'welcome', byUserId: 'admin-1', at: AT } }]);
    expect(given([added(banner), { type: 'BannerRemoved', data: { siteId: 'kupon', id: 'welcome', byUserId: 'admin-1', at: AT } }]).state.banners).toEqual({});
  });

  it('refuses an empty title (§5), an image that is no address, a window that ends before it starts, removing what is not there', () => {
    given([]).when({ type: 'SaveBanner', ...staff, item: { ...banner, title: ' ' } }).thenFails('isRequiredArea|title');
    given([]).when({ type: 'SaveBanner', ...staff, item: { ...banner, image: 'javascript:alert(1)' } }).thenFails('invalidField|image');
    given([]).when({ type: 'SaveBanner', ...staff, item: { ...banner, from: '2026-12-01T00:00:00Z', until: '2026-11-01T00:00:00Z' } }).thenFails('invalidField|until');
    given([]).when({ type: 'SaveBanner', ...staff, item: { ...banner, languages: ['turkish'] } }).thenFails('invalidField|languages');
    given([]).when({ type: 'RemoveBanner', ...staff, id: 'welcome' }).thenFails('contentNotFound|welcome');
  });
});

describe('pages, popups and languages', () => {
  it('a page needs a title in some language; empty texts are dropped', () => {
    given([]).when({ type: 'SavePage', ...staff, item: { id: '7', titles: { tr: '', en: ' ' }, bodies: {}, published: true } }).thenFails('isRequiredArea|titles');
    given([])
      .when({ type: 'SavePage', ...staff, item: { id: '7', titles: { tr: 'Hakkımızda', en: '' }, bodies: { tr: '<p>Biz</p>' }, published: true } })
      .then([{ type: 'PageAdded', data: { siteId: 'kupon', item: { id: '7', titles: { tr: 'Hakkımızda' }, bodies: { tr: '<p>Biz</p>' }, published: true }, byUserId: 'admin-1', at: AT } }]);
  });

  it('a popup has a type of 0, 1 or 2, a type2 of 0 or 1 and closes by itself within an hour', () => {
    const popup: Popup = { id: 'p1', titles: { tr: 'Duyuru' }, contents: { tr: 'Metin' }, type: 2, type2: 0, autoClose: 10, active: true, from: null, until: null };
    given([]).when({ type: 'SavePopup', ...staff, item: popup }).then([{ type: 'PopupAdded', data: { siteId: 'kupon', item: popup, byUserId: 'admin-1', at: AT } }]);
    given([]).when({ type: 'SavePopup', ...staff, item: { ...popup, type: 3 as never } }).thenFails('invalidField|type');
    given([]).when({ type: 'SavePopup', ...staff, item: { ...popup, autoClose: 3601 } }).thenFails('invalidField|autoClose');
  });

  it('a language is a two-letter code with a name and a writing direction', () => {
    given([]).when({ type: 'SaveLanguage', ...staff, item: { id: 'ar', text: 'العربية', icon: '/flags/ar.svg', directory: 'rtl', status: true, order: 3 } }).then([
      { type: 'LanguageAdded', data: { siteId: 'kupon', item: { id: 'ar', text: 'العربية', icon: '/flags/ar.svg', directory: 'rtl', status: true, order: 3 }, byUserId: 'admin-1', at: AT } },
    ]);
    given([]).when({ type: 'SaveLanguage', ...staff, item: { id: 'ara', text: 'Arabic', icon: '', directory: 'rtl', status: true, order: 3 } }).thenFails('invalidField|code');
  });
});

describe('e-mail templates', () => {
  const template: MailTemplate = { id: 'activation', subjects: { tr: '{{siteName}}: hesabınızı açın' }, bodies: { tr: 'Merhaba {{ userName }}, kodunuz: {{code}}' } };

  it('keeps a subject and a body per language, using the placeholders of its mail', () => {
    given([]).when({ type: 'SaveMailTemplate', ...staff, item: template }).then([{ type: 'MailTemplateAdded', data: { siteId: 'kupon', item: template, byUserId: 'admin-1', at: AT } }]);
    expect(fillPlaceholders(template.bodies.tr!, { userName: 'ali', code: 'abc' })).toBe('Merhaba ali, kodunuz: abc');
  });

  it('refuses a placeholder the mail does not fill, a language with a subject and no body, and a mail the product does not send', () => {
    given([]).when({ type: 'SaveMailTemplate', ...staff, item: { ...template, bodies: { tr: 'Bakiyeniz {{balance}}' } } }).thenFails('unknownPlaceholder|balance');
    given([]).when({ type: 'SaveMailTemplate', ...staff, item: { ...template, subjects: { ...template.subjects, en: 'Activate' } } }).thenFails('isRequiredArea|bodies.en');
    given([]).when({ type: 'SaveMailTemplate', ...staff, item: { ...template, id: 'newsletter' as never } }).thenFails('invalidField|id');
  });
});

describe('notifications', () => {
  const sent: ContentEvent = { type: 'NotificationSent', data: { siteId: 'kupon', notificationId: 'n1', userId: null, title: 'Bakım', body: 'Gece 2’de', byUserId: 'admin-1', at: AT } };

  it('sends to every player or to one; the same id again is a retry; withdrawing twice records once', () => {
    given([]).when({ type: 'SendNotification', ...staff, notificationId: 'n1', userId: null, title: ' Bakım ', body: 'Gece 2’de' }).then([sent]);
    given([sent]).when({ type: 'SendNotification', ...staff, notificationId: 'n1', userId: null, title: 'Other', body: '' }).then([]);
    given([]).when({ type: 'SendNotification', ...staff, notificationId: 'n2', userId: 'u1', title: '', body: '' }).thenFails('isRequiredArea|title');
    const withdrawn: ContentEvent = { type: 'NotificationWithdrawn', data: { siteId: 'kupon', notificationId: 'n1', byUserId: 'admin-1', at: AT } };
    given([sent]).when({ type: 'WithdrawNotification', ...staff, notificationId: 'n1' }).then([withdrawn]);
    given([sent, withdrawn]).when({ type: 'WithdrawNotification', ...staff, notificationId: 'n1' }).then([]);
  });

  it('a player reads a notification once', () => {
    const inbox = specOf(inboxDecider, undefined);
    const read = { type: 'NotificationsRead' as const, data: { userId: 'u1', notificationIds: ['n1'], at: AT } };
    inbox([]).when({ type: 'MarkNotificationsRead', userId: 'u1', notificationIds: ['n1', 'n1'], now: AT }).then([read]);
    inbox([read]).when({ type: 'MarkNotificationsRead', userId: 'u1', notificationIds: ['n1'], now: AT }).then([]);
  });
});

describe('bonus claims', () => {
  const offer: BonusOffer = { id: 'welcome', titles: { tr: 'Hoş geldin' }, descriptions: {}, category: 'deposit', percent: 50, amount: 1_000, maxAmount: 20_000, multiplier: 5, oneUse: true, active: true, from: null, until: null };
  const context: BonusClaimContext = { offer, lastDeposit: 10_000 };
  const claim = specOf<ReturnType<typeof bonusClaimDecider.evolve>, BonusClaimCommand, BonusClaimEvent, BonusClaimContext>(bonusClaimDecider, context);
  const request: BonusClaimCommand = { type: 'RequestBonus', claimId: 'c1', siteId: 'kupon', bonusId: 'welcome', userId: 'u1', userName: 'ali', now: AT };
  const base = { claimId: 'c1', siteId: 'kupon', bonusId: 'welcome', userId: 'u1', requestNo: 1, at: AT };
  const requested: BonusClaimEvent = { type: 'BonusRequested', data: { ...base, userName: 'ali' } };
  const confirmed: BonusClaimEvent = { type: 'BonusRequestConfirmed', data: { ...base, amount: 6_000, byUserId: 'admin-1' } };
  const confirm: BonusClaimCommand = { type: 'ConfirmBonusRequest', amount: null, byUserId: 'admin-1', now: AT };

  it('a player requests an active bonus, and cannot ask again while it waits', () => {
    claim([]).when(request).then([requested]);
    claim([requested]).when(request).thenFails('bonusAlreadyRequested');
    claim([]).when(request, { ...context, offer: { ...offer, active: false } }).thenFails('bonusNotFound');
    claim([]).when(request, { ...context, offer: { ...offer, until: AT } }).thenFails('bonusNotFound');
  });

  it('staff confirm it for the offer’s amount (1,000 plus 50 % of the last deposit of 10,000), or one they name; confirming again records nothing', () => {
    claim([requested]).when(confirm).then([confirmed]);
    claim([requested]).when({ ...confirm, amount: 2_500 }).then([{ type: 'BonusRequestConfirmed', data: { ...base, amount: 2_500, byUserId: 'admin-1' } }]);
    claim([requested, confirmed]).when(confirm).then([]);
    claim([requested]).when(confirm, { offer: { ...offer, amount: 0, percent: 0 }, lastDeposit: 10_000 }).thenFails('bonusAmountRequired');
    claim([requested]).when({ ...confirm, amount: 1.5 }).thenFails('invalidAmount');
  });

  it('a one-use bonus once confirmed is not requested again; a canceled one may be', () => {
    claim([requested, confirmed]).when(request).thenFails('bonusAlreadyUsed');
    claim([requested, confirmed]).when(request, { ...context, offer: { ...offer, oneUse: false } }).then([{ type: 'BonusRequested', data: { ...base, requestNo: 2, userName: 'ali' } }]);
    const canceled: BonusClaimEvent = { type: 'BonusRequestCanceled', data: { ...base, reason: 'no deposit', byUserId: 'admin-1' } };
    claim([requested]).when({ type: 'CancelBonusRequest', reason: ' no deposit ', byUserId: 'admin-1', now: AT }).then([canceled]);
    claim([requested, canceled]).when(confirm).thenFails('bonusRequestNotWaiting');
    claim([requested, canceled]).when(request).then([{ type: 'BonusRequested', data: { ...base, requestNo: 2, userName: 'ali' } }]);
    claim([]).when(confirm).thenFails('bonusRequestNotFound');
  });

  it('the percent share rounds down and the total stops at the cap', () => {
    expect(bonusAmountOf({ ...offer, amount: 0, percent: 33 }, 1_001)).toBe(330);
    expect(bonusAmountOf(offer, 1_000_000)).toBe(20_000);
    expect(bonusAmountOf({ ...offer, maxAmount: null }, 1_000_000)).toBe(501_000);
  });

  it('a dated item shows from its start until just before its end', () => {
    const window = { from: '2026-11-23T10:00:00.000Z', until: '2026-11-24T10:00:00.000Z' };
    expect([shownAt(window, '2026-11-23T09:59:59.999Z'), shownAt(window, AT), shownAt(window, '2026-11-24T10:00:00.000Z')]).toEqual([false, true, false]);
  });
});
