import { LiveOddsBook } from '@kupon/api/live';
import { fixture, MatchWriter, oneXTwo, playing } from '@kupon/api/live/testing';
import { type TestStorage, testBackends } from '@kupon/projections/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MoneyApi, openMoneyApi } from './money-harness';

const SITE = 'kupon';
/** The test api's clock starts at 12:00 that day: these matches kicked off ten minutes before. */
const KICKED_OFF = '2026-11-22T11:50:00.000Z';
/** Football's acceptance delay in this test (the product default is 5 s). */
const DELAY_MS = 2_000;
/** When the test changes the match during the wait: well after the request was priced and held. */
const DURING_WAIT_MS = 600;

/**
 * Issue 6 item 5 through HTTP: a live coupon is held for the sport's acceptance delay and accepted
 * only if nothing moved meanwhile, against the api's real odds book following the store.
 */
for (const backend of testBackends) {
  describe(`live coupons wait for the acceptance delay (${backend.name})`, () => {
    let storage: TestStorage;
    let book: LiveOddsBook;
    let writer: MatchWriter;
    let api: MoneyApi;
    let n = 0;

    beforeAll(async () => {
      storage = await backend.open();
      book = new LiveOddsBook(storage.store);
      book.start();
      writer = new MatchWriter(storage.store);
      api = await openMoneyApi(storage, { odds: book, liveDelays: { 1: DELAY_MS } });
      await api.fund(SITE, 'kplayer1', 50_000);
    });
    afterAll(async () => {
      await api.close();
      await book.stop();
      await storage.close();
    });

    const liveMatch = async () => {
      const id = `inplay-${++n}`;
      await writer.create(fixture(id, 1, KICKED_OFF));
      await writer.odds(id, oneXTwo(2_000));
      await writer.state(id, playing(20));
      await book.caughtUp();
      return id;
    };
    const place = async (matchId: string) => {
      const cookie = await api.cookie(SITE, 'kplayer1');
      const tip = { matchId, marketId: 'FT_1X2', special: '', outcomeId: '1', odds: 2_000, banker: false, isLive: true };
      return api.app.inject({ method: 'POST', url: '/api/v1/coupons', headers: { 'x-site-id': SITE, cookie: `kupon_sid=${cookie}` }, payload: { requestId: `live-${matchId}`, tips: [tip], totalStake: 1_000 } });
    };

    it('holds a live coupon for the delay, then accepts it when nothing moved', async () => {
      const id = await liveMatch();
      const started = Date.now();
      const answer = await place(id);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(DELAY_MS);
      expect(answer.json().coupon).toMatchObject({ isLive: true, totalStake: 1_000, maxPay: 2_000 });
    });

    it('refuses it when the price moved or a goal went in during the wait, and takes no stake', async () => {
      const balance = await api.balance(api.login(SITE, 'kplayer1').userId);
      const moved = await liveMatch();
      const priceMoves = place(moved);
      await new Promise((resolve) => setTimeout(resolve, DURING_WAIT_MS));
      await writer.odds(moved, oneXTwo(1_900));
      expect((await priceMoves).json()).toEqual({ error: 'rateChanged' });

      const scored = await liveMatch();
      const goal = place(scored);
      await new Promise((resolve) => setTimeout(resolve, DURING_WAIT_MS));
      await writer.state(scored, playing(21, 1, 0));
      expect((await goal).json()).toEqual({ error: 'rateChanged' });
      expect(await api.balance(api.login(SITE, 'kplayer1').userId)).toBe(balance);
    });
  });
}
