import { walletStream } from '@kupon/domain';
import { type TestStorage, testBackends } from '@kupon/projections/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MoneyApi, openMoneyApi } from './money-harness';

const banner = { title: 'Hoş geldin', image: 'https://cdn.example/welcome.jpg', url: '/promotions', tag: 'new', area: 'home', order: 1, active: true, languages: [], from: null, until: null };
const bonus = { titles: { tr: 'Hoş geldin bonusu', en: 'Welcome bonus' }, descriptions: { en: 'For new players' }, category: 'sport', percent: 0, amount: 2_500, maxAmount: null, multiplier: 5, oneUse: true, active: true, from: null, until: null };

/**
 * Issue 8 item 4, the content of a site over HTTP: staff (admin, operator; the regulator reads) keep
 * banners, pages, popups, languages, e-mail templates, notifications and bonuses on the site's own
 * stream; the player site reads them for its site and language; a confirmed bonus credits the
 * wallet once. Nothing of one site shows on another.
 */
for (const backend of testBackends) {
  describe(`site content over HTTP (${backend.name})`, () => {
    let storage: TestStorage;
    let api: MoneyApi;

    beforeAll(async () => {
      storage = await backend.open();
      api = await openMoneyApi(storage);
    });
    afterAll(async () => {
      await api.close();
      await storage.close();
    });

    const call: MoneyApi['callAs'] = (...args) => api.callAs(...args);
    const until: MoneyApi['until'] = (read, done) => api.until(read, done);
    const json = async (site: string, userName: string | null, url: string) => (await call(site, userName, 'GET', url)).json();

    it('admins and operators change content, the regulator only reads, players and guests are refused; bad input names its field', async () => {
      expect((await call('kupon', 'kplayer1', 'PUT', '/content-settings/banners/b1', banner)).json()).toEqual({ error: 'permissionDenied|player' });
      expect((await call('kupon', null, 'PUT', '/content-settings/banners/b1', banner)).statusCode).toBe(401);
      expect((await call('kupon', 'kregulator', 'PUT', '/content-settings/banners/b1', banner)).json()).toEqual({ error: 'readOnlyRole' });
      const read = await call('kupon', 'kregulator', 'GET', '/content-settings/banners');
      expect(read.statusCode, read.body).toBe(200);
      expect((await call('kupon', 'kadmin', 'PUT', '/content-settings/banners/b1', { ...banner, title: ' ' })).json()).toEqual({ error: 'isRequiredArea|title' });
      expect((await call('kupon', 'kadmin', 'PUT', '/content-settings/banners/b1', { ...banner, image: 'javascript:alert(1)' })).json()).toEqual({ error: 'invalidField|image' });
      expect((await call('kupon', 'kadmin', 'PUT', '/content-settings/popups/p1', { titles: { tr: 'x' }, contents: {}, type: 3, type2: 0, autoClose: 0, active: true, from: null, until: null })).json()).toEqual({ error: 'invalidField|type' });
      const template = await call('kupon', 'kadmin', 'PUT', '/content-settings/mail-templates/passwordReset', { subjects: { tr: 'Şifre' }, bodies: { tr: 'Bakiyeniz {{balance}}' } });
      expect([template.statusCode, template.json()]).toEqual([422, { error: 'unknownPlaceholder|balance' }]);
      expect((await call('kupon', 'kadmin', 'DELETE', '/content-settings/pages/none')).json()).toEqual({ error: 'contentNotFound|none' });
    });

    it('banners, popups, pages and languages show on their own site in the asked language, in their window, never on another site', async () => {
      const saved = await call('kupon', 'koperator', 'PUT', '/content-settings/banners/welcome', banner);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toEqual({ id: 'welcome', ...banner });
      await call('kupon', 'kadmin', 'PUT', '/content-settings/banners/english', { ...banner, title: 'Welcome', order: 2, languages: ['en'] });
      await call('kupon', 'kadmin', 'PUT', '/content-settings/banners/later', { ...banner, title: 'Later', order: 3, from: '2026-12-01T00:00:00.000Z' });
      await call('kupon', 'kadmin', 'PUT', '/content-settings/banners/casino', { ...banner, title: 'Casino', order: 4, area: 'casino' });
      await call('kupon', 'kadmin', 'PUT', '/content-settings/popups/notice', { titles: { tr: 'Duyuru', en: 'Notice' }, contents: { tr: 'Bakım gece', en: 'Maintenance tonight' }, type: 2, type2: 0, autoClose: 10, active: true, from: null, until: null });
      await call('kupon', 'kadmin', 'PUT', '/content-settings/popups/hidden', { titles: { tr: 'Gizli' }, contents: {}, type: 1, type2: 1, autoClose: 0, active: true, from: null, until: null });
      await call('kupon', 'kadmin', 'PUT', '/content-settings/pages/7', { titles: { tr: 'Hakkımızda', en: 'About us' }, bodies: { tr: '<p>Biz</p>', en: '<p>Us</p>' }, published: true });
      await call('kupon', 'kadmin', 'PUT', '/content-settings/pages/draft', { titles: { tr: 'Taslak' }, bodies: {}, published: false });
      await call('kupon', 'kadmin', 'PUT', '/content-settings/languages/tr', { text: 'Türkçe', icon: '/flags/tr.svg', directory: 'ltr', status: true, order: 1 });
      await call('kupon', 'kadmin', 'PUT', '/content-settings/languages/ar', { text: 'العربية', icon: '', directory: 'rtl', status: true, order: 2 });

      // Every write above is in the log: once the read models have caught up with it, all of it shows.
      await api.settled();
      expect((await json('kupon', null, '/content/banners?lang=tr&area=home')).banners.map((b: { id: string }) => b.id)).toEqual(['welcome']);
      expect((await json('kupon', null, '/content/banners?lang=en&area=home')).banners.map((b: { title: string }) => b.title)).toEqual(['Hoş geldin', 'Welcome']);
      expect((await json('kupon', null, '/content/banners?lang=tr&area=casino')).banners.map((b: { id: string }) => b.id)).toEqual(['casino']);
      expect((await json('kupon', null, '/content/popups?lang=en')).popups).toEqual([{ id: 'notice', title: 'Notice', content: 'Maintenance tonight', type: 2, type2: 0, autoClose: 10 }]);
      expect(await json('kupon', null, '/content/pages/7?lang=en')).toEqual({ id: '7', title: 'About us', body: '<p>Us</p>' });
      expect((await call('kupon', null, 'GET', '/content/pages/draft')).json()).toEqual({ error: 'contentNotFound|draft' });
      expect((await json('kupon', null, '/content/pages?lang=tr')).pages).toEqual([{ id: '7', title: 'Hakkımızda' }]);
      expect((await json('kupon', null, '/content/languages')).languages.map((l: { code: string; directory: string }) => `${l.code}:${l.directory}`)).toEqual(['tr:ltr', 'ar:rtl']);

      // The other brand sees none of it and keeps its default languages.
      expect((await json('bahis', null, '/content/banners?lang=tr')).banners).toEqual([]);
      expect((await json('bahis', null, '/content/popups')).popups).toEqual([]);
      expect((await call('bahis', null, 'GET', '/content/pages/7')).statusCode).toBe(404);
      expect((await json('bahis', null, '/content/languages')).languages.map((l: { code: string }) => l.code)).toEqual(['tr', 'en']);
      expect((await json('bahis', 'badmin', '/content-settings/banners')).total).toBe(0);

      // Staff lists page on the server; removing a banner takes it off the player site.
      const first = await json('kupon', 'kregulator', '/content-settings/banners?limit=3');
      expect([first.total, first.items.map((b: { id: string }) => b.id)]).toEqual([4, ['welcome', 'english', 'later']]);
      const last = await json('kupon', 'kregulator', '/content-settings/banners?limit=3&offset=3');
      expect([last.total, last.items.map((b: { id: string }) => b.id)]).toEqual([4, ['casino']]);
      expect(await json('kupon', 'kregulator', '/content-settings/banners?limit=3&offset=6')).toMatchObject({ total: 4, items: [] });
      expect((await call('kupon', 'kadmin', 'DELETE', '/content-settings/banners/welcome')).json()).toEqual({ status: true });
      await until(() => json('kupon', null, '/content/banners?lang=tr&area=home'), (b) => b.banners.length === 0);
    });

    it('notifications reach every player of the site or one, count unread on the bell, are read once and can be withdrawn', async () => {
      const all = await call('kupon', 'kadmin', 'POST', '/content-settings/notifications', { title: 'Bakım', body: 'Gece 2’de bakım var' });
      expect(all.statusCode, all.body).toBe(200);
      const one = (await call('kupon', 'kadmin', 'POST', '/content-settings/notifications', { title: 'Hesabınız', body: 'Belgeniz onaylandı', userName: 'kplayer1' })).json();
      expect((await call('kupon', 'kadmin', 'POST', '/content-settings/notifications', { title: 'x', body: '', userName: 'bplayer1' })).json()).toEqual({ error: 'noSuchUser' });

      const mine = await until(() => json('kupon', 'kplayer1', '/content/notifications'), (n) => n.notifications.length === 2);
      expect([mine.unread, mine.notifications.map((n: { title: string }) => n.title).sort()]).toEqual([2, ['Bakım', 'Hesabınız']]);
      expect((await json('kupon', 'kplayer2', '/content/notifications')).notifications.map((n: { title: string }) => n.title)).toEqual(['Bakım']);
      expect((await json('bahis', 'bplayer1', '/content/notifications')).notifications).toEqual([]);
      expect((await call('kupon', null, 'GET', '/content/notifications')).statusCode).toBe(401);

      expect((await call('kupon', 'kplayer1', 'POST', '/content/notifications/read', { notificationIds: [one.notificationId] })).json()).toEqual({ unread: 1 });
      await until(() => json('kupon', 'kplayer1', '/content/notifications'), (n) => n.unread === 1);
      expect((await call('kupon', 'kplayer1', 'POST', '/content/notifications/read', {})).json()).toEqual({ unread: 0 });
      await until(() => json('kupon', 'kplayer1', '/content/notifications'), (n) => n.unread === 0);
      const staff = await until(() => json('kupon', 'kregulator', '/content-settings/notifications'), (n) => n.notifications.every((x: { readCount: number }) => x.readCount === 1));
      expect(staff.total).toBe(2);

      expect((await call('kupon', 'kadmin', 'DELETE', `/content-settings/notifications/${all.json().notificationId}`)).json()).toEqual({ status: true });
      await until(() => json('kupon', 'kplayer2', '/content/notifications'), (n) => n.notifications.length === 0);
    });

    it('a player requests a bonus once; staff confirming it twice credit the wallet exactly once; another site cannot see or decide it', async () => {
      const player = await api.fund('kupon', 'kplayer1', 10_000);
      expect((await call('kupon', 'kadmin', 'PUT', '/content-settings/bonuses/welcome', bonus)).statusCode).toBe(200);
      const offered = await until(() => json('kupon', 'kplayer1', '/content/bonuses?lang=en'), (b) => b.count === 1);
      expect(offered.bonuses[0]).toMatchObject({ id: 'welcome', title: 'Welcome bonus', description: 'For new players', amount: 2_500, status: null, requestedExists: false });
      expect((await json('bahis', 'bplayer1', '/content/bonuses')).count).toBe(0);
      expect((await call('bahis', 'bplayer1', 'POST', '/content/bonuses/welcome/request', {})).json()).toEqual({ error: 'bonusNotFound' });
      expect((await call('kupon', 'kadmin', 'POST', '/content/bonuses/welcome/request', {})).json()).toEqual({ error: 'permissionDenied|admin' });

      const requested = await call('kupon', 'kplayer1', 'POST', '/content/bonuses/welcome/request', {});
      expect(requested.statusCode, requested.body).toBe(200);
      expect(requested.json()).toMatchObject({ status: 0, requestedExists: true });
      const again = await call('kupon', 'kplayer1', 'POST', '/content/bonuses/welcome/request', {});
      expect([again.statusCode, again.json()]).toEqual([409, { error: 'bonusAlreadyRequested' }]);

      const waiting = await until(() => json('kupon', 'kregulator', '/content-settings/bonus-requests?status=waiting'), (r) => r.total === 1);
      const claimId = waiting.requests[0].claimId;
      expect(waiting.requests[0]).toMatchObject({ bonusId: 'welcome', userId: player, userName: 'kplayer1', status: 'waiting' });
      expect((await call('bahis', 'badmin', 'POST', `/content-settings/bonus-requests/${claimId}/confirm`, {})).json()).toEqual({ error: 'bonusRequestNotFound' });
      expect((await call('kupon', 'kregulator', 'POST', `/content-settings/bonus-requests/${claimId}/confirm`, {})).json()).toEqual({ error: 'readOnlyRole' });

      const before = await api.balance(player);
      const [first, second] = await Promise.all([
        call('kupon', 'kadmin', 'POST', `/content-settings/bonus-requests/${claimId}/confirm`, {}),
        call('kupon', 'koperator', 'POST', `/content-settings/bonus-requests/${claimId}/confirm`, {}),
      ]);
      expect([first.statusCode, second.statusCode], `${first.body} ${second.body}`).toEqual([200, 200]);
      const third = await call('kupon', 'kadmin', 'POST', `/content-settings/bonus-requests/${claimId}/confirm`, { amount: 9_999 });
      expect(third.json()).toMatchObject({ request: { status: 'confirmed', amount: 2_500 }, balance: before + 2_500 });
      await api.settled();
      expect(await api.balance(player)).toBe(before + 2_500);
      const credits = (await storage.store.readStream(walletStream(player), { maxCount: 10_000 })).filter((event) => event.type === 'BonusCredited');
      expect(credits.map((event) => event.data.amount)).toEqual([2_500]);

      const listed = await until(() => json('kupon', 'kplayer1', '/content/bonuses'), (b) => b.bonuses[0].status === 1);
      expect(listed.bonuses[0].requestedExists).toBe(true);
      expect((await call('kupon', 'kplayer1', 'POST', '/content/bonuses/welcome/request', {})).json()).toEqual({ error: 'bonusAlreadyUsed' });
      expect((await call('kupon', 'kadmin', 'POST', `/content-settings/bonus-requests/${claimId}/cancel`, { reason: 'late' })).json()).toEqual({ error: 'bonusRequestNotWaiting' });
    });

    it('staff cancel a request with a reason, and a bonus with no amount of its own asks them to name one', async () => {
      await call('kupon', 'kadmin', 'PUT', '/content-settings/bonuses/casino', { ...bonus, category: 'casino', amount: 0, percent: 0, oneUse: false });
      await until(() => json('kupon', 'kplayer2', '/content/bonuses'), (b) => b.count === 2);
      expect((await call('kupon', 'kplayer2', 'POST', '/content/bonuses/casino/request', {})).statusCode).toBe(200);
      const waiting = await until(() => json('kupon', 'kadmin', '/content-settings/bonus-requests?status=waiting&bonusId=casino'), (r) => r.total === 1);
      const claimId = waiting.requests[0].claimId;
      expect((await call('kupon', 'kadmin', 'POST', `/content-settings/bonus-requests/${claimId}/confirm`, {})).json()).toEqual({ error: 'bonusAmountRequired' });
      expect((await call('kupon', 'kadmin', 'POST', `/content-settings/bonus-requests/${claimId}/cancel`, { reason: ' ' })).json()).toEqual({ error: 'isRequiredArea|reason' });
      expect((await call('kupon', 'kadmin', 'POST', `/content-settings/bonus-requests/${claimId}/cancel`, { reason: 'No casino play' })).json()).toEqual({ claimId, requestNo: 1, status: 'canceled' });
      const listed = await until(() => json('kupon', 'kplayer2', '/content/bonuses'), (b) => b.bonuses.find((x: { id: string }) => x.id === 'casino').status === 2);
      expect(listed.bonuses.find((x: { id: string }) => x.id === 'casino').requestedExists).toBe(true);
      // Not one-use and canceled: it may be asked for again.
      expect((await call('kupon', 'kplayer2', 'POST', '/content/bonuses/casino/request', {})).json()).toMatchObject({ status: 0 });
    });

    it('a site’s e-mail template writes its password renewal mail, with the code filled in; another site keeps the built-in text', async () => {
      const saved = await call('kupon', 'kadmin', 'PUT', '/content-settings/mail-templates/passwordReset', {
        subjects: { tr: '{{siteName}}: şifre yenileme', en: '{{siteName}}: new password' },
        bodies: { tr: 'Merhaba {{userName}}, kodunuz {{code}}. Bağlantı: {{ link }}', en: 'Hello {{userName}}, your code {{code}}' },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      await until(() => json('kupon', 'kadmin', '/content-settings/mail-templates'), (t) => t.total === 1);
      const forgot = async (site: string, userName: string) => {
        const response = await api.app.inject({ method: 'POST', url: '/api/v1/password/forgot', headers: { 'x-site-id': site }, payload: { userName } });
        expect(response.statusCode, response.body).toBe(200);
        return (await api.services.outbox.list(site, { to: `${userName}@${site}.example` })).find((mail) => mail.kind === 'passwordReset')!;
      };
      const mail = await forgot('kupon', 'kplayer2');
      expect(mail.subject).toBe('Kupon: şifre yenileme');
      const code = /kodunuz (\S+)\./.exec(mail.text)?.[1];
      expect(code).toBeTruthy();
      expect(mail.text).toBe(`Merhaba kplayer2, kodunuz ${code}. Bağlantı: /resetPassword/${encodeURIComponent(code!)}`);
      // The filled code is the real one: it renews the password.
      const reset = await api.app.inject({ method: 'POST', url: '/api/v1/password/reset', headers: { 'x-site-id': 'kupon' }, payload: { passCode: code, password: 'newpass12', repassword: 'newpass12' } });
      expect(reset.statusCode, reset.body).toBe(200);
      expect((await forgot('bahis', 'bplayer1')).text).toMatch(/^Your password renewal code: /);
    });
  });
}
