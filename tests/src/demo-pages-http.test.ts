import { seedDemoPages } from '@kupon/api';
import { type TestStorage, testBackends } from '@kupon/projections/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MoneyApi, openMoneyApi } from './money-harness';

/** Spec §2 footer: info pages 7, 8, 9, 10 and support pages 6, 5 on every brand; AML 15 (and KYC, page 8 again) only on the live-chat brand, bahis. */
const FOOTER_PAGES: Record<string, readonly string[]> = {
  kupon: ['7', '8', '9', '10', '6', '5'],
  bahis: ['7', '8', '9', '10', '6', '5', '15'],
};

/**
 * `npm start`'s demo info pages: after `seedDemoPages` every page the footer links answers on both
 * demo brands in tr and en; seeding again on the next start records nothing and leaves a page an
 * admin has edited as the admin wrote it.
 */
for (const backend of testBackends) {
  describe(`demo info pages over HTTP (${backend.name})`, () => {
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
    const seed = () => seedDemoPages({ commands: api.commands, clock: api.clock.now });

    it('every footer page of both brands answers in tr and en with a title and a body', async () => {
      expect(await seed()).toBe(13);
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

    it('seeding again on the next start appends no event', async () => {
      const events = await api.eventCount();
      expect(await seed()).toBe(0);
      expect(await api.eventCount()).toBe(events);
    });

    it('a page an admin edited keeps the admin text after another seeding', async () => {
      const edited = { titles: { tr: 'Kurallarımız', en: 'Our rules' }, bodies: { tr: 'Yeni kurallar.', en: 'New rules.' }, published: true };
      const saved = await api.callAs('kupon', 'kadmin', 'PUT', '/content-settings/pages/9', edited);
      expect(saved.statusCode, saved.body).toBe(200);
      const events = await api.eventCount();
      expect(await seed()).toBe(0);
      expect(await api.eventCount()).toBe(events);
      await api.settled();
      expect((await page('kupon', '9', 'en')).json()).toEqual({ id: '9', title: 'Our rules', body: 'New rules.' });
      expect((await page('kupon', '9', 'tr')).json()).toEqual({ id: '9', title: 'Kurallarımız', body: 'Yeni kurallar.' });
      // The other brand's page 9 is its own.
      expect((await page('bahis', '9', 'en')).json().title).toBe('Terms and Conditions');
    });
  });
}
