import { testBackends, type TestStorage } from '@kupon/projections/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MoneyApi, openMoneyApi } from './money-harness';
import { foldWallets } from './reports-harness';

const SITE = 'kupon';
// PostgreSQL when DATABASE_URL is set (the last backend), else the embedded one.
const backend = testBackends.at(-1)!;

interface IssuedCard {
  cardId: string;
  number: string;
  pin: string | null;
  amount: number;
}

describe(`prepaid cards over HTTP (${backend.name})`, () => {
  let storage: TestStorage;
  let api: MoneyApi;
  const id = (userName: string) => api.login(SITE, userName).userId;

  beforeAll(async () => {
    storage = await backend.open();
    api = await openMoneyApi(storage);
    await api.fund(SITE, 'kdealer1', 100_000);
    await api.fund(SITE, 'kdealer2', 10_000);
  });
  afterAll(async () => {
    await api?.close();
    await storage?.close();
  });

  // Each call from an address of its own, so redeem's login-like rate limit trips only the test about it.
  let calls = 0;
  const callOn = async (site: string, userName: string, method: 'GET' | 'POST', url: string, payload?: object, remoteAddress = `10.7.${Math.floor(++calls / 250)}.${calls % 250}`) => {
    const cookie = await api.cookie(site, userName);
    return api.app.inject({ method, url: `/api/v1${url}`, remoteAddress, headers: { 'x-site-id': site, cookie: `kupon_sid=${cookie}` }, ...(payload ? { payload } : {}) });
  };
  const call = (userName: string, method: 'GET' | 'POST', url: string, payload?: object) => callOn(SITE, userName, method, url, payload);
  const issue = async (userName: string, requestId: string, count: number, amount: number, extra: object = {}) => {
    const response = await call(userName, 'POST', '/cards', { requestId, count, amount, ...extra });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { cards: IssuedCard[]; wallet: { balance: number } };
  };
  const listed = async (userName: string, query = '') => {
    await api.settled();
    const response = await call(userName, 'GET', `/cards?limit=200${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { total: number; cards: { cardId: string; number: string; state: string; batch: string | null; redeemedByName: string | null; amount: number }[] };
  };

  it('issues a batch out of the dealer credit exactly, with numbers and PINs shown once; a retry issues nothing more', async () => {
    const dealer = id('kdealer1');
    const before = await api.balance(dealer);
    const batch = await issue('kdealer1', 'cards-batch-0001', 3, 2_500, { batch: 'team A' });
    expect(batch.cards).toHaveLength(3);
    expect(new Set(batch.cards.map((c) => c.number)).size).toBe(3);
    for (const card of batch.cards) expect([card.number, card.pin]).toEqual([expect.stringMatching(/^\d{16}$/), expect.stringMatching(/^\d{8}$/)]);
    expect(await api.balance(dealer)).toBe(before - 7_500);
    const again = await issue('kdealer1', 'cards-batch-0001', 3, 2_500, { batch: 'team A' });
    expect(again.cards.map((c) => [c.number, c.pin])).toEqual(batch.cards.map((c) => [c.number, null]));
    expect(await api.balance(dealer)).toBe(before - 7_500);
    const list = await listed('kdealer1', '&batch=team%20A');
    expect(list.cards.map((c) => [c.number, c.state, c.amount]).sort()).toEqual(batch.cards.map((c) => [c.number, 'issued', 2_500]).sort());
    // Only a hash of the PIN is stored, nowhere its digits.
    const stored = await storage.store.readStream(`card-${batch.cards[0]!.cardId}`);
    expect(stored.map((e) => e.type)).toEqual(['CardIssued']);
    expect(JSON.stringify(stored[0]!.data)).not.toContain(`"${batch.cards[0]!.pin}"`);
    expect(stored[0]!.data).toMatchObject({ number: batch.cards[0]!.number, pinHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });

  it('refuses a batch the dealer credit does not cover, with the §8 key, and moves nothing', async () => {
    const dealer = id('kdealer2');
    const before = await api.balance(dealer);
    const refused = await call('kdealer2', 'POST', '/cards', { requestId: 'cards-toomuch-01', count: 3, amount: 4_000 });
    expect([refused.statusCode, refused.json()]).toEqual([422, { error: 'cardLimitInsufficient' }]);
    expect(await api.balance(dealer)).toBe(before);
    const player = await call('kplayer1', 'POST', '/cards', { requestId: 'cards-player-01', count: 1, amount: 100 });
    expect(player.statusCode).toBe(403);
  });

  it('redeems a card into the player wallet once, whoever asks again; a wrong PIN or number is one vague error', async () => {
    const player = id('kplayer1');
    const [card, second] = (await issue('kdealer1', 'cards-redeem-001', 2, 3_000)).cards;
    const before = await api.balance(player);
    const wrongPin = await call('kplayer1', 'POST', '/cards/redeem', { number: card!.number, pin: card!.pin === '00000000' ? '00000001' : '00000000' });
    const wrongNumber = await call('kplayer1', 'POST', '/cards/redeem', { number: '1234567890123456', pin: card!.pin });
    expect([wrongPin.statusCode, wrongPin.json(), wrongNumber.statusCode, wrongNumber.json()]).toEqual([404, { error: 'cardNotFound' }, 404, { error: 'cardNotFound' }]);
    const redeemed = await call('kplayer1', 'POST', '/cards/redeem', { number: card!.number.replace(/(\d{4})/g, '$1 ').trim(), pin: card!.pin });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    expect(redeemed.json()).toMatchObject({ status: true, amount: 3_000, wallet: { balance: before + 3_000 } });
    const retry = await call('kplayer1', 'POST', '/cards/redeem', { number: card!.number, pin: card!.pin });
    expect(retry.statusCode).toBe(200);
    const other = await call('kplayer2', 'POST', '/cards/redeem', { number: card!.number, pin: card!.pin });
    expect([other.statusCode, other.json()]).toEqual([409, { error: 'cardAlreadyRedeemed' }]);
    await api.settled();
    expect(await api.balance(player)).toBe(before + 3_000);
    const list = await listed('kdealer1');
    expect(list.cards.find((c) => c.number === card!.number)).toMatchObject({ state: 'redeemed', redeemedByName: 'kplayer1' });
    // Guessing PINs is slowed down like guessing passwords: per account after five failures (throttle-http.test.ts), per address after ten.
    const guesses = [];
    for (let i = 0; i < 11; i++) {
      const guess = await callOn(SITE, 'kplayer2', 'POST', '/cards/redeem', { number: second!.number, pin: String(i).padStart(8, '9') }, '10.99.0.1');
      guesses.push(guess.statusCode === 404 ? 404 : guess.json().error);
    }
    expect(guesses).toEqual([...Array(6).fill(404), ...Array(4).fill('tooManyAttempts|30'), expect.stringMatching(/^tooManyRequests\|\d+$/)]);
    await api.services.throttle.clear('cardRedeem', `${SITE}:${id('kplayer2')}`);
    // A card of this site is not found from another site.
    const foreign = await callOn('bahis', 'bplayer1', 'POST', '/cards/redeem', { number: second!.number, pin: second!.pin });
    expect([foreign.statusCode, foreign.json()]).toEqual([404, { error: 'cardNotFound' }]);
  });

  it('ten racing redeems of one card, from two api processes and two players, credit it once', async () => {
    const [card] = (await issue('kdealer1', 'cards-race-00001', 1, 4_000)).cards;
    const players = [id('kplayer1'), id('kplayer2')];
    const before = await Promise.all(players.map((p) => api.balance(p)));
    const other = api.otherProcess();
    const cookies = await Promise.all(['kplayer1', 'kplayer2'].map((u) => api.cookie(SITE, u)));
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 === 0 ? api.app : other).inject({ method: 'POST', url: '/api/v1/cards/redeem', remoteAddress: `10.8.0.${i}`, headers: { 'x-site-id': SITE, cookie: `kupon_sid=${cookies[i % 4 < 2 ? 0 : 1]}` }, payload: { number: card!.number, pin: card!.pin } }),
      ),
    );
    expect(answers.every((a) => a.statusCode === 200 || (a.statusCode === 409 && a.json().error === 'cardAlreadyRedeemed')), answers.map((a) => a.body).join('\n')).toBe(true);
    await api.settled();
    const after = await Promise.all(players.map((p) => api.balance(p)));
    expect(after[0]! - before[0]! + after[1]! - before[1]!).toBe(4_000);
    const winners = new Set(answers.filter((a) => a.statusCode === 200).map((a) => a.json().wallet.accountId));
    expect(winners.size).toBe(1);
  });

  it('cancels an unredeemed card and the money goes back; a redeemed card cannot be cancelled; another dealer neither sees nor cancels it', async () => {
    const dealer = id('kdealer1');
    const [card, used] = (await issue('kdealer1', 'cards-cancel-001', 2, 1_500)).cards;
    const before = await api.balance(dealer);
    expect((await call('kplayer1', 'POST', '/cards/redeem', { number: used!.number, pin: used!.pin })).statusCode).toBe(200);

    const foreign = await call('kdealer2', 'POST', `/cards/${card!.cardId}/cancel`);
    expect([foreign.statusCode, foreign.json()]).toEqual([404, { error: 'cardNotFound' }]);
    expect((await listed('kdealer2')).cards.map((c) => c.number)).not.toContain(card!.number);
    // Its parent dealer sees it.
    expect((await listed('ktopdealer')).cards.map((c) => c.number)).toContain(card!.number);

    const cancelled = await call('kdealer1', 'POST', `/cards/${card!.cardId}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().wallet.balance).toBe(before + 1_500);
    const twice = await call('kdealer1', 'POST', `/cards/${card!.cardId}/cancel`);
    expect(twice.statusCode).toBe(200);
    const redeemAfter = await call('kplayer1', 'POST', '/cards/redeem', { number: card!.number, pin: card!.pin });
    expect(redeemAfter.json()).toEqual({ error: 'cardNotFound' });
    const late = await call('kdealer1', 'POST', `/cards/${used!.cardId}/cancel`);
    expect([late.statusCode, late.json()]).toEqual([409, { error: 'cardAlreadyRedeemed' }]);
    await api.settled();
    expect(await api.balance(dealer)).toBe(before + 1_500);
    expect((await listed('kdealer1')).cards.find((c) => c.number === card!.number)?.state).toBe('cancelled');

    // The dealer's credit history shows the cards' money leaving and the cancelled one's coming back.
    const history = (await call('kdealer1', 'GET', '/wallet/credit/history?limit=500')).json().transactions as { type: string; amount: number }[];
    const cardMoves = history.filter((row) => row.type === 'CardFunded' || row.type === 'CardRefunded');
    expect(cardMoves.filter((row) => row.type === 'CardRefunded').map((row) => row.amount)).toContain(1_500);
    expect(cardMoves.filter((row) => row.type === 'CardFunded').map((row) => row.amount)).toEqual(expect.arrayContaining([-1_500, -1_500]));
  });

  it('the reports still reconcile to the cent with the wallet streams, cards counted as credit', async () => {
    await api.settled();
    const folded = await foldWallets(storage);
    const report = await call('kadmin', 'GET', '/reports/players?limit=500');
    expect(report.statusCode, report.body).toBe(200);
    const rows = report.json().rows as { userId: string; userName: string; credit: number; stakes: number; payouts: number; refunds: number; cashouts: number; deposits: number; withdrawals: number; bonuses: number; adjustments: number }[];
    const p1 = rows.find((r) => r.userName === 'kplayer1')!;
    expect(p1.credit).toBe(folded.get(p1.userId)!.credit);
    expect(p1.credit).toBeGreaterThanOrEqual(3_000 + 1_500);
    for (const row of rows) {
      const f = folded.get(row.userId);
      if (!f) continue;
      expect(-row.stakes + row.payouts + row.refunds + row.cashouts + row.deposits - row.withdrawals + row.bonuses + row.adjustments + row.credit, row.userName).toBe(f.balance);
    }
    // The dealers' side: every card moved exactly what the wallets say.
    const dealer = folded.get(id('kdealer1'))!;
    expect(dealer.adjustments + dealer.credit).toBe(dealer.balance);
  });

  it('returns an expired card to its dealer on demand, once; it can no longer be redeemed', async () => {
    const dealer = id('kdealer1');
    const [card] = (await issue('kdealer1', 'cards-expire-001', 1, 2_000, { expiresInDays: 1 })).cards;
    const before = await api.balance(dealer);
    await api.settled();
    const early = await call('kdealer1', 'POST', '/cards/expire');
    expect(early.json()).toEqual({ expired: 0, returned: 0 });
    api.clock.advance(2 * 86_400_000);
    // Two days on, the sessions of before have lapsed: log in again.
    const fresh = async (userName: string, url: string, payload?: object) =>
      api.app.inject({ method: 'POST', url: `/api/v1${url}`, remoteAddress: `10.9.0.${++calls % 250}`, headers: { 'x-site-id': SITE, cookie: `kupon_sid=${await api.logIn(SITE, userName)}` }, ...(payload ? { payload } : {}) });
    const expiredRedeem = await fresh('kplayer1', '/cards/redeem', { number: card!.number, pin: card!.pin });
    expect(expiredRedeem.json()).toEqual({ error: 'cardExpired' });
    const swept = await fresh('kdealer1', '/cards/expire');
    expect(swept.json()).toEqual({ expired: 1, returned: 2_000 });
    expect((await fresh('kdealer1', '/cards/expire')).json()).toEqual({ expired: 0, returned: 0 });
    await api.settled();
    expect(await api.balance(dealer)).toBe(before + 2_000);
  });
});
