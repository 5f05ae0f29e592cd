import { openTestApi, type TestApi } from '@kupon/demo/testing';
import { moneyReactors, ReactorRunner, StreamCommands } from '@kupon/commands';
import { type TestStorage, testBackends } from '@kupon/projections/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type InProcessBrowser, type ServedSite, startInProcessBrowser } from './browser-stack';

/**
 * The terminal's cash screen in a real browser (api/TERMINAL-CASH.md): a terminal logs in at
 * /handlogin, opens Cash in / out from its account menu, takes cash in (its slip prints, the balance
 * moves once the transfer-flow reactor credited it), pays cash out whose slip does not print, and
 * reverses it: the amount is back. The api runs in this process with the money reactors, the built
 * site by `vite preview`.
 */
const backend = testBackends.at(-1)!;

let storage: TestStorage;
let api: TestApi;
let reactors: ReactorRunner;
let stack: InProcessBrowser;
let served: ServedSite;
let siteUrl: string;

beforeAll(async () => {
  storage = await backend.open();
  const commands = new StreamCommands(storage.store);
  api = await openTestApi(storage, { clock: () => new Date(), money: { commands } });
  reactors = new ReactorRunner({ store: storage.store, pool: storage.pool, commands, reactors: moneyReactors(storage.store), onError: (name, error) => console.error(`reactor ${name}:`, error) });
  await reactors.start();
  stack = await startInProcessBrowser({ app: 'web', label: 'terminalcash' });
  served = await stack.serve(api);
  siteUrl = served.siteUrl;
}, 240_000);

afterAll(async () => {
  await stack?.close();
  await served?.close();
  await reactors?.stop();
  await api?.close();
  await storage?.close();
}, 60_000);

/** The terminal's balance as the api has it now (minor units). */
async function apiBalance(): Promise<number> {
  const terminal = await api.as('kterminal1');
  return (await terminal('GET', '/wallet')).json().available as number;
}

/** The header's balance after a fresh load (the wallet is credited a moment after the answer). */
async function headerBalance(page: Page): Promise<string> {
  await page.reload();
  await page.getByTestId('balance').waitFor();
  return (await page.getByTestId('balance').textContent()) ?? '';
}

describe(`terminal cash screen in the browser (${backend.name})`, () => {
  it('a terminal takes cash in, pays cash out whose slip did not print and reverses it', async () => {
    const { context, page } = await stack.newPage();
    // The print dialog would block: count prints; from the cash-out on the printer is gone.
    await page.addInitScript("window.printed = 0; window.print = () => { if (window.printerGone) throw new Error('offline'); window.printed += 1; window.printedText = document.getElementById('print-area').textContent; };");
    try {
      await page.goto(`${siteUrl}/tr/handlogin`);
      const login = page.getByTestId('page-handlogin');
      await login.locator('input[name=userName]').fill('kterminal1');
      await login.locator('input[name=password]').fill('123456');
      await login.getByRole('button', { name: 'Giriş Yap' }).click();
      await page.waitForURL(`${siteUrl}/tr/sports`);

      await page.getByTestId('account-menu').click();
      await page.getByTestId('menu-terminal-cash').click();
      await page.waitForURL(`${siteUrl}/tr/terminal`);
      const screen = page.getByTestId('page-terminal');
      await screen.waitFor();
      const start = await apiBalance();

      // Cash in 50: the slip prints, the wallet has it once the reactor credited it.
      await screen.getByTestId('terminal-deposit-amount').fill('50');
      const sent = page.waitForRequest((request) => request.url().endsWith('/api/v1/payments/terminal/deposit'));
      await screen.getByTestId('terminal-deposit-submit').click();
      expect((await sent).postDataJSON()).toMatchObject({ amount: 5_000, requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
      expect(await screen.getByTestId('terminal-message').textContent()).toBe('Para yatırma talebiniz alındı.');
      await expect.poll(() => page.evaluate<number>('window.printed'), { timeout: 10_000 }).toBe(1);
      expect(await page.evaluate<string>('window.printedText')).toContain('Para yatırma fişi');
      await expect.poll(apiBalance, { timeout: 20_000, interval: 250 }).toBe(start + 5_000);
      await stack.shot(page, 'web-terminal-cash-in');

      // Cash out 20 with the printer gone: reported offline, offered for reversal, reversed.
      await page.evaluate('window.printerGone = true');
      await screen.getByTestId('terminal-withdrawal-amount').fill('20');
      await screen.getByTestId('terminal-withdrawal-submit').click();
      expect(await screen.getByTestId('terminal-message').textContent()).toBe('Para çekme işlemi tamamlandı. Lütfen parayı ve fişi teslim edin.');
      await screen.getByTestId('terminal-not-printed').waitFor({ timeout: 10_000 });
      expect(await apiBalance()).toBe(start + 3_000);
      await stack.shot(page, 'web-terminal-cash-out-not-printed');
      await screen.getByTestId('terminal-reverse').click();
      await screen.getByTestId('terminal-reversed').waitFor();
      expect(await apiBalance()).toBe(start + 5_000);
      // The header reads the same (§9: a whole amount without decimals, a thousands dot).
      const shown = `${String((start + 5_000) / 100).replace(/\B(?=(\d{3})+(?!\d))/g, '.')} ₺`;
      expect((start + 5_000) % 100).toBe(0);
      await expect.poll(() => headerBalance(page), { timeout: 20_000, interval: 500 }).toBe(shown);
    } finally {
      await context.close();
    }
  }, 120_000);
});
