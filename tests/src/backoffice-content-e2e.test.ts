import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserStack, signInToBackoffice, removeDemoOffers, startBrowserStack } from './browser-stack';

/**
 * The back office's site content page in the browser (issue 8 item 4) against the api as `npm start`
 * runs it: an admin adds a banner (a refusal first), offers a bonus, confirms a player's request of
 * it (the wallet is credited) and sends a notification; the player site's calls see each; the
 * regulator reads the page without a way to change it.
 */
let stack: BrowserStack;

beforeAll(async () => {
  stack = await startBrowserStack({ app: 'backoffice', label: 'back office content e2e', apiEnv: { FEED: 'off' } });
  // The brand starts without npm start's demo banners and bonus: the test's own are the site's only ones.
  await removeDemoOffers(stack);
}, 180_000);

afterAll(() => stack?.close(), 60_000);

/** The player site's calls, over HTTP. */
const playerCall = (cookie: string | null, method: 'GET' | 'POST', path: string, body?: object) => stack.call(cookie, method, path, body);
const playerLogIn = (userName: string, password: string) => stack.logIn('/sessions', userName, password);
const shot = (page: Page, name: string) => stack.shot(page, name);

const signIn = (userName: string, password: string) => signInToBackoffice(stack, userName, password);

/** Opens a tab of the content page afresh (its list asked again), until `ready` holds: read models lag behind writes. */
async function openTabUntil(page: Page, tab: string, ready: () => Promise<boolean>): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.getByTestId('tab-banners').click();
        await page.getByTestId(`tab-${tab}`).click();
        return ready();
      },
      { timeout: 15_000 },
    )
    .toBe(true);
}

describe('back office: site content', () => {
  it('an admin adds a banner and a bonus, confirms a player’s bonus request (credited once) and notifies every player; the regulator only reads', async () => {
    const { context, page } = await signIn('kadmin', 'admin123');
    await page.getByTestId('nav-content').click();
    await page.getByTestId('page-content').waitFor();

    // A banner with no title is refused by the api's own schema, in Turkish, before anything is sent.
    await page.getByTestId('add-item').click();
    const editor = page.getByTestId('content-editor');
    await editor.locator('input[name=id]').fill('welcome');
    await editor.locator('input[name=image]').fill('https://cdn.example/welcome.jpg');
    await editor.getByTestId('save-item').click();
    const refusal = await editor.getByTestId('error-title').innerText();
    expect(refusal).not.toMatch(/^[a-zA-Z|]+$/);
    await editor.locator('input[name=title]').fill('Hoş geldin');
    await editor.getByTestId('save-item').click();
    await editor.waitFor({ state: 'detached' });
    await expect.poll(async () => (await playerCall(null, 'GET', '/content/banners?lang=tr')).json.banners.map((b: { title: string }) => b.title), { timeout: 15_000 }).toEqual(['Hoş geldin']);
    await openTabUntil(page, 'banners', async () => (await page.getByTestId('content-row').count()) === 1);

    // A bonus of 25,00 the player asks for; staff confirm it from the requests list.
    await page.getByTestId('tab-bonuses').click();
    await page.getByTestId('add-item').click();
    await editor.locator('input[name=id]').fill('hosgeldin');
    await editor.locator('input[name="titles.tr"]').fill('Hoş geldin bonusu');
    await editor.locator('input[name=amount]').fill('25');
    await shot(page, 'backoffice-content-bonus');
    await editor.getByTestId('save-item').click();
    await editor.waitFor({ state: 'detached' });
    const player = await playerLogIn('kplayer1', 'play1234');
    const before = (await playerCall(player, 'GET', '/wallet')).json.balance as number;
    await expect.poll(async () => (await playerCall(player, 'GET', '/content/bonuses')).json.count, { timeout: 15_000 }).toBe(1);
    expect((await playerCall(player, 'POST', '/content/bonuses/hosgeldin/request', {})).status).toBe(200);

    await openTabUntil(page, 'bonusRequests', async () => (await page.getByTestId('bonus-request-row').count()) === 1);
    await shot(page, 'backoffice-content-requests');
    await page.getByTestId('confirm-bonus').click();
    await page.getByTestId('bonus-decision').getByTestId('decide-bonus').click();
    await page.getByTestId('bonus-decision').waitFor({ state: 'detached' });
    await expect.poll(async () => (await playerCall(player, 'GET', '/wallet')).json.balance, { timeout: 15_000 }).toBe(before + 2_500);
    await expect.poll(async () => (await playerCall(player, 'GET', '/content/bonuses')).json.bonuses[0].status, { timeout: 15_000 }).toBe(1);

    // A notification to every player reaches the bell.
    await page.getByTestId('tab-notifications').click();
    const notify = page.getByTestId('notification-form');
    await notify.locator('input[name=title]').fill('Bakım duyurusu');
    await notify.locator('textarea[name=body]').fill('Bu gece 02:00’de kısa bir bakım var.');
    await page.getByTestId('send-notification').click();
    await expect.poll(async () => (await playerCall(player, 'GET', '/content/notifications')).json.unread, { timeout: 15_000 }).toBe(1);
    expect((await playerCall(player, 'GET', '/content/notifications')).json.notifications[0].title).toBe('Bakım duyurusu');
    await openTabUntil(page, 'notifications', async () => (await page.getByTestId('notification-row').count()) === 1);
    await shot(page, 'backoffice-content');
    await context.close();

    // The regulator sees the page and its lists, with nothing to change them.
    const regulator = await signIn('kregulator', 'regu1234');
    await regulator.page.getByTestId('nav-content').click();
    await regulator.page.getByTestId('content-row').first().waitFor();
    expect(await regulator.page.getByTestId('add-item').count()).toBe(0);
    expect(await regulator.page.getByTestId('remove-item').count()).toBe(0);
    await regulator.page.getByTestId('tab-notifications').click();
    await regulator.page.getByTestId('notification-row').first().waitFor();
    expect(await regulator.page.getByTestId('notification-form').count()).toBe(0);
    await regulator.context.close();
  });
});
