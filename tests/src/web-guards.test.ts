import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { openTestApi, type TestApi } from '@kupon/demo/testing';
import { type TestStorage, testBackends } from '@kupon/projections/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logInWithPopup, registerInBrowser, registrationFields } from './browser';
import { type InProcessBrowser, type ServedSite, startInProcessBrowser } from './browser-stack';

/**
 * The player site's §2 guards and §1/§3 shell behaviour in a real browser: login_screen,
 * register_disabled, product flags with pipe lists, affiliate, 404; the header and theme from the
 * site settings (logo, social links, whatsapp, telegram, favicon, custom CSS/JS) with the settings
 * cached by version; scroll reset, look-alike warning, mobile redirect and the service-worker update
 * banner. The api runs in this process on PostgreSQL when DATABASE_URL is set (else PGlite), the
 * built site is served by `vite preview`, Debian's Chromium drives it.
 */
const backend = testBackends.at(-1)!;

let storage: TestStorage;
let api: TestApi;
let stack: InProcessBrowser;
let served: ServedSite;
let apiUrl: string;
let siteUrl: string;
let port: string;

beforeAll(async () => {
  storage = await backend.open();
  api = await openTestApi(storage, { clock: () => new Date() });
  stack = await startInProcessBrowser({ app: 'web', label: 'webguard' });
  served = await stack.serve(api);
  ({ apiUrl, siteUrl, port } = served);
}, 240_000);

afterAll(async () => {
  await stack?.close();
  await served?.close();
  await api?.close();
  await storage?.close();
}, 60_000);

/** A staff call over HTTP, as the back office makes it. */
async function asStaff(siteId: string, userName: string, method: 'PATCH' | 'PUT' | 'GET', path: string, body?: object): Promise<Response> {
  const sid = await api.logIn(siteId, userName);
  return fetch(`${apiUrl}/api/v1${path}`, {
    method,
    headers: { cookie: `kupon_sid=${sid}`, 'x-site-id': siteId, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
}

async function changeSettings(siteId: string, settings: object): Promise<void> {
  const response = await asStaff(siteId, `${siteId[0]}admin`, 'PATCH', '/sites/current/settings', settings);
  expect(response.status, await response.text()).toBe(200);
}

/** Opens `path` and waits until the app has settled on a URL (guards redirect with replace). */
async function landing(page: Page, url: string, expected: string): Promise<void> {
  await page.goto(url);
  await page.waitForURL(expected);
}

describe(`§2 guards in the browser (${backend.name})`, () => {
  it('login_screen on: a guest is sent to the login screen from login-only pages and from an unknown path; activation stays open', async () => {
    await changeSettings('bahis', { loginScreen: true });
    const bahis = `http://bahis.localhost:${port}`;
    const { context, page } = await stack.newPage();
    try {
      for (const path of ['coupons', 'transactions', 'no-such-page', 'sports']) await landing(page, `${bahis}/tr/${path}`, `${bahis}/tr/firstlogin`);
      await page.getByTestId('page-login').waitFor();
      expect(await page.getByTestId('site-header').count()).toBe(0);
      await page.goto(`${bahis}/tr/activation/not-a-code`);
      await page.getByTestId('page-activation').waitFor();
      expect(page.url()).toBe(`${bahis}/tr/activation/not-a-code`);
      await stack.shot(page, 'guard-login-screen');

      // Through the login screen to Home; logging out goes back to the login screen (§2 after logout).
      await page.goto(`${bahis}/tr/firstlogin`);
      const form = page.getByTestId('login-form');
      await form.locator('input[name=userName]').fill('bplayer1');
      await form.locator('input[name=password]').fill('play1234');
      await form.getByRole('button', { name: 'Giriş Yap' }).click();
      await page.waitForURL(`${bahis}/tr`);
      await page.getByTestId('account-menu').click();
      await page.getByTestId('logout').click();
      await page.waitForURL(`${bahis}/tr/firstlogin`);
      await page.getByTestId('page-login').waitFor();
    } finally {
      await context.close();
      await changeSettings('bahis', { loginScreen: false });
    }
  });

  it('register_disabled: the register pages go Home and the header offers no register button', async () => {
    await changeSettings('bahis', { registerDisabled: true });
    const bahis = `http://bahis.localhost:${port}`;
    const { context, page } = await stack.newPage();
    try {
      await landing(page, `${bahis}/tr/register`, `${bahis}/tr`);
      await landing(page, `${bahis}/tr/register/AFF123`, `${bahis}/tr`);
      await page.getByTestId('login-button').waitFor();
      expect(await page.getByTestId('register-link').count()).toBe(0);
    } finally {
      await context.close();
      await changeSettings('bahis', { registerDisabled: false });
    }
    const { context: again, page: open } = await stack.newPage();
    await open.goto(`${bahis}/tr/register`);
    await open.getByTestId('page-register').waitFor();
    expect(await open.getByTestId('register-link').count()).toBe(1);
    await again.close();
  });

  it('product flags: without sportUser the sports pages go Home and the menu drops them; Coupons needs sport or live (pipe list)', async () => {
    const player = api.login('kupon', 'kplayer2');
    const products = `/staff/users/${player.userId}/products`;
    const all = { sportUser: 1, liveUser: 1, casinoUser: 1, slotUser: 1, virtualUser: 1, bingoUser: 1, tvgamesUser: 1 };
    const { context, page } = await stack.newPage();
    try {
      expect((await asStaff('kupon', 'kadmin', 'PUT', products, { ...all, sportUser: 0 })).status).toBe(200);
      await logInWithPopup(page, siteUrl, 'kplayer2', 'play1234');
      const menu = page.getByTestId('main-menu');
      expect(await menu.getByRole('link', { name: 'Spor', exact: true }).count()).toBe(0);
      expect(await menu.getByRole('link', { name: 'Canlı Bahis', exact: true }).count()).toBe(1);
      await landing(page, `${siteUrl}/tr/sports`, `${siteUrl}/tr`);
      await landing(page, `${siteUrl}/tr/sports/match/any`, `${siteUrl}/tr`);
      // liveUser alone still opens Coupons (liveUser|sportUser: any one suffices).
      await page.goto(`${siteUrl}/tr/coupons`);
      await page.getByTestId('page-coupons').waitFor();
      await page.goto(`${siteUrl}/tr/livebets`);
      await page.getByTestId('page-livebets').waitFor();

      expect((await asStaff('kupon', 'kadmin', 'PUT', products, { ...all, sportUser: 0, liveUser: 0 })).status).toBe(200);
      await landing(page, `${siteUrl}/tr/coupons`, `${siteUrl}/tr`);
      await page.getByTestId('account').waitFor();
      expect(await page.getByTestId('account').textContent()).not.toContain('Kuponlarım');
      await landing(page, `${siteUrl}/tr/livebets`, `${siteUrl}/tr`);
    } finally {
      await context.close();
      await asStaff('kupon', 'kadmin', 'PUT', products, all);
    }
  });

  it('a logged-in player: logged-out-only pages and unknown paths go Home; affiliate pages need the site’s affiliateStatus', async () => {
    const { context, page } = await stack.newPage();
    try {
      await logInWithPopup(page, siteUrl, 'kplayer1', 'play1234');
      for (const path of ['register', 'forgotPassword', 'firstlogin', 'resetPassword/abc', 'no-such-page', 'affiliate']) await landing(page, `${siteUrl}/tr/${path}`, `${siteUrl}/tr`);
      await changeSettings('kupon', { affiliateStatus: true });
      await page.reload();
      await page.goto(`${siteUrl}/tr/affiliate`);
      await page.getByTestId('page-affiliate').waitFor();
    } finally {
      await context.close();
      await changeSettings('kupon', { affiliateStatus: false });
    }
  });
});

describe(`the shell from site settings (${backend.name})`, () => {
  it('the header shows the brand’s logo, social links, whatsapp numbers and telegram; the favicon is the brand’s', async () => {
    const { context, page } = await stack.newPage();
    await page.goto(`${siteUrl}/tr`);
    const logo = page.getByTestId('logo').locator('img');
    await logo.waitFor();
    expect(await logo.getAttribute('src')).toBe('/brands/kupon.svg');
    await expect.poll(() => logo.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);
    expect(await page.getByTestId('social-twitter').getAttribute('href')).toBe('https://twitter.com/kupon');
    expect(await page.getByTestId('social-instagram').getAttribute('href')).toBe('https://instagram.com/kupon');
    expect(await page.getByTestId('social-youtube').count()).toBe(0);
    await expect.poll(() => page.getByTestId('whatsapp').allTextContents()).toEqual(['WhatsApp +90 555 000 00 01', 'WhatsApp +90 555 000 00 02']);
    expect(await page.getByTestId('whatsapp').first().getAttribute('href')).toBe('https://wa.me/905550000001');
    expect(await page.getByTestId('telegram').getAttribute('href')).toBe('https://t.me/kupon_destek');
    expect(await page.locator('link[rel=icon]').getAttribute('href')).toBe('/brands/kupon-icon.svg');
    await stack.shot(page, 'header-brand-kupon');
    await context.close();
  });

  it('a sport-first brand theme opens Home on the sports page; the base theme on the home page', async () => {
    const { context, page } = await stack.newPage();
    await page.goto(`http://bahis.localhost:${port}/tr`);
    await page.getByTestId('page-sports').waitFor();
    expect(await page.getAttribute('html', 'data-theme')).toBe('emerald');
    await page.goto(`${siteUrl}/tr`);
    await page.getByTestId('page-home').waitFor();
    expect(await page.getByTestId('page-sports').count()).toBe(0);
    await context.close();
  });

  it('settings are kept by version: an unchanged version reuses the stored copy; a change brings the new custom CSS and JS', async () => {
    const bahis = `http://bahis.localhost:${port}`;
    const { context, page } = await stack.newPage();
    try {
      const asked: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/v1/sites/current')) asked.push(request.url());
      });
      await page.goto(`${bahis}/en`);
      await page.getByTestId('logo').locator('img[src="/brands/bahis.svg"]').waitFor();
      const stored = async () => page.evaluate<{ version: number; operatorId: string } | null>("JSON.parse(localStorage.getItem('kupon.settings'))");
      await expect.poll(async () => (await stored())?.operatorId).toBe('bahis');
      const version = (await stored())!.version;

      const unchanged = page.waitForResponse((r) => r.url().includes(`version=${version}`));
      await page.reload();
      expect(await (await unchanged).json()).toMatchObject({ unchanged: true, version });
      await page.getByTestId('logo').locator('img[src="/brands/bahis.svg"]').waitFor();

      await changeSettings('bahis', { customCss: '.site-header { outline: 3px solid rgb(255, 0, 0); }', customJs: "document.documentElement.dataset.brandScript = 'ran';" });
      await page.reload();
      await expect.poll(async () => (await stored())?.version).toBe(version + 1);
      await expect.poll(() => page.evaluate<string>("getComputedStyle(document.querySelector('[data-testid=site-header]')).outlineColor")).toBe('rgb(255, 0, 0)');
      await expect.poll(() => page.getAttribute('html', 'data-brand-script')).toBe('ran');
      expect(asked.every((url) => url.includes('domain=bahis.localhost'))).toBe(true);
    } finally {
      await context.close();
      await changeSettings('bahis', { customCss: '', customJs: '' });
    }
  });

  it('route changes scroll back to the top; the look-alike warning names the host and stays dismissed', async () => {
    const { context, page } = await stack.newPage({ viewport: { width: 1280, height: 400 } });
    await page.goto(`${siteUrl}/tr`);
    const warning = page.getByTestId('lookalike-warning');
    expect(await warning.textContent()).toContain('127.0.0.1');
    // Scroll down once the page is taller than the window (its lists load after the first paint, and
    // a scroll before that has nowhere to go).
    await expect
      .poll(async () => {
        await page.evaluate('window.scrollTo(0, document.body.scrollHeight)');
        return page.evaluate<number>('window.scrollY');
      })
      .toBeGreaterThan(0);
    await page.getByTestId('site-footer').getByRole('link', { name: 'Sonuçlar' }).click();
    await page.waitForURL(`${siteUrl}/tr/results`);
    await expect.poll(() => page.evaluate<number>('window.scrollY')).toBe(0);

    await warning.getByRole('button').click();
    expect(await warning.count()).toBe(0);
    await page.reload();
    await page.getByTestId('site-header').waitFor();
    expect(await page.getByTestId('lookalike-warning').count()).toBe(0);
    await context.close();
  });

  it('the match search opens from its button, starts past two characters, and a click anywhere else closes it', async () => {
    const { context, page } = await stack.newPage();
    await page.goto(`${siteUrl}/tr/sports`);
    await page.getByTestId('page-sports').getByRole('button', { name: 'Ara' }).click();
    const search = page.getByTestId('match-search');
    await search.fill('ga');
    expect(await page.getByTestId('page-sports').locator('h1').textContent()).toBe('Maçlar');
    await search.fill('gal');
    await expect.poll(() => page.getByTestId('page-sports').locator('h1').textContent()).toContain('gal');
    await search.click();
    expect(await search.isVisible()).toBe(true);
    await page.getByTestId('page-sports').locator('h1').click();
    expect(await page.getByTestId('match-search').count()).toBe(0);
    await context.close();
  });

  it('a phone browser is sent to the m. host of the brand, which serves the same brand', async () => {
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
    const { context, page } = await stack.newPage({ viewport: { width: 390, height: 844 }, userAgent: iphone, isMobile: true });
    await page.goto(`http://bahis.localhost:${port}/tr/results?x=1`);
    await page.waitForURL(`http://m.bahis.localhost:${port}/tr/results?x=1`);
    await page.getByTestId('page-results').waitFor();
    await expect.poll(() => page.title()).toBe('Bahis');
    await stack.shot(page, 'mobile-host-bahis');
    await context.close();
  });

  it('a new build shows “New version available! Click to update!”; the click loads it', async () => {
    const { context, page } = await stack.newPage();
    await page.goto(`${siteUrl}/en`);
    // The first worker installs and takes control without a banner.
    await expect.poll(() => page.evaluate<boolean>('Boolean(navigator.serviceWorker.controller)'), { timeout: 20_000 }).toBe(true);
    expect(await page.getByTestId('update-banner').count()).toBe(0);

    // A new build: the worker script changes (its build stamp), and the hourly check runs now.
    const file = join(stack.outDir, 'sw.js');
    const original = readFileSync(file, 'utf8');
    writeFileSync(file, original.replace(/build [0-9a-f]+/, 'build 0000000000000000'));
    try {
      await page.evaluate('window.beforeUpdate = true; navigator.serviceWorker.getRegistration().then((r) => r.update())');
      const banner = page.getByTestId('update-banner');
      await banner.waitFor({ timeout: 20_000 });
      expect(await banner.textContent()).toBe('New version available! Click to update!');
      await stack.shot(page, 'update-banner-en');
      await banner.click();
      // The page reloads under the new worker: what the old page held is gone.
      await expect.poll(() => page.evaluate<boolean>('window.beforeUpdate === true').catch(() => true), { timeout: 20_000 }).toBe(false);
      await page.getByTestId('site-header').waitFor();
      expect(await page.getByTestId('update-banner').count()).toBe(0);
    } finally {
      writeFileSync(file, original);
      await context.close();
    }
  });
});

describe(`account mails: activation and password renewal (${backend.name})`, () => {
  /** The code in the latest mail of `kind` to `to`, as the player would follow the link in it. */
  async function mailedCode(siteId: string, to: string, kind: string, path: string): Promise<string> {
    let code = '';
    await expect
      .poll(async () => {
        const mail = (await api.services.outbox.list(siteId, { to })).find((m) => m.kind === kind);
        code = new RegExp(`/${path}/([^\\s]+)`).exec(mail?.text ?? '')?.[1] ?? '';
        return code;
      })
      .not.toBe('');
    return decodeURIComponent(code);
  }

  async function logIn(page: Page, userName: string, password: string): Promise<void> {
    await page.getByTestId('login-button').click();
    const popup = page.getByTestId('login-popup');
    await popup.locator('input[name=userName]').fill(userName);
    await popup.locator('input[name=password]').fill(password);
    await popup.getByRole('button', { name: 'Giriş Yap' }).click();
  }

  it('on a brand with mail activation a new player logs in only after the mailed link; a forgotten password is renewed by the mailed link; the password is changed on its page', async () => {
    const bahis = `http://bahis.localhost:${port}`;
    const userName = `act${randomUUID().replaceAll('-', '').slice(0, 10)}`;
    const email = `${userName}@example.com`;
    const { context, page } = await stack.newPage();
    await registerInBrowser(page, bahis, registrationFields(userName, String(Date.now()).slice(-9)), () => api.captchaTexts.at(-1)!);

    await logIn(page, userName, 'gizli123');
    await expect.poll(() => page.getByTestId('login-popup').getByTestId('login-error').textContent()).toBe('Hesabınız henüz aktifleştirilmedi. E-postanızdaki bağlantıyı kullanın.');
    await page.keyboard.press('Escape');

    const activation = await mailedCode('bahis', email, 'activation', 'activation');
    await page.goto(`${bahis}/tr/activation/${encodeURIComponent(activation)}`);
    await page.getByText('Hesabınız aktifleştirildi. Giriş yapabilirsiniz.').waitFor();
    await page.goto(`${bahis}/tr/activation/not-the-code`);
    await page.getByTestId('page-activation').getByRole('alert').waitFor();

    await page.goto(`${bahis}/tr`);
    await logIn(page, userName, 'gizli123');
    await page.getByTestId('account').waitFor();
    await page.getByTestId('account-menu').click();
    await page.getByTestId('logout').click();
    await page.getByTestId('login-button').waitFor();

    await page.goto(`${bahis}/tr/forgotPassword`);
    const forgot = page.getByTestId('page-forgotPassword');
    await forgot.locator('input[autocomplete=username]').fill(userName);
    await forgot.getByRole('button').click();
    await forgot.getByText('Şifre yenileme bağlantısı e-posta adresinize gönderildi.').waitFor();
    const passCode = await mailedCode('bahis', email, 'passwordReset', 'resetPassword');
    await page.goto(`${bahis}/tr/resetPassword/${encodeURIComponent(passCode)}`);
    const reset = page.getByTestId('page-resetPassword');
    const [first, second] = [reset.locator('input[type=password]').nth(0), reset.locator('input[type=password]').nth(1)];
    await first.fill('yeni1234');
    await second.fill('yeni12345');
    await reset.getByRole('button').click();
    await reset.getByRole('alert').waitFor();
    await second.fill('yeni1234');
    await reset.getByRole('button').click();
    await reset.locator('.notice--success').waitFor();
    await stack.shot(page, 'password-renewed-tr');

    await page.goto(`${bahis}/tr`);
    await logIn(page, userName, 'yeni1234');
    await page.getByTestId('account').waitFor();
    expect(await page.getByTestId('balance').textContent()).toBe('0 €');

    // Change password: a wrong current password is refused in words; the right one changes it.
    await page.goto(`${bahis}/tr/changePassword`);
    const change = page.getByTestId('page-changePassword');
    const fill = async (current: string, next: string) => {
      await change.locator('input[autocomplete=current-password]').fill(current);
      await change.locator('input[autocomplete=new-password]').nth(0).fill(next);
      await change.locator('input[autocomplete=new-password]').nth(1).fill(next);
      await change.getByRole('button').click();
    };
    await fill('yanlis12', 'son12345');
    await expect.poll(() => change.getByRole('alert').textContent()).toBe('Mevcut şifreniz yanlış.');
    await fill('yeni1234', 'son12345');
    await change.locator('.notice--success').waitFor();
    await page.getByTestId('account-menu').click();
    await page.getByTestId('logout').click();
    await page.getByTestId('login-button').waitFor();
    await logIn(page, userName, 'son12345');
    await page.getByTestId('account').waitFor();
    await context.close();
  });
});
