import { randomUUID } from 'node:crypto';
import { type Fixture, INITIAL_SCOREBOARD, type MarketOffer, type Scoreboard } from '@kupon/domain';
import { FeedIngestor, type FeedMessage } from '@kupon/api/feed';
import { LiveHub, LiveOddsBook } from '@kupon/api/live';
import { openTestApi, type TestApi } from '@kupon/demo/testing';
import { moneyReactors, ReactorRunner, settlementReactor, StreamCommands } from '@kupon/commands';
import { type TestStorage, testBackends } from '@kupon/projections/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerInBrowser, registrationFields } from './browser';
import { type InProcessBrowser, type ServedSite, startInProcessBrowser } from './browser-stack';

/**
 * Issue 7 item 7, end to end with a player nobody seeded: they register in the browser (security
 * code and all), pay in through the demo payment provider's checkout, browse the sport tree to a
 * league, build a system coupon with a banker, place it, find it in Coupons and print it, watch a
 * price the feed moves arrive over the socket, and after the feed records the results see the
 * payout in the header balance.
 *
 * The api is composed as `api/src/main.ts` composes it (projection runner, money and settlement
 * reactors, live odds book and /live hub) but in this process, so the test can read the captcha
 * text the way a person reads the image and speak for the odds feed through the product's own
 * ingestor. PostgreSQL when DATABASE_URL is set, else PGlite. A second test follows an in-play match
 * on the live page as the feed scores and ends it.
 */
const backend = testBackends.at(-1)!;

let storage: TestStorage;
let api: TestApi;
let reactors: ReactorRunner;
let book: LiveOddsBook;
let feed: FeedIngestor;
let stack: InProcessBrowser;
let served: ServedSite;
let siteUrl: string;

/** Three league matches tomorrow, an hour apart: far from kick-off, so nothing stops their bets. */
const kickoff = (hours: number) => new Date(Date.now() + (24 + hours) * 3600_000).toISOString();
const MATCHES = [
  { id: `e2e-${randomUUID().slice(0, 8)}-1`, home: 'Galatasaray', away: 'Fenerbahçe', odds: [2000, 3300, 3600] },
  { id: `e2e-${randomUUID().slice(0, 8)}-2`, home: 'Beşiktaş', away: 'Trabzonspor', odds: [2500, 3200, 2800] },
  { id: `e2e-${randomUUID().slice(0, 8)}-3`, home: 'Başakşehir', away: 'Konyaspor', odds: [1800, 3400, 4200] },
] as const;

const fixture = (m: { readonly id: string; readonly home: string; readonly away: string }, startsAt: string): Fixture => ({
  matchId: m.id,
  sportId: 1,
  category: { id: 'e2e-tr', name: { tr: 'Türkiye', en: 'Turkey' } },
  tournament: { id: 'e2e-sl', name: { tr: 'Deneme Ligi', en: 'Test League' } },
  home: { id: `${m.id}-h`, name: { tr: m.home, en: m.home } },
  away: { id: `${m.id}-a`, name: { tr: m.away, en: m.away } },
  startsAt,
  liveCoverage: true,
});

const oneXTwo = ([home, draw, away]: readonly number[]): MarketOffer => ({
  market: 'FT_1X2',
  special: '',
  status: 'active',
  outcomes: [
    { outcome: '1', odds: home!, active: true },
    { outcome: 'X', odds: draw!, active: true },
    { outcome: '2', odds: away!, active: true },
  ],
});

/** What the odds feed says, through the product's ingestor into the match streams. */
type Said<M> = M extends FeedMessage ? Omit<M, 'id' | 'at'> : never;
const say = (message: Said<FeedMessage>) => feed.ingest({ ...message, id: randomUUID(), at: new Date().toISOString() } as FeedMessage);

beforeAll(async () => {
  storage = await backend.open();
  const commands = new StreamCommands(storage.store);
  book = new LiveOddsBook(storage.store);
  book.start();
  const hub = new LiveHub(book);
  api = await openTestApi(storage, { clock: () => new Date(), money: { commands, odds: book }, live: { book, hub } });
  reactors = new ReactorRunner({
    store: storage.store,
    pool: storage.pool,
    commands,
    reactors: [...moneyReactors(storage.store), settlementReactor(storage.pool)],
    onError: (name, error) => console.error(`reactor ${name}:`, error),
  });
  await reactors.start();
  feed = new FeedIngestor(storage.store, { onRefused: (message, error) => console.error(`feed refused ${message.kind}: ${error}`) });
  for (const [index, m] of MATCHES.entries()) {
    await say({ kind: 'fixture_change', fixture: fixture(m, kickoff(index)) });
    await say({ kind: 'odds_change', matchId: m.id, markets: [oneXTwo(m.odds)] });
  }

  stack = await startInProcessBrowser({ app: 'web', label: 'webreg' });
  served = await stack.serve(api, { live: true });
  siteUrl = served.siteUrl;
}, 240_000);

afterAll(async () => {
  await stack?.close();
  await served?.close();
  await reactors?.stop();
  await book?.stop();
  await api?.close();
  await storage?.close();
}, 60_000);


/** The header balance text after a fresh load (read models are a moment behind the writes). */
async function balanceAfterReload(page: Page): Promise<string> {
  await page.reload();
  await page.getByTestId('balance').waitFor();
  return (await page.getByTestId('balance').textContent()) ?? '';
}

/** The transactions page's rows (type, amount, balance after) after a fresh load. */
async function transactionsAfterReload(page: Page): Promise<string[][]> {
  await page.reload();
  await page.locator('[data-testid=transaction-list], [data-testid=empty-state]').first().waitFor();
  return page.getByTestId('transaction-row').evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].slice(1, 4).map((td) => td.textContent ?? '')));
}

describe(`a newly registered player bets end to end (${backend.name})`, () => {
  it('registers, pays in, builds a system coupon with a banker, sees it in Coupons, watches a price move and is paid the winnings', async () => {
    const { context, page } = await stack.newPage();
    // The print dialog would block a headed browser: count the prints instead.
    await page.addInitScript("window.printed = 0; window.print = () => { window.printed += 1; window.printedText = document.getElementById('print-area').textContent; };");

    // 1. Registration with the security code, then the login popup.
    const userName = `reg${randomUUID().replaceAll('-', '').slice(0, 10)}`;
    await registerInBrowser(page, siteUrl, registrationFields(userName, String(Date.now()).slice(-9)), () => api.captchaTexts.at(-1)!);
    await page.getByTestId('login-button').click();
    const popup = page.getByTestId('login-popup');
    await popup.locator('input[name=userName]').fill(userName);
    await popup.locator('input[name=password]').fill('gizli123');
    await popup.getByRole('button', { name: 'Giriş Yap' }).click();
    await page.getByTestId('account').waitFor();
    expect(await page.getByTestId('balance').textContent()).toBe('0 ₺');

    // 2. A deposit through the demo provider: the header's deposit popup lists the methods with
    //    their limits; the player picks the demo card, types 100 and sends; the browser goes to the
    //    provider's own checkout page, where the player pays; the provider calls the api back.
    await page.getByTestId('header-deposit').click();
    const money = page.getByTestId('money-popup');
    const card = money.getByTestId('payment-method').filter({ hasText: 'Kredi Kartı (demo)' });
    expect(await card.textContent()).toContain('Min.: 10 ₺');
    await card.click();
    const form = money.getByTestId('payment-form');
    expect(await form.locator('input[name=firstName]').inputValue()).toBe('Ayşe');
    expect(await form.locator('input[name=lastName]').isDisabled()).toBe(true);
    await form.getByTestId('payment-field-amount').fill('100');
    await stack.shot(page, 'register-bet-deposit');
    await form.getByRole('button', { name: 'Gönder' }).click();
    await page.waitForURL(/\/api\/v1\/payments\/demo\/checkout\//);
    expect(new URL(page.url()).searchParams.get('amount')).toBe('10000');
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.getByText('Payment received').waitFor();
    await page.goto(`${siteUrl}/tr`);
    await expect.poll(() => balanceAfterReload(page), { timeout: 30_000, interval: 500 }).toBe('100 ₺');
    //    The account movements list the deposit too, in words with its signed amount and the
    //    balance after it (the statement is a read model: read it until the row has arrived).
    await page.goto(`${siteUrl}/tr/transactions`);
    await expect.poll(() => transactionsAfterReload(page), { timeout: 30_000, interval: 500 }).toContainEqual(['Para yatırma', '+100 ₺', '100 ₺']);

    // 3. The sport tree: football → Türkiye → the league, whose matches list by date.
    await page.goto(`${siteUrl}/tr/sports`);
    const tree = page.getByTestId('sport-tree');
    await tree.getByRole('button', { name: /Futbol/ }).click();
    await tree.getByRole('button', { name: /Türkiye/ }).click();
    await tree.getByRole('button', { name: /^Deneme Ligi \d+$/ }).click();
    await expect.poll(() => page.getByTestId('match-row').count()).toBe(3);
    expect(await page.getByTestId('match-row').first().textContent()).toContain('Galatasara. - Fenerbahçe');
    for (const m of MATCHES) await page.getByTestId(`odd-${m.id}:FT_1X2::1`).first().click();
    expect(await page.getByTestId('betslip-pick').count()).toBe(3);

    // 4. Banker on the first pick, system 2/3: the banker with each of the other two, 5 ₺ each.
    await page.getByTestId('betslip-pick').first().getByRole('button', { name: 'B' }).click();
    expect(await page.getByTestId('coupon-type').textContent()).toContain('Sistem');
    await page.getByLabel('2/3 (2 kupon)').check();
    await page.getByLabel('3/3 (1 kupon)').uncheck();
    await page.getByTestId('stake-input').fill('10');
    await page.getByTestId('stake-input').press('Enter');
    expect(await page.getByTestId('summary-tickets').textContent()).toBe('2');
    // 2.00 × 2.50 × 5 + 2.00 × 1.80 × 5 = 25 + 18
    expect(await page.getByTestId('summary-payout').textContent()).toBe('43 ₺');
    await stack.shot(page, 'register-bet-slip');

    // 5. Placing: the alert lists each selection; an accepted coupon's alert closes by itself (§4).
    await page.getByTestId('place-coupon').click();
    const alert = page.getByTestId('creation-alert');
    await expect.poll(() => alert.getAttribute('data-state').catch(() => 'closed'), { timeout: 30_000 }).not.toBe('pending');
    await page.getByTestId('coupon-created').waitFor({ timeout: 10_000 });
    expect(await alert.count()).toBe(0);
    expect(await page.getByTestId('coupon-created').textContent()).toContain('Kuponunuz oluşturuldu.');
    expect(await page.getByTestId('betslip-empty').isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('balance').textContent(), { timeout: 20_000 }).toBe('90 ₺');

    // 6. Coupons: the system coupon, waiting, with its banker; printing fills the hidden print area.
    await page.getByTestId('coupon-created').getByRole('link', { name: 'Kuponlarım' }).click();
    const row = page.getByTestId('coupon-row');
    await row.first().waitFor();
    expect(await row.count()).toBe(1);
    expect(await row.first().textContent()).toContain('Sistem');
    expect(await row.first().textContent()).toContain('Bekliyor');
    await row.first().click();
    const detail = page.getByTestId('coupon-detail');
    await detail.waitFor();
    expect(await detail.getByTestId('coupon-line').count()).toBe(3);
    // Lines read as the player picked them: teams from the catalog, market and outcome in words.
    await expect.poll(() => detail.getByTestId('coupon-line').first().textContent()).toContain('Galatasaray - Fenerbahçe');
    expect(await detail.getByTestId('coupon-line').first().textContent()).toContain('Maç Sonucu (Normal Süre): Ev Sahibi');
    // Tomorrow's matches: live-covered, not in play, so not live selections.
    expect(await detail.textContent()).not.toContain('Canlı');
    expect(await page.getByTestId('print-area').isVisible()).toBe(false);
    await detail.getByTestId('print-coupon').click();
    await expect.poll(() => page.evaluate<number>('window.printed'), { timeout: 5000 }).toBe(1);
    // What the printer got: the slip, taken from the area when the print started.
    const printedText = await page.evaluate<string>('window.printedText');
    expect(printedText).toContain('Sistem 2');
    expect(printedText).toContain('Galatasaray - Fenerbahçe (Banko)');
    expect(printedText).toContain('Maks. kazanç: 43');
    // On paper the area shows and the rest of the page does not.
    await page.emulateMedia({ media: 'print' });
    await stack.shot(page, 'register-bet-print');
    expect(await page.evaluate<string>("getComputedStyle(document.getElementById('print-area')).display")).toBe('block');
    expect(await page.getByTestId('site-header').isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });
    await stack.shot(page, 'register-bet-coupons');

    // 7. A price the feed moves reaches the open match page over the socket and flashes.
    const third = MATCHES[2];
    await page.goto(`${siteUrl}/tr/sports/match/${encodeURIComponent(third.id)}`);
    const odd = page.getByTestId(`odd-${third.id}:FT_1X2::1`);
    await expect.poll(() => odd.locator('.odds__value').textContent()).toBe('1.80');
    await say({ kind: 'odds_change', matchId: third.id, markets: [oneXTwo([1950, 3300, 4000])] });
    await expect.poll(() => odd.getAttribute('data-flash'), { timeout: 20_000 }).toBe('up');
    expect(await odd.locator('.odds__value').textContent()).toBe('1.95');

    // 8. The feed records the results, home wins everywhere: both tickets win, 43 ₺ is paid.
    for (const m of MATCHES) await say({ kind: 'bet_settlement', matchId: m.id, result: { sportId: 1, status: 'completed', periods: [{ home: 1, away: 0 }, { home: 1, away: 0 }] } });
    await page.goto(`${siteUrl}/tr`);
    await expect.poll(() => balanceAfterReload(page), { timeout: 60_000, interval: 1000 }).toBe('133 ₺');
    await page.goto(`${siteUrl}/tr/coupons`);
    await expect.poll(() => page.getByTestId('coupon-row').first().textContent(), { timeout: 20_000 }).toContain('Kazandı');
    await stack.shot(page, 'register-bet-paid');
    await context.close();
  }, 240_000);
});

describe(`the live page follows the feed (${backend.name})`, () => {
  const match = { id: `e2e-${randomUUID().slice(0, 8)}-live`, home: 'Antalyaspor', away: 'Alanyaspor', odds: [2200, 3100, 3300] } as const;
  const state = (minute: number, home: number, away: number, status: Scoreboard['status'] = '2p'): Scoreboard => ({
    ...INITIAL_SCOREBOARD,
    status,
    minute,
    score: { home, away },
    periods: [{ home: Math.min(home, 1), away: 0 }],
    corners: { home: 4, away: 2 },
    cards: { yellow: { home: 1, away: 0 }, red: { home: 0, away: 0 } },
  });

  it('an in-play match shows its score, time, corners and cards; the hash keeps sport|match; a goal arrives live; the end removes it from the list and the slip', async () => {
    // Kicked off 50 minutes ago.
    await say({ kind: 'fixture_change', fixture: fixture(match, new Date(Date.now() - 50 * 60_000).toISOString()) });
    await say({ kind: 'odds_change', matchId: match.id, markets: [oneXTwo(match.odds)], state: state(50, 1, 0) });

    const { context, page } = await stack.newPage();
    await page.goto(`${siteUrl}/tr/livebets`);
    const row = page.locator(`[data-testid=match-row][data-match-id="${match.id}"]`);
    await row.waitFor({ timeout: 20_000 });
    expect(await row.getAttribute('data-live')).toBe('1');
    expect(await row.textContent()).toContain('1:0');
    await row.locator('.match-row__info > span').click();
    await page.waitForURL(`${siteUrl}/tr/livebets#1|${match.id}`);
    const detail = page.getByTestId('live-detail');
    expect(await detail.locator('h2').textContent()).toBe('Antalyaspor 1:0 Alanyaspor');
    expect(await detail.textContent()).toContain("50'");
    expect(await detail.textContent()).toContain('Korner 4-2');
    expect(await detail.textContent()).toContain('Kart 1-0');

    await detail.getByTestId(`odd-${match.id}:FT_1X2::1`).click();
    expect(await page.getByTestId('betslip-pick').textContent()).toContain('Canlı');
    await stack.shot(page, 'live-page-in-play');

    // A goal: the score reaches the open page over the socket.
    await say({ kind: 'odds_change', matchId: match.id, markets: [oneXTwo([1500, 3900, 6000])], state: state(63, 2, 0) });
    await expect.poll(() => detail.locator('h2').textContent(), { timeout: 20_000 }).toBe('Antalyaspor 2:0 Alanyaspor');
    await expect.poll(() => detail.textContent()).toContain("63'");
    await expect.poll(() => page.getByTestId('betslip-pick').locator('.odds-value').textContent()).toBe('1.50');

    // The final whistle: the match leaves the list and the slip (§4).
    await say({ kind: 'odds_change', matchId: match.id, markets: [], state: state(90, 2, 0, 'ended') });
    await row.waitFor({ state: 'detached', timeout: 20_000 });
    expect(await page.getByTestId('betslip-empty').isVisible()).toBe(true);
    await context.close();
  }, 120_000);
});
