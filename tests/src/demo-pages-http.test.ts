import { seedDemoContent } from '@kupon/demo';
import { type TestStorage, testBackends } from '@kupon/projections/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MoneyApi, openMoneyApi } from './money-harness';

/** Spec §2 footer: info pages 7, 8, 9, 10 and support pages 6, 5 on every brand; AML 15 (and KYC, page 8 again) only on the live-chat brand, bahis. */
const FOOTER_PAGES: Record<string, readonly string[]> = {
  kupon: ['7', '8', '9', '10', '6', '5'],
  bahis: ['7', '8', '9', '10', '6', '5', '15'],
};

/**
 * `npm start`'s demo content: after `seedDemoContent` every page the footer links answers on both
 * demo brands in tr and en, the home shows a banner per language leading to its page, and Promotions
 * offers the welcome bonus; seeding again on the next start records nothing, leaves a page an admin
 * has edited as the admin wrote it and does not bring back a banner the admin removed.
 */
for (const backend of testBackends) {
  describe(`demo content over HTTP (${backend.name})`, () => {
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

    const page = (site: string, id: string, lang: string) => api.callAs(site, null, 'GET', `/content/pages/${id}?lang=${lang}`);
    const seed = () => seedDemoContent({ commands: api.commands, clock: api.clock.now });

    it('every footer page of both brands answers in tr and en with a title and a body', async () => {
      // 6 + 7 pages, 4 banners and 1 bonus offer per brand.
      expect(await seed()).toBe(23);
      await api.settled();
      for (const [site, ids] of Object.entries(FOOTER_PAGES)) {
        for (const id of ids) {
          const [tr, en] = await Promise.all([page(site, id, 'tr'), page(site, id, 'en')]);
          expect([tr.statusCode, en.statusCode], `${site} page ${id}: ${tr.body} ${en.body}`).toEqual([200, 200]);
          for (const answer of [tr.json(), en.json()]) {
            expect(answer.id).toBe(id);
            expect(answer.title.length, `${site} page ${id}`).toBeGreaterThan(0);
            expect(answer.body.length, `${site} page ${id}`).toBeGreaterThan(200);
          }
          // Each language its own text, not the default language's as a fallback.
          expect(en.json().title, `${site} page ${id}`).not.toBe(tr.json().title);
          expect(en.json().body, `${site} page ${id}`).not.toBe(tr.json().body);
        }
      }
      // Page 8 is KYC too where the footer links it so; page 15 is linked on bahis alone.
      expect((await page('bahis', '8', 'en')).json().title).toMatch(/KYC/);
      expect((await page('kupon', '8', 'en')).json().title).not.toMatch(/KYC/);
      expect((await page('kupon', '15', 'tr')).json()).toEqual({ error: 'contentNotFound|15' });
      expect((await page('kupon', '7', 'tr')).json().body).toMatch(/gerçek para yoktur/);
    });

    it('the home shows the brand’s banners in the page language, each leading to its page there; Promotions offers the welcome bonus', async () => {
      const banners = async (site: string, lang: string) => (await api.callAs(site, null, 'GET', `/content/banners?area=home&lang=${lang}`)).json().banners as { title: string; image: string; url: string }[];
      expect(await banners('kupon', 'tr')).toEqual([
        expect.objectContaining({ title: 'Hoş geldin bonusu', image: '/brands/kupon-banner-welcome-tr.svg', url: '/tr/promotions' }),
        expect.objectContaining({ title: 'Canlı bahis', image: '/brands/kupon-banner-live-tr.svg', url: '/tr/livebets' }),
      ]);
      expect((await banners('bahis', 'en')).map((b) => [b.image, b.url])).toEqual([
        ['/brands/bahis-banner-welcome-en.svg', '/en/promotions'],
        ['/brands/bahis-banner-live-en.svg', '/en/livebets'],
      ]);
      const offers = (await api.callAs('kupon', 'kplayer1', 'GET', '/content/bonuses?lang=en')).json();
      expect(offers.bonuses).toEqual([expect.objectContaining({ id: 'demo-welcome', title: 'Welcome bonus', percent: 100, maxAmount: 50_000, multiplier: 5, oneUse: true, status: null })]);
    });

    it('seeding again on the next start appends no event', async () => {
      const events = await api.eventCount();
      expect(await seed()).toBe(0);
      expect(await api.eventCount()).toBe(events);
    });

    it('a page an admin edited keeps the admin text after another seeding; a banner an admin removed is not brought back', async () => {
      const edited = { titles: { tr: 'Kurallarımız', en: 'Our rules' }, bodies: { tr: 'Yeni kurallar.', en: 'New rules.' }, published: true };
      const saved = await api.callAs('kupon', 'kadmin', 'PUT', '/content-settings/pages/9', edited);
      expect(saved.statusCode, saved.body).toBe(200);
      const events = await api.eventCount();
      expect(await seed()).toBe(0);
      expect(await api.eventCount()).toBe(events);
      await api.settled();
      expect((await page('kupon', '9', 'en')).json()).toEqual({ id: '9', title: 'Our rules', body: 'New rules.' });
      expect((await page('kupon', '9', 'tr')).json()).toEqual({ id: '9', title: 'Kurallarımız', body: 'Yeni kurallar.' });
      // A banner the admin removed stays removed.
      expect((await api.callAs('kupon', 'kadmin', 'DELETE', '/content-settings/banners/demo-live-tr')).statusCode).toBe(200);
      expect(await seed()).toBe(0);
      await api.settled();
      expect((await api.callAs('kupon', null, 'GET', '/content/banners?area=home&lang=tr')).json().banners.map((b: { id: string }) => b.id)).toEqual(['demo-welcome-tr']);
      // The other brand's page 9 is its own.
      expect((await page('bahis', '9', 'en')).json().title).toBe('Terms and Conditions');
    });
  });
}
