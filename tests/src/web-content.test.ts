import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserStack, removeDemoOffers, startBrowserStack } from './browser-stack';

/**
 * The player site's content (issue 7 item 1 bell, spec §2 popups and promotions, §3 popup alert and
 * bonus) in the browser against the api as `npm start` runs it: staff add a banner, a Home popup, a
 * static page, a notification and a bonus over HTTP, as the back office does; a guest sees the banner
 * and the popup on Home (closed once, it stays closed), the page in the footer; the player logs in,
 * sees the bell count 1 drop to 0 when opening it, and requests the bonus, which then waits.
 */
let stack: BrowserStack;
let siteUrl: string;
let browser: Browser;

beforeAll(async () => {
  stack = await startBrowserStack({ app: 'web', label: 'web content e2e', apiEnv: { FEED: 'off' } });
  ({ siteUrl, browser } = stack);
  // The brand starts without npm start's demo banners and bonus: the test's own are the site's only ones.
  await removeDemoOffers(stack);
}, 240_000);

afterAll(() => stack?.close(), 60_000);

const shot = (page: Page, name: string) => stack.shot(page, name);
/** A session of the kupon site: staff through the operator login, players through the player login. */
const logIn = (door: '/sessions' | '/sessions/operator', userName: string, password: string) => stack.logIn(door, userName, password);
const call = (cookie: string | null, method: 'GET' | 'POST' | 'PUT', path: string, body?: object) => stack.call(cookie, method, path, body);

describe('player site content', () => {
  it('banner and Home popup on Home, a page in the footer, the bell count drops when opened, a bonus requested waits', async () => {
    // 1. Staff add the content over HTTP, as the back office sends it.
    const staff = await logIn('/sessions/operator', 'kadmin', 'admin123');
    const window = { from: null, until: null };
    const saved = [
      await call(staff, 'PUT', '/content-settings/banners/hafta-sonu', { title: 'Hafta sonu fırsatı', image: '/brands/kupon.svg', url: '/tr/promotions', tag: 'Yeni', area: 'home', order: 1, active: true, languages: [], ...window }),
      await call(staff, 'PUT', '/content-settings/popups/hosgeldin', { titles: { tr: 'Hoş geldiniz!', en: 'Welcome!' }, contents: { tr: 'İlk yatırımınıza bonus sizi bekliyor.', en: 'A bonus awaits your first deposit.' }, type: 2, type2: 0, autoClose: 0, active: true, ...window }),
      await call(staff, 'PUT', '/content-settings/pages/kampanya-kurallari', { titles: { tr: 'Kampanya Kuralları', en: 'Promotion Rules' }, bodies: { tr: 'Bonuslar 5 kat çevrilir.', en: 'Bonuses are wagered 5 times.' }, published: true }),
      await call(staff, 'PUT', '/content-settings/bonuses/ilk-yatirim', { titles: { tr: 'İlk yatırım bonusu', en: 'First deposit bonus' }, descriptions: { tr: 'Yatırımınıza 25 TL', en: '25 TRY on your deposit' }, category: 'deposit', percent: 0, amount: 2500, maxAmount: null, multiplier: 5, oneUse: true, active: true, ...window }),
      await call(staff, 'POST', '/content-settings/notifications', { title: 'Bakım duyurusu', body: 'Bu gece 02:00’de kısa bir bakım var.' }),
    ];
    for (const answer of saved) expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    // Read models are a moment behind the writes: wait until the player's calls see everything.
    const player = await logIn('/sessions', 'kplayer1', 'play1234');
    await expect
      .poll(
        async () => [
          (await call(null, 'GET', '/content/banners?lang=tr&area=home')).json.banners.length,
          (await call(null, 'GET', '/content/popups?lang=tr')).json.popups.length,
          // The stack's brands come with the demo info pages (npm start's seed): this one among them.
          (await call(null, 'GET', '/content/pages?lang=tr')).json.pages.filter((p: { id: string }) => p.id === 'kampanya-kurallari').length,
          (await call(null, 'GET', '/content/bonuses?lang=tr')).json.count,
          (await call(player, 'GET', '/content/notifications')).json.unread,
        ],
        { timeout: 20_000 },
      )
      .toEqual([1, 1, 1, 1, 1]);

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'tr-TR' });
    const page = await context.newPage();
    try {
      // 2. A guest on Home: the banner, the Home popup over the page, the bonus count in the menu.
      await page.goto(`${siteUrl}/tr`);
      const banner = page.getByTestId('banners-home').getByTestId('banner');
      await banner.waitFor();
      expect(await banner.locator('img').getAttribute('alt')).toBe('Hafta sonu fırsatı');
      const popup = page.getByTestId('popup-alert');
      await popup.waitFor();
      expect(await popup.textContent()).toContain('İlk yatırımınıza bonus sizi bekliyor.');
      expect(await page.getByTestId('bonus-count').textContent()).toBe('1');
      await shot(page, 'web-content-home');
      await popup.getByRole('button', { name: 'Kapat' }).click();
      await popup.waitFor({ state: 'detached' });

      // The static page from the footer, in Turkish; the popup, closed, does not come back this session.
      await page.getByTestId('site-footer').getByRole('link', { name: 'Kampanya Kuralları' }).click();
      await page.waitForURL(`${siteUrl}/tr/page/kampanya-kurallari`);
      expect(await page.getByTestId('page-static').textContent()).toContain('Bonuslar 5 kat çevrilir.');
      await page.goto(`${siteUrl}/tr`);
      await banner.waitFor();
      await page.getByTestId('main-menu').waitFor();
      expect(await popup.count()).toBe(0);

      // 3. The player logs in: the bell says 1; opened, it lists the title and drops to 0 (for good).
      await page.getByTestId('login-button').click();
      const login = page.getByTestId('login-popup');
      await login.locator('input[name=userName]').fill('kplayer1');
      await login.locator('input[name=password]').fill('play1234');
      await login.getByRole('button', { name: 'Giriş Yap' }).click();
      await page.getByTestId('account').waitFor();
      const count = page.getByTestId('notification-count');
      await expect.poll(() => count.textContent(), { timeout: 10_000 }).toBe('1');
      await page.getByTestId('notification-bell').click();
      expect(await page.getByTestId('notification-menu').getByTestId('notification-item').textContent()).toContain('Bakım duyurusu');
      await expect.poll(() => count.textContent(), { timeout: 10_000 }).toBe('0');
      await shot(page, 'web-content-bell');
      await expect.poll(async () => (await call(player, 'GET', '/content/notifications')).json.unread, { timeout: 10_000 }).toBe(0);
      await page.reload();
      await page.getByTestId('account').waitFor();
      await expect.poll(() => count.textContent(), { timeout: 10_000 }).toBe('0');

      // 4. Promotions: the bonus is requested and then waits for staff, its button off.
      await page.getByTestId('menu-promotions').click();
      await page.waitForURL(`${siteUrl}/tr/promotions`);
      const bonus = page.getByTestId('bonus');
      await bonus.waitFor();
      expect(await bonus.locator('h3').textContent()).toBe('İlk yatırım bonusu');
      expect(await bonus.getAttribute('data-state')).toBe('available');
      await bonus.getByTestId('request-bonus').click();
      await expect
        .poll(
          async () => {
            if ((await bonus.getAttribute('data-state')) !== 'waiting') await page.reload();
            return bonus.getAttribute('data-state');
          },
          { timeout: 15_000 },
        )
        .toBe('waiting');
      expect(await bonus.getByTestId('bonus-state').textContent()).toBe('Onay bekliyor');
      expect(await bonus.getByTestId('request-bonus').isDisabled()).toBe(true);
      await shot(page, 'web-content-promotions');
      const waiting = async () => (await call(staff, 'GET', '/content-settings/bonus-requests?status=waiting')).json.requests.map((r: { bonusId: string; userName: string }) => [r.bonusId, r.userName]);
      await expect.poll(waiting, { timeout: 15_000 }).toEqual([['ilk-yatirim', 'kplayer1']]);
    } finally {
      await context.close();
    }
  });
});
