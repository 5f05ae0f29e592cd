import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserStack, startBrowserStack } from './browser-stack';

/**
 * The ticket check in the browser against the api as `npm start` runs it: a player's coupon, placed
 * over HTTP, is found on /ticketCheck by a guest who types its code in lower case without dashes, and
 * by a link that carries the code (api/TICKET-CHECK.md).
 */
let stack: BrowserStack;
let siteUrl: string;
let browser: Browser;

beforeAll(async () => {
  stack = await startBrowserStack({ app: 'web', label: 'web ticket check e2e', apiEnv: { FEED_SEED: '3', KUPON_TICKET_SECRET: 'e2e-ticket-key' } });
  ({ siteUrl, browser } = stack);
}, 240_000);

afterAll(() => stack?.close(), 60_000);

describe('checking a ticket by the code on its slip', () => {
  it('a guest types the code of a coupon and sees it, with no owner; a link with the code opens it too; a wrong code is refused in words', async () => {
    const player = await stack.logIn('/sessions', 'kplayer1', 'play1234');
    type Listed = { id: string; live: boolean; matchDate: string; betstatus: string; odds: { oddsid: string; active: number }[] };
    let matchId = '';
    await expect
      .poll(async () => {
        const matches = (await stack.call(null, 'GET', '/catalog/matches?sportId=1&lang=en')).json as unknown as Listed[];
        // Not one about to kick off: the coupon would be refused matchStarted.
        const later = Date.now() + 10 * 60_000;
        matchId = matches.find((m) => !m.live && Date.parse(m.matchDate) > later && m.betstatus === 'open' && m.odds.some((o) => o.oddsid.startsWith('FT_1X2') && o.active === 1))?.id ?? '';
        return matchId;
      }, { timeout: 60_000, interval: 1000 })
      .not.toBe('');
    const placed = await stack.call(player, 'POST', '/coupons', {
      requestId: `e2e-ticket-${randomUUID()}`,
      tips: [{ matchId, marketId: 'FT_1X2', special: '', outcomeId: '1', odds: 1000, banker: false, isLive: false }],
      totalStake: 1_000,
      oddChangeOk: true,
    });
    expect(placed.status, JSON.stringify(placed.json)).toBe(200);
    const coupon = placed.json.coupon as { checkCode: string; ticketId: string };
    expect(coupon.checkCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){2}$/);

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    const page = await context.newPage();
    try {
      await page.goto(`${siteUrl}/en/ticketCheck`);
      const screen = page.getByTestId('page-ticketCheck');
      await screen.waitFor();
      await screen.getByTestId('ticket-code-input').fill(coupon.checkCode.replaceAll('-', '').toLowerCase());
      // The coupons read model the check looks codes up in is a moment behind the placed coupon: wait
      // until the player's own list (the same table, not rate-limited) has it, then check once. Asking
      // the check itself again and again would spend the guest's ten checks a minute.
      await expect
        .poll(async () => ((await stack.call(player, 'GET', '/coupons')).json.coupons as { ticketId: string }[]).some((c) => c.ticketId === coupon.ticketId), { timeout: 60_000, interval: 250 })
        .toBe(true);
      await screen.getByTestId('ticket-check-submit').click();
      const result = screen.getByTestId('ticket-check-result');
      await result.waitFor();
      expect(await result.getByTestId('check-code').innerText()).toBe(coupon.checkCode);
      expect(await result.getByTestId('coupon-line').count()).toBe(1);
      expect(await result.innerText()).toContain('Waiting');
      expect(await page.content()).not.toContain(coupon.ticketId);
      await stack.shot(page, 'web-ticket-check');

      await page.goto(`${siteUrl}/en/ticketCheck/${coupon.checkCode}`);
      await page.getByTestId('ticket-check-result').waitFor();
      expect(await page.getByTestId('check-code').innerText()).toBe(coupon.checkCode);

      const last = coupon.checkCode.at(-1) === 'Z' ? 'Y' : 'Z';
      await page.getByTestId('ticket-code-input').fill(`${coupon.checkCode.slice(0, -1)}${last}`);
      await page.getByTestId('ticket-check-submit').click();
      await expect.poll(() => page.getByRole('alert').innerText()).toBe('Coupon not found.');
      expect(await page.getByTestId('ticket-check-result').count()).toBe(0);
    } finally {
      await context.close();
    }
  }, 120_000);
});
