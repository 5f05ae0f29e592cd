import { randomUUID } from 'node:crypto';
import { openTestApi, type TestApi } from '@kupon/demo/testing';
import { moneyReactors, ReactorRunner, StreamCommands } from '@kupon/commands';
import { type TestStorage, testBackends } from '@kupon/projections/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logInWithPopup, registerInBrowser, registrationFields } from './browser';
import { type InProcessBrowser, startInProcessBrowser } from './browser-stack';

/**
 * Browser end-to-end tests of the player site (issue 7 item 7). The web app is built once with vite
 * and served by `vite preview`, which proxies `/api`, `/live` and `/docs` to a real api; Debian's
 * Chromium drives it. The api is composed as `api/src/main.ts` composes it (projection runner, money
 * reactors, demo seed) but in this process, on each test backend (PGlite always, PostgreSQL when
 * DATABASE_URL is set), so the test can read the captcha text the way a person reads the image.
 * Screenshots go to tests/artifacts/ (not committed).
 */
let stack: InProcessBrowser;

beforeAll(async () => {
  stack = await startInProcessBrowser({ app: 'web', label: 'web' });
}, 180_000);

afterAll(async () => {
  await stack?.close();
});

interface Site {
  readonly url: string;
  readonly api: TestApi;
  readonly apiUrl: string;
}

/** A real api on `storage`, listening on a free port, with the built site in front of it. */
async function startSite(storage: TestStorage): Promise<{ site: Site; stop(): Promise<void> }> {
  const commands = new StreamCommands(storage.store);
  const api = await openTestApi(storage, { clock: () => new Date(), money: { commands } });
  const reactors = new ReactorRunner({ store: storage.store, pool: storage.pool, commands, reactors: moneyReactors(storage.store), onError: (name, error) => console.error(`reactor ${name}:`, error) });
  await reactors.start();
  const served = await stack.serve(api, { live: true, docs: true });
  return {
    site: { url: served.siteUrl, api, apiUrl: served.apiUrl },
    stop: async () => {
      await served.close();
      await reactors.stop();
      await api.close();
    },
  };
}

describe.each(testBackends)('the player site on $name', (backend) => {
  let storage: TestStorage;
  let started: Awaited<ReturnType<typeof startSite>>;
  let siteUrl: string;
  const tag = backend.name === 'PGlite' ? 'pglite' : 'pg';

  beforeAll(async () => {
    storage = await backend.open();
    started = await startSite(storage);
    siteUrl = started.site.url;
  }, 120_000);

  afterAll(async () => {
    await started?.stop();
    await storage?.close();
  }, 60_000);

  describe('a player account (spec §2, §4, §5)', () => {
    it('a new player registers with the security code, logs in, sees the balance in the header and reaches Coupons', async () => {
      const { context, page } = await stack.newPage();
      const userName = `web${randomUUID().replaceAll('-', '').slice(0, 10)}`;
      // The security code, read off the image as a person would (the api records the texts it draws).
      await registerInBrowser(page, siteUrl, registrationFields(userName, String(Date.now()).slice(-9)), () => started.site.api.captchaTexts.at(-1)!, () => stack.shot(page, `register-tr-${tag}`));

      await page.getByTestId('login-button').click();
      const popup = page.getByTestId('login-popup');
      await popup.locator('input[name=userName]').fill(userName);
      await popup.locator('input[name=password]').fill('wrong-pass');
      await popup.getByRole('button', { name: 'Giriş Yap' }).click();
      await expect.poll(() => popup.getByTestId('login-error').textContent()).toBe('Kullanıcı adı veya şifre hatalı.');
      await popup.locator('input[name=password]').fill('gizli123');
      await popup.getByRole('button', { name: 'Giriş Yap' }).click();
      await page.getByTestId('account').waitFor();
      expect(await page.getByTestId('account').textContent()).toContain(userName);
      expect(await page.getByTestId('balance').textContent()).toBe('0 ₺');

      // Staff credit the account; the header shows the new balance in the §9 format.
      const admin = await started.site.api.logIn('kupon', 'kadmin');
      const player = await started.site.api.services.accounts.byUserName('kupon', userName);
      const credited = await fetch(`${started.site.apiUrl}/api/v1/wallet/adjustments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `kupon_sid=${admin}`, 'x-site-id': 'kupon' },
        body: JSON.stringify({ requestId: `web-${randomUUID()}`, userId: player!.userId, amount: 123_456, reason: 'e2e opening balance' }),
      });
      expect(credited.status).toBe(200);
      await page.reload();
      await expect.poll(() => page.getByTestId('balance').textContent()).toBe('1.234,56 ₺');

      await page.goto(`${siteUrl}/tr/coupons`);
      await page.getByTestId('page-coupons').waitFor();
      await stack.shot(page, `coupons-tr-${tag}`);
      await context.close();
    });

    it('logging out in one tab logs out the others within the second (logout flag, §4); login-only pages then go Home', async () => {
      const { context, page } = await stack.newPage();
      const other = await context.newPage();
      await logInWithPopup(page, siteUrl, 'kplayer1', 'play1234');

      await other.goto(`${siteUrl}/tr/userInformation`);
      await other.getByTestId('page-userInformation').waitFor();

      await page.getByTestId('account-menu').click();
      await page.getByTestId('logout').click();
      await page.getByTestId('login-button').waitFor();
      // The other tab notices the flag, reloads, and its login-only page sends it Home.
      await other.waitForURL(`${siteUrl}/tr`);
      await other.getByTestId('login-button').waitFor();
      await context.close();
    });
  });

  describe('brands (spec §1, §2: themes and the login screen from site settings)', () => {
    it('each brand has its own theme; with login_screen on a guest gets the login screen without header or footer', async () => {
      const admin = await started.site.api.logIn('bahis', 'badmin');
      const changed = await fetch(`${started.site.apiUrl}/api/v1/sites/current/settings`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', cookie: `kupon_sid=${admin}`, 'x-site-id': 'bahis' },
        body: JSON.stringify({ defaultTheme: 'royal', loginScreen: true }),
      });
      expect(changed.status).toBe(200);
      const port = new URL(siteUrl).port;
      const { context, page } = await stack.newPage();
      // *.localhost resolves to this machine; the api tells the brands apart by host.
      await page.goto(`http://bahis.localhost:${port}/en/results`);
      await page.waitForURL(`http://bahis.localhost:${port}/en/firstlogin`);
      await page.getByTestId('page-login').waitFor();
      expect(await page.title()).toBe('Bahis');
      expect(await page.getAttribute('html', 'data-theme')).toBe('royal');
      expect(await page.evaluate<string>("getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim()")).toBe('#6d28d9');
      expect(await page.getByTestId('site-header').count()).toBe(0);
      expect(await page.getByTestId('site-footer').count()).toBe(0);
      await stack.shot(page, `brand-login-screen-${tag}`);

      const form = page.getByTestId('login-form');
      await form.locator('input[name=userName]').fill('bplayer1');
      await form.locator('input[name=password]').fill('play1234');
      await form.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL(`http://bahis.localhost:${port}/en`);
      await page.getByTestId('account').waitFor();
      expect(await page.getByTestId('balance').textContent()).toMatch(/€$/);

      // The other brand keeps its own look and lets guests in.
      const other = await context.newPage();
      await other.goto(`${siteUrl}/en/results`);
      await other.getByTestId('page-results').waitFor();
      expect(await other.getAttribute('html', 'data-theme')).toBe('base');
      await context.close();
    });
  });

  describe('player site shell (spec §2)', () => {
    it('opens in Turkish by default: header, menu, footer, betslip; a path without language goes under /tr', async () => {
      const { context, page } = await stack.newPage({ locale: 'de-DE' });
      await page.goto(`${siteUrl}/`);
      await page.waitForURL(`${siteUrl}/tr`);
      await expect.poll(() => page.getByTestId('login-button').textContent()).toBe('Giriş Yap');
      expect(await page.getAttribute('html', 'lang')).toBe('tr');
      expect(await page.getByTestId('main-menu').textContent()).toContain('Canlı Bahis');
      expect(await page.getByTestId('site-footer').textContent()).toContain('Sorumlu Oyun');
      expect(await page.getByTestId('betslip-empty').isVisible()).toBe(true);
      expect(await page.getByTestId('clock').textContent()).toMatch(/^\d{2}:\d{2}:\d{2}$/);
      await page.getByTestId('page-home').waitFor();
      await stack.shot(page, `home-tr-${tag}`);

      await page.goto(`${siteUrl}/results`);
      await page.waitForURL(`${siteUrl}/tr/results`);
      await context.close();
    });

    it('renders in English under /en and keeps the choice for the next visit; the switcher changes the language in place', async () => {
      const { context, page } = await stack.newPage();
      await page.goto(`${siteUrl}/en`);
      await expect.poll(() => page.getByTestId('login-button').textContent()).toBe('Log in');
      expect(await page.getAttribute('html', 'lang')).toBe('en');
      await stack.shot(page, `home-en-${tag}`);

      await page.goto(`${siteUrl}/`);
      await page.waitForURL(`${siteUrl}/en`);

      await page.goto(`${siteUrl}/en/results`);
      await page.getByTestId('language-switcher').selectOption('tr');
      await page.waitForURL(`${siteUrl}/tr/results`);
      await expect.poll(() => page.getByTestId('login-button').textContent()).toBe('Giriş Yap');
      await context.close();
    });

    it('loginwithuser is forced under tr; an unknown language code is replaced', async () => {
      const { context, page } = await stack.newPage();
      await page.goto(`${siteUrl}/en/loginwithuser`);
      await page.waitForURL(`${siteUrl}/tr/loginwithuser`);
      await page.goto(`${siteUrl}/de/results`);
      await page.waitForURL(`${siteUrl}/tr/results`);
      await context.close();
    });

    it('guards: a logged-out visitor is sent Home from login-only pages and from the login screen (login_screen 0); a 404 shows Home', async () => {
      const { context, page } = await stack.newPage();
      for (const path of ['coupons', 'transactions', 'changePassword', 'affiliate', 'firstlogin', 'no-such-page']) {
        await page.goto(`${siteUrl}/tr/${path}`);
        await page.waitForURL(`${siteUrl}/tr`);
        await page.getByTestId('page-home').waitFor();
      }
      // Open pages stay where they are.
      await page.goto(`${siteUrl}/tr/register`);
      await page.getByTestId('page-register').waitFor();
      expect(page.url()).toBe(`${siteUrl}/tr/register`);
      await context.close();
    });

    it('the login popup checks the 4–20 rule before calling the server, in the page language', async () => {
      const { context, page } = await stack.newPage();
      await page.goto(`${siteUrl}/en`);
      await page.getByTestId('login-button').click();
      const popup = page.getByTestId('login-popup');
      await popup.getByRole('button', { name: 'Log in' }).click();
      await expect.poll(() => popup.locator('.field-error').allTextContents()).toEqual(['This field is required.', 'This field is required.']);
      await popup.locator('input[name=userName]').fill('abc');
      await popup.locator('input[name=password]').fill('secret');
      await popup.getByRole('button', { name: 'Log in' }).click();
      await expect.poll(() => popup.locator('.field-error').allTextContents()).toEqual(['Must be 4 to 20 characters']);
      await stack.shot(page, `login-popup-en-${tag}`);
      await context.close();
    });

    it('fits a 390×844 phone: no sideways scrolling, the betslip below the content', async () => {
      const { context, page } = await stack.newPage({ viewport: { width: 390, height: 844 }, isMobile: true });
      for (const path of ['tr', 'tr/sports', 'tr/register', 'en/livebets']) {
        await page.goto(`${siteUrl}/${path}`);
        await page.getByTestId('site-header').waitFor();
        await page.waitForLoadState('networkidle');
        expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
        await stack.shot(page, `phone-${path.replace('/', '-')}-${tag}`);
      }
      await context.close();
    });
  });
});
