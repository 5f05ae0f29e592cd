import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserStack, startBrowserStack } from './browser-stack';

/**
 * The player site's two other doors in the browser against the api as `npm start` runs it:
 * /handlogin (a terminal logs in with its keypad PIN and this device's machine id, and lands on the
 * sports page as the terminal) and /tr/loginwithuser (a dealer's single-use ticket becomes the
 * player's session once; the same link again is refused in words).
 */
let stack: BrowserStack;
let siteUrl: string;
let browser: Browser;

beforeAll(async () => {
  stack = await startBrowserStack({ app: 'web', label: 'web hand login e2e', apiEnv: { FEED: 'off' } });
  ({ siteUrl, browser } = stack);
}, 240_000);

afterAll(() => stack?.close(), 60_000);

describe('terminal and login-with-user doors of the player site', () => {
  it('a terminal logs in through /handlogin with the keypad and lands on the sports page; the device keeps its machine id', async () => {
    const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, locale: 'tr-TR' });
    const page = await context.newPage();
    try {
      await page.goto(`${siteUrl}/tr/handlogin`);
      const screen = page.getByTestId('page-handlogin');
      await screen.waitFor();
      expect(await page.getByTestId('site-header').count()).toBe(0);
      const machineId = await page.evaluate<string>("JSON.parse(localStorage.getItem('kupon.machineId'))");
      expect(machineId).toMatch(/^[0-9a-f-]{36}$/);
      expect(await page.getByTestId('machine-id').textContent()).toContain(machineId);

      await screen.locator('input[name=userName]').fill('kterminal1');
      for (const digit of ['1', '2', '3', '4', '5', '6']) await screen.getByRole('button', { name: digit, exact: true }).click();
      await stack.shot(page, 'web-handlogin');
      // The user data arrive slowly (a busy till): the page still moves on, it is not reloaded back
      // to /handlogin by the cross-tab session check in the meantime.
      await page.route('**/api/v1/me', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 2_500));
        await route.continue();
      });
      const sent = page.waitForRequest((request) => request.url().endsWith('/api/v1/sessions/terminal'));
      await screen.getByRole('button', { name: 'Giriş Yap' }).click();
      expect((await sent).postDataJSON()).toEqual({ userName: 'kterminal1', password: '123456', machineId });
      await page.waitForURL(`${siteUrl}/tr/sports`);
      await page.getByTestId('account').waitFor();
      expect(await page.locator('.user-name').textContent()).toBe('kterminal1');
      expect(page.url()).toBe(`${siteUrl}/tr/sports`);
      await page.unroute('**/api/v1/me');
      await stack.shot(page, 'web-handlogin-sports');

      // The same device again: the same machine id.
      await page.goto(`${siteUrl}/tr/handlogin`);
      await page.getByTestId('page-handlogin').waitFor();
      expect(await page.getByTestId('machine-id').textContent()).toContain(machineId);

      // A wrong PIN is refused in words, and the page stays.
      await page.getByTestId('page-handlogin').locator('input[name=userName]').fill('kterminal1');
      await page.getByTestId('page-handlogin').locator('input[name=password]').fill('9999');
      await page.getByTestId('page-handlogin').getByRole('button', { name: 'Giriş Yap' }).click();
      await expect.poll(() => page.getByTestId('handlogin-error').textContent()).toBe('Kullanıcı adı veya şifre hatalı.');
    } finally {
      await context.close();
    }
  }, 90_000);

  it('a dealer\'s ticket opens the player\'s session at /tr/loginwithuser once; the link again is refused', async () => {
    const player = await stack.logIn('/sessions', 'kplayer1', 'play1234');
    const playerId = (await stack.call(player, 'GET', '/me')).json.userId as string;
    const dealer = await stack.logIn('/sessions/operator', 'ksubdealer1', 'sub12345');
    const issued = await stack.call(dealer, 'POST', '/sessions/as-user/tickets', { userId: playerId });
    expect(issued.status, JSON.stringify(issued.json)).toBe(201);
    const url = issued.json.url as string;

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'tr-TR' });
    const page = await context.newPage();
    try {
      await page.goto(`${siteUrl}${url}`);
      await page.waitForURL(`${siteUrl}/tr`);
      await page.getByTestId('account').waitFor();
      expect(await page.locator('.user-name').textContent()).toBe('kplayer1');

      await page.goto(`${siteUrl}${url}`);
      await expect.poll(() => page.getByTestId('loginwithuser-error').textContent()).toBe('Bu giriş bağlantısı geçersiz, kullanılmış ya da süresi dolmuş.');
      await stack.shot(page, 'web-loginwithuser-spent');
    } finally {
      await context.close();
    }
  }, 90_000);
});
