/**
 * Issue 7 item 8 budgets for the player site, printed (never asserted by tests):
 * - initial JavaScript of the home route, gzipped (≤ 200 KB);
 * - first contentful paint of the home route on localhost in headless Chromium (≤ 1 s);
 * - 500 live odds updates per second rendered without a long task over 50 ms.
 * The built app is served by `vite preview`; the api is stood in for in the browser (page.route and
 * routeWebSocket), so the figures are the client's own. Run: `npm run budgets -w @kupon/web`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { marketByOddsTypeId } from '@kupon/domain';
import { encode } from '@msgpack/msgpack';
import { chromium, type Page } from 'playwright-core';
import { build, preview } from 'vite';

const webDir = resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = 5;
const MATCHES = 60;
const UPDATES_PER_SECOND = 500;
const SECONDS = 5;

/** The 1X2 market, as the catalog names it and as live frames number it. */
const MAIN = marketByOddsTypeId(1)!;

/** Live matches in the catalog routes' wire shape (api/src/routes/catalog.ts). */
const matches = Array.from({ length: MATCHES }, (_, i) => ({
  id: `m${i}`,
  sportId: 1,
  sportName: 'Futbol',
  categoryId: 'c1',
  categoryName: 'Türkiye',
  tournamentId: 't1',
  tournamentName: 'Süper Lig',
  homeTeam: `Home team ${i}`,
  awayTeam: `Away team ${i}`,
  matchDate: new Date(Date.UTC(2026, 10, 22, 18, i)).toISOString(),
  matchstatus: '1p',
  betstatus: 'open',
  live: true,
  scoreboard: null,
  odds: [
    {
      oddsid: `${MAIN.code}|`,
      oddstype: MAIN.oddsTypeId,
      typename: 'Maç Sonucu',
      special: '',
      active: 1,
      iss: 0,
      isv: 1,
      odds: ['1', 'X', '2'].map((outcome, k) => ({ outcomeid: outcome, outcome, odd: 1500 + k * 700 + i, active: 1 })),
    },
  ],
}));

async function standInApi(page: Page): Promise<void> {
  await page.route('**/api/v1/**', (route) => {
    const url = new URL(route.request().url());
    if (url.pathname.endsWith('/catalog/sports')) return route.fulfill({ json: [{ id: 1, title: 'Futbol', listOrder: 1, status: 1, matchCount: MATCHES, children: [] }] });
    if (url.pathname.endsWith('/catalog/matches')) return route.fulfill({ json: matches });
    if (url.pathname.endsWith('/sites/current')) return route.fulfill({ status: 404, json: { error: 'notFound' } });
    return route.fulfill({ status: 401, json: { error: 'loginRequired' } });
  });
}

async function main(): Promise<void> {
  const outDir = mkdtempSync(join(tmpdir(), 'kupon-web-budget-'));
  await build({ root: webDir, logLevel: 'error', build: { outDir, emptyOutDir: true } });
  const server = await preview({ root: webDir, logLevel: 'silent', build: { outDir }, preview: { host: '127.0.0.1', port: 0 } });
  const address = server.httpServer.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  try {
    // 1. Initial JavaScript of the home route: every script the first load fetches, gzipped.
    const context = await browser.newContext();
    const page = await context.newPage();
    await standInApi(page);
    const scripts = new Map<string, Buffer>();
    const reads: Promise<void>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      reads.push(
        response.body().then(
          (body) => void scripts.set(response.url(), body),
          (error: unknown) => console.error(`could not read ${response.url()}: ${String(error)}`),
        ),
      );
    });
    await page.goto(`${base}/tr`);
    await page.getByTestId('page-home').waitFor();
    await page.waitForLoadState('networkidle');
    await Promise.all(reads);
    const gzipped = [...scripts.values()].reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0);
    await context.close();

    // 2. First contentful paint, median of fresh loads.
    const paints: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const ctx = await browser.newContext();
      const p = await ctx.newPage();
      await standInApi(p);
      await p.goto(`${base}/tr`);
      await p.getByTestId('page-home').waitFor();
      paints.push(await p.evaluate<number>("performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN"));
      await ctx.close();
    }
    paints.sort((a, b) => a - b);
    const fcp = paints[Math.floor(paints.length / 2)]!;

    // 3. Live odds: 500 updates a second over the sports list, long tasks counted by the browser.
    const liveContext = await browser.newContext();
    const live = await liveContext.newPage();
    await standInApi(live);
    let sent = 0;
    let startFeed: () => void = () => undefined;
    await live.routeWebSocket('**/live', (ws) => {
      const seq = new Map<string, number>();
      // The feed starts once the page shows its matches (startFeed below).
      startFeed = () => {
      const started = Date.now();
      const timer = setInterval(() => {
        const due = Math.min(UPDATES_PER_SECOND * SECONDS, Math.floor(((Date.now() - started) / 1000) * UPDATES_PER_SECOND));
        for (; sent < due; sent++) {
          const m = `m${sent % MATCHES}`;
          const from = seq.get(m) ?? 0;
          seq.set(m, from + 1);
          const outcome = ['1', 'X', '2'][sent % 3]!;
          ws.send(Buffer.from(encode({ t: 'upd', m, from, seq: from + 1, at: Date.now(), odds: [[MAIN.oddsTypeId, outcome, '', 1, 1500 + (sent % 900)]] })));
        }
        if (sent >= UPDATES_PER_SECOND * SECONDS) clearInterval(timer);
      }, 20);
      };
    });
    await live.addInitScript(
      "window.longTasks = []; new PerformanceObserver((list) => list.getEntries().forEach((e) => window.longTasks.push(e.duration))).observe({ type: 'longtask', buffered: true });",
    );
    await live.goto(`${base}/tr/sports`);
    await live.getByTestId('match-row').first().waitFor();
    const firstOdd = live.getByTestId(`odd-m0:${MAIN.code}::1`);
    const initialOdd = await firstOdd.textContent();
    await live.waitForLoadState('networkidle');
    const before = await live.evaluate<number>('window.longTasks.length');
    startFeed();
    const deadline = Date.now() + (SECONDS + 5) * 1000;
    while (sent < UPDATES_PER_SECOND * SECONDS && Date.now() < deadline) await live.waitForTimeout(200);
    await live.waitForTimeout(300);
    const tasks = (await live.evaluate<number[]>('window.longTasks')).slice(before);
    const movedOdd = await firstOdd.textContent();
    if (movedOdd === initialOdd) throw new Error(`the live updates did not reach the page (odd still ${initialOdd})`);
    await liveContext.close();

    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
    const longest = tasks.length ? Math.max(...tasks) : 0;
    console.log(`Machine load average (1 min) at the end: ${loadavg()[0]!.toFixed(1)}; figures from a loaded machine read high.`);
    console.log('| budget | target | measured | |');
    console.log('|---|---|---|---|');
    console.log(`| initial JS, home route, gzipped (${scripts.size} files) | ≤ 200 KB | ${kb(gzipped)} | ${verdict(gzipped <= 200 * 1024)} |`);
    console.log(`| first contentful paint, localhost, median of ${RUNS} | ≤ 1000 ms | ${fcp.toFixed(0)} ms | ${verdict(fcp <= 1000)} |`);
    console.log(`| ${UPDATES_PER_SECOND} odds updates/s for ${SECONDS} s (${sent} sent) | no long task > 50 ms | ${tasks.length} long tasks, longest ${longest.toFixed(0)} ms | ${verdict(longest <= 50)} |`);
  } finally {
    await browser.close();
    await new Promise<void>((r) => server.httpServer.close(() => r()));
    rmSync(outDir, { recursive: true, force: true });
  }
}

await main();
