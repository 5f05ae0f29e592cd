import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserStack, signInToBackoffice, startBrowserStack } from './browser-stack';

/**
 * The back office's "My account" and the report tabs the api already answered, in the browser against
 * the api as `npm start` runs it: a dealer changes its password in one browser and another browser of
 * its is signed out while this one stays in; the player report, the balance adjustments and a dealer's
 * credit history show what was done over HTTP, scoped to the dealer's subtree, and their CSV downloads.
 */
let stack: BrowserStack;

beforeAll(async () => {
  stack = await startBrowserStack({ app: 'backoffice', label: 'back office account reports e2e', apiEnv: { FEED: 'off' } });
}, 180_000);

afterAll(() => stack?.close(), 60_000);

describe('back office: my account and the report tabs', () => {
  it('a top dealer reads its players, an adjustment and its credit moves in the reports, downloads CSV, then changes its password: its other browser is signed out', async () => {
    const admin = await stack.logIn('/sessions/operator', 'kadmin', 'admin123');
    const top = await stack.logIn('/sessions/operator', 'ktopdealer', 'top12345');
    const tree = (await stack.call(top, 'GET', '/staff/dealer-tree')).json.nodes as { userId: string; userName: string }[];
    const id = (name: string) => tree.find((node) => node.userName === name)!.userId;
    expect((await stack.call(admin, 'POST', '/wallet/adjustments', { requestId: 'e2e-adjust-top-1', userId: (await stack.call(top, 'GET', '/me')).json.userId, amount: 50_000, reason: 'opening credit' })).status).toBe(200);
    expect((await stack.call(admin, 'POST', '/wallet/adjustments', { requestId: 'e2e-adjust-p1-1', userId: id('kplayer1'), amount: -1_234, reason: 'duplicate deposit' })).status).toBe(200);
    expect((await stack.call(top, 'POST', '/wallet/credit/send', { requestId: 'e2e-credit-top-d1', toUserId: id('kdealer1'), amount: 20_000 })).status).toBe(200);

    const first = await signInToBackoffice(stack, 'ktopdealer', 'top12345');
    const second = await signInToBackoffice(stack, 'ktopdealer', 'top12345');
    const { page } = first;

    await page.getByTestId('nav-reports').click();
    await page.getByTestId('tab-players').click();
    const players = page.getByTestId('player-row');
    await expect.poll(async () => (await players.allInnerTexts()).map((row) => row.split('\t')[0]).sort(), { timeout: 15_000 }).toEqual(['kplayer1', 'kplayer2', 'kterminal1']);
    const csv = await page.request.get(await page.getByTestId('csv').getAttribute('href').then((href) => new URL(href!, page.url()).toString()));
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-type']).toContain('text/csv');
    expect(await csv.text()).toContain('kplayer1');

    await page.getByTestId('tab-adjustments').click();
    const adjustment = page.getByTestId('ledger-row').filter({ hasText: 'duplicate deposit' });
    await expect.poll(() => adjustment.count(), { timeout: 15_000 }).toBe(1);
    expect(await adjustment.innerText()).toContain('-12,34');

    await page.getByTestId('tab-credit').click();
    expect(await page.getByTestId('credit-dealer').inputValue()).toBe((await stack.call(top, 'GET', '/me')).json.userId);
    const sent = page.getByTestId('ledger-row').filter({ hasText: 'kdealer1' });
    await expect.poll(() => sent.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await stack.shot(page, 'backoffice-credit-report');

    await page.getByTestId('my-account-link').click();
    await page.getByTestId('page-my-account').waitFor();
    expect(await page.getByTestId('me-role').innerText()).toBe('Üst bayi');
    expect(await page.getByTestId('me-site').innerText()).toBe('kupon');
    await page.getByTestId('current-password').fill('top12345');
    await page.getByTestId('new-password').fill('yeni5678');
    await page.getByTestId('new-password-repeat').fill('yeni5678');
    await page.getByTestId('change-password').click();
    await page.getByTestId('password-changed').waitFor();
    await stack.shot(page, 'backoffice-my-account');

    // This browser stays signed in; the other one is sent to the login page on its next call.
    await page.reload();
    await page.getByTestId('page-my-account').waitFor();
    await second.page.reload();
    await second.page.getByTestId('login-form').waitFor();
    expect((await stack.call(top, 'GET', '/me')).status).toBe(401);
    await stack.logIn('/sessions/operator', 'ktopdealer', 'yeni5678');
    await first.context.close();
    await second.context.close();
  }, 120_000);
});
