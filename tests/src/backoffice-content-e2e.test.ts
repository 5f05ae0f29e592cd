import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomUUID } from 'node:crypto';
import { createPgPool } from '@kupon/eventstore';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { build, preview, type PreviewServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiProcess, startApiProcess } from './api-process';

/**
 * The back office's site content page in the browser (issue 8 item 4) against the api as `npm start`
 * runs it: an admin adds a banner (a refusal first), offers a bonus, confirms a player's request of
 * it (the wallet is credited) and sends a notification; the player site's calls see each; the
 * regulator reads the page without a way to change it.
 */
const root = resolve(import.meta.dirname, '../..');
const backofficeDir = join(root, 'backoffice');
const artifacts = join(root, 'tests/artifacts');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const databaseUrl = process.env.DATABASE_URL;

let schema: string | null = null;
let dataDir: string | null = null;
let api: ApiProcess;
let site: PreviewServer;
let siteUrl: string;
let browser: Browser;
const outDir = mkdtempSync(join(tmpdir(), 'kupon-bo-content-'));
const admin = databaseUrl ? createPgPool({ connectionString: databaseUrl, max: 1 }) : null;

beforeAll(async () => {
  mkdirSync(artifacts, { recursive: true });
  let env: Record<string, string>;
  if (databaseUrl && admin) {
    schema = `boc_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    await admin.query(`create schema ${schema}`);
    env = { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema };
  } else {
    console.log('back office content e2e: DATABASE_URL is not set, so the api runs on embedded PGlite');
    dataDir = mkdtempSync(join(tmpdir(), 'kupon-boc-'));
    env = { DATABASE_URL: '', KUPON_DATA_DIR: dataDir };
  }
  api = await startApiProcess({ FEED: 'off', ...env });
  const target = api.url.replace('localhost', '127.0.0.1');
  await build({ root: backofficeDir, logLevel: 'error', build: { outDir, emptyOutDir: true } });
  site = await preview({ root: backofficeDir, logLevel: 'silent', build: { outDir }, preview: { host: '127.0.0.1', port: 0, proxy: { '/api': { target, changeOrigin: false } } } });
  const address = site.httpServer.address();
  siteUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((r) => (site ? site.httpServer.close(() => r()) : r()));
  await api?.stop();
  if (admin && schema) await admin.query(`drop schema ${schema} cascade`);
  await admin?.end();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  rmSync(outDir, { recursive: true, force: true });
}, 60_000);

/** The player site's calls, over HTTP. */
async function playerCall(cookie: string | null, method: 'GET' | 'POST', path: string, body?: object): Promise<{ status: number; json: Record<string, any> }> {
  const response = await fetch(`${api.url}/api/v1${path}`, { method, headers: { 'x-site-id': 'kupon', ...(cookie ? { cookie } : {}), ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { body: JSON.stringify(body) } : {}) });
  return { status: response.status, json: (await response.json()) as Record<string, any> };
}

async function playerLogIn(userName: string, password: string): Promise<string> {
  const response = await fetch(`${api.url}/api/v1/sessions`, { method: 'POST', headers: { 'x-site-id': 'kupon', 'content-type': 'application/json' }, body: JSON.stringify({ userName, password }) });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.headers.getSetCookie().find((c) => c.startsWith('kupon_sid='))!.split(';')[0]!;
}

async function signIn(userName: string, password: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 }, locale: 'tr-TR' });
  const page = await context.newPage();
  await page.goto(`${siteUrl}/`);
  const form = page.getByTestId('login-form');
  await form.locator('input[name=userName]').fill(userName);
  await form.locator('input[name=password]').fill(password);
  await form.getByRole('button', { name: 'Giriş Yap' }).click();
  await page.getByTestId('signed-in').waitFor();
  return { context, page };
}

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
    await page.screenshot({ path: join(artifacts, 'backoffice-content-bonus.png'), fullPage: true });
    await editor.getByTestId('save-item').click();
    await editor.waitFor({ state: 'detached' });
    const player = await playerLogIn('kplayer1', 'play1234');
    const before = (await playerCall(player, 'GET', '/wallet')).json.balance as number;
    await expect.poll(async () => (await playerCall(player, 'GET', '/content/bonuses')).json.count, { timeout: 15_000 }).toBe(1);
    expect((await playerCall(player, 'POST', '/content/bonuses/hosgeldin/request', {})).status).toBe(200);

    await openTabUntil(page, 'bonusRequests', async () => (await page.getByTestId('bonus-request-row').count()) === 1);
    await page.screenshot({ path: join(artifacts, 'backoffice-content-requests.png'), fullPage: true });
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
    await page.screenshot({ path: join(artifacts, 'backoffice-content.png'), fullPage: true });
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
