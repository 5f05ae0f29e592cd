import type { Browser, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frameBalance, logInWithPopup } from './browser';
import { type BrowserStack, startBrowserStack } from './browser-stack';

/**
 * Live bingo, virtual games and TV games in the browser against the api as `npm start` runs it: the
 * player reaches each page from the main menu, opens the demo provider's game in the game popup and
 * plays one round; the frame's balance moves by exactly the bet and the win the game shows.
 */
let stack: BrowserStack;
let siteUrl: string;
let browser: Browser;

beforeAll(async () => {
  stack = await startBrowserStack({ app: 'web', label: 'casino products e2e', apiEnv: { FEED: 'off' } });
  ({ siteUrl, browser } = stack);
}, 240_000);

afterAll(() => stack?.close(), 60_000);

/** Opens the page from the main menu, checks its one game, opens it and returns the game's frame with its balance. */
async function openGame(page: Page, menu: string, path: string, title: string): Promise<{ frame: FrameLocator; before: number }> {
  await page.getByTestId('main-menu').getByRole('link', { name: menu }).click();
  await page.waitForURL(`${siteUrl}/tr/${path}`);
  await page.getByTestId(`page-${path}`).waitFor();
  await expect.poll(() => page.getByTestId('casino-grid').getByTestId('casino-game-title').allTextContents(), { timeout: 10_000 }).toEqual([title]);
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(menu);
  await page.getByTitle(`${title} oyna`).click();
  const popup = page.getByTestId('game-popup');
  await popup.getByTestId('game-frame').waitFor();
  const frame = popup.frameLocator('[data-testid=game-frame]');
  await frame.getByTestId('balance').waitFor();
  return { frame, before: await frameBalance(frame) };
}

async function closeGame(page: Page): Promise<void> {
  await page.getByTestId('game-popup-close').click();
  await page.getByTestId('game-popup').waitFor({ state: 'detached' });
}

describe('bingo, virtual and TV games pages', () => {
  it('the player plays a tombala round with two cards, a virtual match on X and a wheel spin; each moves the wallet by bet and win', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'tr-TR' });
    const page = await context.newPage();
    try {
      await logInWithPopup(page, siteUrl, 'kplayer1', 'play1234');

      // Tombala: two cards at 1.00, one bet of 2.00; the cards and the drawn balls show.
      const tombala = await openGame(page, 'Canlı Tombala', 'bingo', 'Kupon Tombala');
      await tombala.frame.locator('select[name=cards]').selectOption('2');
      await tombala.frame.getByRole('button', { name: 'Kartları al ve çek' }).click();
      await tombala.frame.getByTestId('result').waitFor();
      expect(await tombala.frame.getByTestId('card-prize').count()).toBe(2);
      expect((await tombala.frame.getByTestId('balls').textContent())!.split(' ')).toHaveLength(50);
      const bingoWin = Number(await tombala.frame.getByTestId('result').getAttribute('data-win'));
      expect(await frameBalance(tombala.frame)).toBe(tombala.before - 200 + bingoWin);
      await stack.shot(page, 'casino-products-tombala');
      await closeGame(page);

      // Virtual football: a draw (X) at the smallest stake; the score decides.
      const virtual = await openGame(page, 'Sanal Oyunlar', 'virtualgames', 'Kupon Virtual Football');
      await virtual.frame.getByTestId('fixture').waitFor();
      await virtual.frame.locator('input[name=pick][value=X]').check();
      await virtual.frame.getByRole('button', { name: 'Maçı oyna' }).click();
      await virtual.frame.getByTestId('result').waitFor();
      const [home, away] = (await virtual.frame.getByTestId('outcome').getAttribute('data-score'))!.split('-').map(Number);
      const matchWin = Number(await virtual.frame.getByTestId('result').getAttribute('data-win'));
      expect(matchWin > 0).toBe(home === away);
      expect(await frameBalance(virtual.frame)).toBe(virtual.before - 100 + matchWin);
      await stack.shot(page, 'casino-products-virtual');
      await closeGame(page);

      // The wheel: a stake on 1 pays twice the stake when it stops on 1.
      const wheel = await openGame(page, 'TV Oyunları', 'tvgames', 'Kupon Çarkı');
      await wheel.frame.getByRole('button', { name: 'Çevir' }).click();
      await wheel.frame.getByTestId('result').waitFor();
      const landed = Number(await wheel.frame.getByTestId('outcome').getAttribute('data-landed'));
      const wheelWin = Number(await wheel.frame.getByTestId('result').getAttribute('data-win'));
      expect(wheelWin).toBe(landed === 1 ? 200 : 0);
      expect(await frameBalance(wheel.frame)).toBe(wheel.before - 100 + wheelWin);
      await closeGame(page);
    } finally {
      await context.close();
    }
  });
});
