import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomUUID } from 'node:crypto';
import { demoBanners, demoBonusOffers } from '@kupon/demo';
import type { TestApi } from '@kupon/demo/testing';
import { createPgPool, type SqlPool } from '@kupon/eventstore';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { build, preview, type PreviewServer } from 'vite';
import { expect } from 'vitest';
import { type ApiProcess, startApiProcess } from './api-process';

const root = resolve(import.meta.dirname, '../..');
export const ARTIFACTS = join(root, 'tests/artifacts');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Builds a client app (`web` or `backoffice`) into `outDir` as production ships it. Vitest sets
 * NODE_ENV=test, and vite would then bundle React's development build and leave out what only
 * production does (the service worker), so the build runs with NODE_ENV=production.
 */
export async function buildClient(app: 'web' | 'backoffice', outDir: string): Promise<void> {
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ root: join(root, app), mode: 'production', logLevel: 'error', build: { outDir, emptyOutDir: true } });
  } finally {
    process.env.NODE_ENV = previous;
  }
}

/** Debian's Chromium, headless, as every browser test drives it. */
function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
}

/** Saves a full-page screenshot under tests/artifacts. */
const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });

/** `vite preview` of a built client app, proxying `/api` (and `/live`, `/docs` when asked) to the api at `apiUrl`. */
function previewClient(app: 'web' | 'backoffice', outDir: string, apiUrl: string, routes: { readonly live?: boolean; readonly docs?: boolean }): Promise<PreviewServer> {
  const target = apiUrl.replace('localhost', '127.0.0.1');
  const proxy = {
    '/api': { target, changeOrigin: false },
    ...(routes.docs ? { '/docs': { target, changeOrigin: false } } : {}),
    ...(routes.live ? { '/live': { target: target.replace(/^http/, 'ws'), ws: true, changeOrigin: false } } : {}),
  };
  return preview({ root: join(root, app), logLevel: 'silent', build: { outDir }, preview: { host: '127.0.0.1', port: 0, proxy } });
}

const siteUrlOf = (site: PreviewServer) => {
  const address = site.httpServer.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
};

const closePreview = (site: PreviewServer) => new Promise<void>((done) => site.httpServer.close(() => done()));

/** A JSON answer of the api. */
export interface Answer {
  readonly status: number;
  readonly json: Record<string, any>;
}

/**
 * A browser test's whole product, as `npm start` runs it: the api as a child process (demo seed, the
 * feed the test asks for) on a fresh schema of DATABASE_URL when it is set, otherwise on a fresh
 * embedded PGlite; a production build of one client app served by `vite preview`, proxying `/api`
 * (and `/live` when asked) to the api; Debian's Chromium.
 */
export interface BrowserStack {
  readonly api: ApiProcess;
  readonly siteUrl: string;
  readonly browser: Browser;
  /** The api's PostgreSQL schema and a pool on its database (null on PGlite, whose files the api process owns). */
  readonly schema: string | null;
  readonly admin: SqlPool | null;
  /** Saves a full-page screenshot under tests/artifacts. */
  shot(page: Page, name: string): Promise<unknown>;
  /** Logs in over HTTP (`/sessions` for players, `/sessions/operator` for staff); the session cookie. */
  logIn(door: '/sessions' | '/sessions/operator', userName: string, password: string, siteId?: string): Promise<string>;
  /** One api call over HTTP with that cookie (null: a guest). */
  call(cookie: string | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: object, siteId?: string): Promise<Answer>;
  close(): Promise<void>;
}

export interface BrowserStackOptions {
  readonly app: 'web' | 'backoffice';
  /** Names the schema and temporary folders, and the line printed when the api runs on PGlite. */
  readonly label: string;
  /** The api's environment beyond its storage (FEED, FEED_SEED, …). */
  readonly apiEnv: Record<string, string>;
  /** Proxy the `/live` WebSocket too. */
  readonly live?: boolean;
}

/** A staff member signed in to the back office of `stack` through its login form, in a context of their own. */
export async function signInToBackoffice(stack: BrowserStack, userName: string, password: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await stack.browser.newContext({ viewport: { width: 1400, height: 1000 }, locale: 'tr-TR' });
  const page = await context.newPage();
  await page.goto(`${stack.siteUrl}/`);
  const form = page.getByTestId('login-form');
  await form.locator('input[name=userName]').fill(userName);
  await form.locator('input[name=password]').fill(password);
  await form.getByRole('button', { name: 'Giriş Yap' }).click();
  await page.getByTestId('signed-in').waitFor();
  return { context, page };
}

/**
 * Removes npm start's demo home banners and welcome bonus (api seed/demo-offers.ts) from the kupon
 * brand as its admin would in the back office, for a test that counts the site's offers from none.
 */
export async function removeDemoOffers(stack: BrowserStack): Promise<void> {
  const admin = await stack.logIn('/sessions/operator', 'kadmin', 'admin123');
  const paths = [...demoBanners('kupon').map((banner) => `/content-settings/banners/${banner.id}`), ...demoBonusOffers().map((offer) => `/content-settings/bonuses/${offer.id}`)];
  for (const path of paths) {
    const answer = await stack.call(admin, 'DELETE', path);
    expect(answer.status, `DELETE ${path}: ${JSON.stringify(answer.json)}`).toBe(200);
  }
}

export async function startBrowserStack(options: BrowserStackOptions): Promise<BrowserStack> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const databaseUrl = process.env.DATABASE_URL;
  const key = options.label.replace(/[^a-z0-9]/gi, '').toLowerCase();
  const admin = databaseUrl ? createPgPool({ connectionString: databaseUrl, max: 1 }) : null;
  const schema = databaseUrl ? `${key}_${randomUUID().replaceAll('-', '').slice(0, 12)}` : null;
  const dataDir = databaseUrl ? null : mkdtempSync(join(tmpdir(), `kupon-${key}-`));
  const outDir = mkdtempSync(join(tmpdir(), `kupon-${key}-dist-`));
  let api: ApiProcess | undefined;
  let site: PreviewServer | undefined;
  let browser: Browser | undefined;

  const close = async () => {
    await browser?.close();
    if (site) await closePreview(site);
    await api?.stop();
    if (admin && schema) await admin.query(`drop schema if exists ${schema} cascade`);
    await admin?.end();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    rmSync(outDir, { recursive: true, force: true });
  };

  try {
    let storage: Record<string, string>;
    if (admin && schema && databaseUrl) {
      await admin.query(`create schema ${schema}`);
      storage = { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema };
    } else {
      console.log(`${options.label}: DATABASE_URL is not set, so the api runs on embedded PGlite (CI runs it on PostgreSQL)`);
      storage = { DATABASE_URL: '', KUPON_DATA_DIR: dataDir! };
    }
    api = await startApiProcess({ ...options.apiEnv, ...storage });
    await buildClient(options.app, outDir);
    site = await previewClient(options.app, outDir, api.url, { live: options.live ?? false });
    const siteUrl = siteUrlOf(site);
    browser = await launchChromium();
    const apiUrl = api.url;
    const call: BrowserStack['call'] = async (cookie, method, path, body, siteId = 'kupon') => {
      const response = await fetch(`${apiUrl}/api/v1${path}`, {
        method,
        headers: { 'x-site-id': siteId, ...(cookie ? { cookie } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      const text = await response.text();
      return { status: response.status, json: text ? (JSON.parse(text) as Record<string, any>) : {} };
    };
    return {
      api,
      siteUrl,
      browser,
      schema,
      admin,
      shot,
      async logIn(door, userName, password, siteId = 'kupon') {
        const response = await fetch(`${apiUrl}/api/v1${door}`, { method: 'POST', headers: { 'x-site-id': siteId, 'content-type': 'application/json' }, body: JSON.stringify({ userName, password }) });
        expect(response.status, await response.clone().text()).toBe(200);
        return response.headers.getSetCookie().find((c) => c.startsWith('kupon_sid='))!.split(';')[0]!;
      },
      call,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** A new browser context and page: a desktop in Turkish unless asked otherwise. */
export interface PageOptions {
  readonly viewport?: { width: number; height: number };
  readonly locale?: string;
  readonly userAgent?: string;
  readonly isMobile?: boolean;
}

/** The built client app in front of one in-process api. */
export interface ServedSite {
  readonly siteUrl: string;
  /** The api's own address (127.0.0.1), for calls past the site. */
  readonly apiUrl: string;
  /** The site's port, for other host names of the same site (`bahis.localhost:<port>`). */
  readonly port: string;
  /** Stops `vite preview`; the api is the test's to close. */
  close(): Promise<void>;
}

/**
 * A browser test whose api runs in this process, composed by the test around `openTestApi` (so it
 * can read the captcha texts as a person reads the image, or speak for the odds feed): a production
 * build of one client app and Debian's Chromium; `serve` puts the build in front of an api with
 * `vite preview`. One build and one browser may serve several apis (one per test backend).
 */
export interface InProcessBrowser {
  readonly browser: Browser;
  /** The build `vite preview` serves (a test may change a file of it, e.g. the service worker). */
  readonly outDir: string;
  /** Starts the api listening on a free port and serves the build in front of it. */
  serve(api: Pick<TestApi, 'app'>, routes?: { readonly live?: boolean; readonly docs?: boolean }): Promise<ServedSite>;
  newPage(options?: PageOptions): Promise<{ context: BrowserContext; page: Page }>;
  /** Saves a full-page screenshot under tests/artifacts. */
  shot(page: Page, name: string): Promise<unknown>;
  close(): Promise<void>;
}

export async function startInProcessBrowser(options: { readonly app: 'web' | 'backoffice'; readonly label: string }): Promise<InProcessBrowser> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const outDir = mkdtempSync(join(tmpdir(), `kupon-${options.label.replace(/[^a-z0-9]/gi, '').toLowerCase()}-dist-`));
  let browser: Browser | undefined;
  const close = async () => {
    await browser?.close();
    rmSync(outDir, { recursive: true, force: true });
  };
  try {
    await buildClient(options.app, outDir);
    const launched = (browser = await launchChromium());
    return {
      browser: launched,
      outDir,
      async serve(api, routes = {}) {
        const apiUrl = (await api.app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1');
        const site = await previewClient(options.app, outDir, apiUrl, routes);
        const siteUrl = siteUrlOf(site);
        return { siteUrl, apiUrl, port: new URL(siteUrl).port, close: () => closePreview(site) };
      },
      async newPage(page = {}) {
        const context = await launched.newContext({
          viewport: page.viewport ?? { width: 1280, height: 900 },
          locale: page.locale ?? 'tr-TR',
          ...(page.userAgent ? { userAgent: page.userAgent } : {}),
          ...(page.isMobile ? { isMobile: true, hasTouch: true } : {}),
        });
        return { context, page: await context.newPage() };
      },
      shot,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
