import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frameBalance } from './browser';
import { type BrowserStack, startBrowserStack } from './browser-stack';
import { DEMO_SLOT_TITLES } from './casino-harness';

/**
 * The player's casino pages (spec §2 /casino, §4 Casino) in the browser against the api as `npm start`
 * runs it, with the built-in demo provider: a guest who opens a game is asked to log in; the player
 * picks the demo provider, then the aggregator and one of its studios (kept in the address over a
 * reload), stars a game that is still starred after a reload, opens the slot in the game popup and
 * spins; the wallet moves by exactly the stake and the win the game shows.
 */
let stack: BrowserStack;
let siteUrl: string;
let browser: Browser;

beforeAll(async () => {
  stack = await startBrowserStack({ app: 'web', label: 'web casino e2e', apiEnv: { FEED: 'off' } });
  ({ siteUrl, browser } = stack);
}, 240_000);

afterAll(() => stack?.close(), 60_000);

/** The money in the header, as minor units (§9 format: thousands dot, decimal comma). */
async function headerBalance(page: Page): Promise<number> {
  const text = (await page.getByTestId('balance').textContent()) ?? '';
  const [whole = '0', cents = '00'] = text.replace(/[^\d,]/g, '').split(',');
  return Number(whole) * 100 + Number(cents.padEnd(2, '0'));
}

describe('player casino pages', () => {
  it('guest asked to log in; provider picked; an aggregator’s studio picked and kept over a reload; a favourite survives a reload; the demo slot opens in the game popup and a spin moves the wallet by stake and win', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'tr-TR' });
    const page = await context.newPage();
    const titles = () => page.getByTestId('casino-grid').getByTestId('casino-game-title').allTextContents();
    try {
      // 1. A guest sees the slots; opening one asks for a login (the header's login popup).
      await page.goto(`${siteUrl}/tr/casino`);
      await page.getByTestId('casino-grid').waitFor();
      expect(await titles()).toEqual(DEMO_SLOT_TITLES);
      await page.getByTitle('Kupon Fruits oyna').click();
      const login = page.getByTestId('login-popup');
      await login.locator('input[name=userName]').fill('kplayer1');
      await login.locator('input[name=password]').fill('play1234');
      await login.getByRole('button', { name: 'Giriş Yap' }).click();
      await page.getByTestId('account').waitFor();
      await login.waitFor({ state: 'detached' });
      expect(await page.getByTestId('game-popup').count()).toBe(0);

      // 2. The provider menu: the demo provider's games; the pick is kept in the address.
      await page.getByTestId('casino-menu').getByRole('button', { name: 'Kupon Demo' }).click();
      await page.waitForURL(`${siteUrl}/tr/casino?provider=900`);
      // The last grid stays until the provider's arrives.
      await expect.poll(titles, { timeout: 10_000 }).toEqual(['Kupon Fruits', 'Kupon Dice']);
      expect(await page.getByTestId('casino-sub-providers').count()).toBe(0);

      // 2b. The aggregator (lobby flag 0): its studios with their counts and all their games; a studio's games only, kept over a reload.
      await page.getByTestId('casino-menu').getByRole('button', { name: 'Kupon Aggregator' }).click();
      await page.waitForURL(`${siteUrl}/tr/casino?provider=940`);
      const studios = page.getByTestId('casino-sub-providers');
      // The studio list comes with the aggregator's games, after the address has changed.
      await expect
        .poll(() => studios.getByRole('button').allTextContents(), { timeout: 10_000 })
        .toEqual(['Tüm stüdyolar5', 'Lucky Forge1', 'Nova Reels2', 'Pixel Play2']);
      await expect.poll(titles, { timeout: 10_000 }).toEqual(['Nova Cherries', 'Nova Sevens', 'Pixel High-Low', 'Pixel Bells', 'Forge Fortune']);
      await studios.getByRole('button', { name: /^Pixel Play/ }).click();
      await page.waitForURL(`${siteUrl}/tr/casino?provider=940&sub=Pixel+Play`);
      await expect.poll(titles, { timeout: 10_000 }).toEqual(['Pixel High-Low', 'Pixel Bells']);
      await page.reload();
      await expect.poll(titles, { timeout: 10_000 }).toEqual(['Pixel High-Low', 'Pixel Bells']);
      await page.getByRole('heading', { level: 2, name: 'Pixel Play' }).waitFor();
      expect(await studios.getByRole('button', { name: /^Pixel Play/ }).getAttribute('aria-pressed')).toBe('true');
      await stack.shot(page, 'web-casino-sub-providers');
      await page.getByTestId('casino-menu').getByRole('button', { name: 'Kupon Demo' }).click();
      await page.waitForURL(`${siteUrl}/tr/casino?provider=900`);
      await expect.poll(titles, { timeout: 10_000 }).toEqual(['Kupon Fruits', 'Kupon Dice']);

      // 3. A favourite is kept on the device: after a reload the favourites list holds it.
      const dice = page.getByTestId('casino-game').filter({ hasText: 'Kupon Dice' });
      await dice.getByTestId('casino-favourite-toggle').click();
      expect(await dice.getByTestId('casino-favourite-toggle').getAttribute('aria-pressed')).toBe('true');
      await page.reload();
      await page.getByTestId('casino-favourites').click();
      await page.waitForURL(`${siteUrl}/tr/casino?provider=favourites`);
      await expect.poll(titles, { timeout: 10_000 }).toEqual(['Kupon Dice']);
      expect(await page.getByTestId('casino-favourite-count').textContent()).toBe('1');
      await stack.shot(page, 'web-casino-favourites');

      // 4. The slot opens framed in the game popup; one spin at the smallest stake (1.00).
      await page.getByTestId('casino-all').click();
      await page.getByTitle('Kupon Fruits oyna').click();
      const popup = page.getByTestId('game-popup');
      await popup.getByTestId('game-frame').waitFor();
      // The frame is the demo provider's page; its balance is what the seamless wallet answered.
      const frame = popup.frameLocator('[data-testid=game-frame]');
      await frame.getByTestId('balance').waitFor();
      const before = await frameBalance(frame);
      await stack.shot(page, 'web-casino-game');
      await frame.getByRole('button', { name: 'Çevir' }).click();
      const result = frame.getByTestId('result');
      await result.waitFor();
      const win = Number(await result.getAttribute('data-win'));
      expect(await frameBalance(frame)).toBe(before - 100 + win);

      // 5. Closed, the popup is gone and the header's balance reads what the game left.
      await popup.getByTestId('game-popup-close').click();
      await popup.waitFor({ state: 'detached' });
      await expect
        .poll(
          async () => {
            const shown = await headerBalance(page);
            if (shown !== before - 100 + win) await page.reload();
            await page.getByTestId('balance').waitFor();
            return headerBalance(page);
          },
          { timeout: 20_000 },
        )
        .toBe(before - 100 + win);
    } finally {
      await context.close();
    }
  });
});
