import { CardExpiry, cardExpiryIntervalFromEnv, DEFAULT_CARD_EXPIRY_INTERVAL_MS, StreamCommands } from '@kupon/commands';
import { testBackends, type TestStorage } from '@kupon/projections/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MoneyApi, openMoneyApi } from './money-harness';

const SITE = 'kupon';
const DAY = 86_400_000;
// PostgreSQL when DATABASE_URL is set (the last backend), else the embedded one.
const backend = testBackends.at(-1)!;

interface ListedCard {
  cardId: string;
  number: string;
  state: string;
}

describe(`prepaid cards expire by themselves (${backend.name})`, () => {
  let storage: TestStorage;
  let api: MoneyApi;
  const id = (userName: string) => api.login(SITE, userName).userId;
  /** One api process's timer, on the test's clock: a sweep runs every `intervalMs` of real time, cards expire by the clock the test moves. */
  const expiryOf = (commands: StreamCommands, intervalMs = 0) => new CardExpiry({ pool: storage.pool, commands, clock: api.clock.now, intervalMs, onError: (error) => console.error('card expiry:', error) });

  beforeAll(async () => {
    storage = await backend.open();
    api = await openMoneyApi(storage);
    await api.fund(SITE, 'kdealer1', 100_000);
    await api.fund(SITE, 'kdealer2', 100_000);
  });
  afterAll(async () => {
    await api?.close();
    await storage?.close();
  });

  // A fresh login each time: the tests move the clock by days, past the sessions of before.
  const issue = async (userName: string, requestId: string, count: number, amount: number, expiresInDays: number) => {
    const response = await (await api.as(userName))('POST', '/cards', { requestId, count, amount, expiresInDays });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { cards: { cardId: string; number: string; pin: string }[] }).cards;
  };
  const listed = async (userName: string): Promise<ListedCard[]> => {
    const response = await (await api.as(userName))('GET', '/cards?limit=200');
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { cards: ListedCard[] }).cards;
  };
  const refundsOf = async (dealerId: string, cardIds: readonly string[]) =>
    (await storage.store.readStream(`wallet-${dealerId}`)).filter((e) => e.type === 'CardRefunded' && cardIds.includes(String((e.data as { cardId?: string }).cardId)));

  it('returns a card to its dealer once its time is up, with nobody pressing the button, and it can no longer be loaded', async () => {
    const dealer = id('kdealer1');
    const [card] = await issue('kdealer1', 'expiry-timer-0001', 1, 2_500, 1);
    const before = await api.balance(dealer);
    const timer = expiryOf(api.commands, 10);
    timer.start();
    try {
      await api.settled();
      api.clock.advance(2 * DAY);
      // The timer sweeps on its own; the dealer's list shows the card expired once the read model has it.
      const deadline = Date.now() + 20_000;
      let state = 'issued';
      while (state !== 'expired' && Date.now() < deadline) {
        await api.settled();
        state = (await listed('kdealer1')).find((c) => c.cardId === card!.cardId)?.state ?? 'missing';
      }
      expect(state).toBe('expired');
    } finally {
      await timer.stop();
    }
    await api.settled();
    expect(await api.balance(dealer)).toBe(before + 2_500);
    expect((await refundsOf(dealer, [card!.cardId])).map((e) => (e.data as { amount: number; why: string }))).toEqual([expect.objectContaining({ amount: 2_500, why: 'expired' })]);
    const late = await (await api.as('kplayer1'))('POST', '/cards/redeem', { number: card!.number, pin: card!.pin });
    expect([late.statusCode, late.json()]).toEqual([409, { error: 'cardExpired' }]);
    // The credit history the dealer reads names the refund.
    const history = (await (await api.as('kdealer1'))('GET', '/wallet/credit/history?limit=500')).json().transactions as { type: string; amount: number }[];
    expect(history.filter((row) => row.type === 'CardRefunded').map((row) => row.amount)).toContain(2_500);
  });

  it('two api processes sweeping at once, with the back-office button pressed meanwhile, refund each due card exactly once and leave the others', async () => {
    const dealer = id('kdealer2');
    const due = await issue('kdealer2', 'expiry-race-00001', 4, 1_000, 1);
    const [later] = await issue('kdealer2', 'expiry-race-00002', 1, 7_000, 30);
    const before = await api.balance(dealer);
    await api.settled();
    api.clock.advance(2 * DAY);
    const button = await api.as('kdealer2');
    // This process's command runner and another's (its own folded streams), plus a request to a third.
    const [first, second, pressed] = await Promise.all([expiryOf(api.commands).sweep(), expiryOf(new StreamCommands(storage.store)).sweep(), button('POST', '/cards/expire')]);
    expect(pressed.statusCode, pressed.body).toBe(200);
    const byButton = pressed.json() as { expired: number; returned: number };
    // Whoever wrote a card's expiry counts it; nobody counts it twice.
    expect(first.expired + second.expired + byButton.expired).toBe(4);
    expect(first.returned + second.returned + byButton.returned).toBe(4_000);
    expect([...first.failures, ...second.failures]).toEqual([]);

    await api.settled();
    expect(await api.balance(dealer)).toBe(before + 4_000);
    const cardIds = due.map((c) => c.cardId);
    expect((await refundsOf(dealer, cardIds)).map((e) => (e.data as { cardId: string }).cardId).sort()).toEqual([...cardIds].sort());
    for (const cardId of cardIds) expect((await storage.store.readStream(`card-${cardId}`)).map((e) => e.type)).toEqual(['CardIssued', 'CardExpired']);
    const states = new Map((await listed('kdealer2')).map((c) => [c.cardId, c.state]));
    expect(cardIds.map((cardId) => states.get(cardId))).toEqual(['expired', 'expired', 'expired', 'expired']);
    expect(states.get(later!.cardId)).toBe('issued');

    // Run again, by both: nothing left to do, nothing written.
    const events = await api.eventCount();
    const again = await Promise.all([expiryOf(api.commands).sweep(), expiryOf(new StreamCommands(storage.store)).sweep()]);
    expect(again.map((sweep) => [sweep.expired, sweep.returned])).toEqual([
      [0, 0],
      [0, 0],
    ]);
    expect(await api.eventCount()).toBe(events);
    expect(await api.balance(dealer)).toBe(before + 4_000);
  });

  it('reads its interval from CARD_EXPIRY_INTERVAL_MS: a minute by default, 0 for none, a typo stops the start', () => {
    expect(cardExpiryIntervalFromEnv({})).toBe(DEFAULT_CARD_EXPIRY_INTERVAL_MS);
    expect(DEFAULT_CARD_EXPIRY_INTERVAL_MS).toBe(60_000);
    expect(cardExpiryIntervalFromEnv({ CARD_EXPIRY_INTERVAL_MS: '5000' })).toBe(5_000);
    expect(cardExpiryIntervalFromEnv({ CARD_EXPIRY_INTERVAL_MS: '0' })).toBe(0);
    for (const typo of ['1m', '-5', '1.5', 'soon']) expect(() => cardExpiryIntervalFromEnv({ CARD_EXPIRY_INTERVAL_MS: typo })).toThrow(/CARD_EXPIRY_INTERVAL_MS/);
  });
});
