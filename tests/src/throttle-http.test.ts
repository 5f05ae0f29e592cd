import { type TestStorage, testBackends } from '@kupon/projections/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MoneyApi, openMoneyApi, tip } from './money-harness';

const SITE = 'kupon';
const SECOND = 1_000;

/**
 * Per-target throttling with back-off (issue 23, docs/decisions/0004): a guesser who spreads his
 * attempts over many addresses, each below the per-address limit, is still stopped per account (logins,
 * terminal PINs, card redeems) and per ticket (ticket checks); staff see a login lock and may lift it.
 */
for (const backend of testBackends) {
  describe(`per-account throttling with back-off, over HTTP (${backend.name})`, () => {
    let storage: TestStorage;
    let api: MoneyApi;

    beforeAll(async () => {
      storage = await backend.open();
      api = await openMoneyApi(storage);
      await api.fund(SITE, 'kplayer1', 50_000);
      await api.fund(SITE, 'kdealer1', 50_000);
    });
    afterAll(async () => {
      await api?.close();
      await storage?.close();
    });

    // Every attempt from an address of its own: the per-address limit (10 a minute) never trips here.
    let addresses = 0;
    const nextAddress = () => `10.61.${Math.floor(++addresses / 250)}.${addresses % 250}`;
    const door = { player: '/sessions', operator: '/sessions/operator', terminal: '/sessions/terminal' } as const;
    const logIn = (userName: string, password: string, via: keyof typeof door = 'player') =>
      api.app.inject({ method: 'POST', url: `/api/v1${door[via]}`, headers: { 'x-site-id': SITE }, remoteAddress: nextAddress(), payload: { userName, password } });
    const answer = (response: { statusCode: number; json: () => { error?: string } }) => [response.statusCode, response.json().error ?? 'ok'];
    const as = (userName: string, method: 'GET' | 'POST', url: string, payload?: object) => api.callAs(SITE, userName, method, url, payload);
    const userId = (userName: string) => api.login(SITE, userName).userId;
    const inSeconds = (seconds: number) => new Date(api.clock.now().getTime() + seconds * SECOND).toISOString();

    it('25 wrong passwords from 25 addresses lock the player out, the right one included, until the lock ends; the lock doubles', async () => {
      const answers = [];
      for (let i = 0; i < 25; i++) answers.push(answer(await logIn('kplayer2', `wrong${i}x`)));
      // Five free failures; the sixth locks for 30 s; while locked nothing is even counted.
      expect(answers).toEqual([...Array(6).fill([401, 'incorrectUsernameOrPassword']), ...Array(19).fill([429, 'accountLocked|30'])]);
      // The right password is refused the same way: the answer does not tell whether it was right.
      expect(answer(await logIn('kplayer2', 'play1234'))).toEqual([429, 'accountLocked|30']);

      // The refused attempts are in the IP log, as accountLocked.
      await api.caughtUp();
      const log = (await as('kadmin', 'GET', `/staff/ip-logs?userId=${userId('kplayer2')}&limit=500`)).json().entries as { success: boolean; reason: string | null }[];
      expect(log.filter((entry) => entry.reason === 'incorrectUsernameOrPassword')).toHaveLength(6);
      expect(log.filter((entry) => entry.reason === 'accountLocked')).toHaveLength(20);

      api.clock.advance(20 * SECOND);
      expect(answer(await logIn('kplayer2', 'play1234'))).toEqual([429, 'accountLocked|10']);
      api.clock.advance(10 * SECOND);
      // Past the lock, one more failure locks again at once, twice as long.
      expect(answer(await logIn('kplayer2', 'wrong-again'))).toEqual([401, 'incorrectUsernameOrPassword']);
      expect(answer(await logIn('kplayer2', 'play1234'))).toEqual([429, 'accountLocked|60']);
      api.clock.advance(60 * SECOND);
      expect(answer(await logIn('kplayer2', 'play1234'))).toEqual([200, 'ok']);
      // A login clears the count: five free failures again.
      for (let i = 0; i < 5; i++) expect(answer(await logIn('kplayer2', `wrong${i}y`))).toEqual([401, 'incorrectUsernameOrPassword']);
      expect(answer(await logIn('kplayer2', 'play1234'))).toEqual([200, 'ok']);
    });

    it('a burst of guesses sent at once gets no more tries than guesses sent in turn', async () => {
      const burst = await Promise.all(Array.from({ length: 30 }, (_, i) => logIn('kdealer2', `burst${i}x`, 'operator')));
      const answers = burst.map(answer);
      // Each attempt is counted before its password is checked: the five free ones and the one that locks.
      expect(answers.filter(([status]) => status === 401)).toHaveLength(6);
      expect(answers.filter(([status]) => status === 429)).toHaveLength(24);
      expect(answer(await logIn('kdealer2', 'deal1234', 'operator'))).toEqual([429, 'accountLocked|30']);
      expect((await as('kadmin', 'POST', `/staff/users/${userId('kdealer2')}/login-lock/clear`)).statusCode).toBe(200);
      expect(answer(await logIn('kdealer2', 'deal1234', 'operator'))).toEqual([200, 'ok']);
    });

    it('unknown user names keep answering incorrectUsernameOrPassword', async () => {
      const answers = [];
      for (let i = 0; i < 12; i++) answers.push(answer(await logIn('nosuchplayer', `wrong${i}x`)));
      expect(answers).toEqual(Array(12).fill([401, 'incorrectUsernameOrPassword']));
    });

    it('a terminal PIN the same; staff see the lock and who may edit the user lifts it', async () => {
      const terminal = userId('kterminal1');
      for (let i = 0; i < 25; i++) await logIn('kterminal1', String(200_000 + i), 'terminal');
      expect(answer(await logIn('kterminal1', '123456', 'terminal'))).toEqual([429, 'accountLocked|30']);

      const seen = await as('kadmin', 'GET', `/staff/users/${terminal}`);
      expect(seen.statusCode, seen.body).toBe(200);
      expect(seen.json().loginLock).toEqual({ failures: 6, lockedUntil: inSeconds(30) });
      // The dealer above it sees it too; a dealer of another branch may not touch it, the regulator writes nothing.
      expect((await as('ksubdealer1', 'GET', `/staff/users/${terminal}`)).json().loginLock).toEqual({ failures: 6, lockedUntil: inSeconds(30) });
      expect(answer(await as('kdealer2', 'POST', `/staff/users/${terminal}/login-lock/clear`))).toEqual([403, 'thisOperatorNotYour']);
      expect(answer(await as('kregulator', 'POST', `/staff/users/${terminal}/login-lock/clear`))).toEqual([403, 'readOnlyRole']);
      expect(answer(await api.app.inject({ method: 'POST', url: `/api/v1/staff/users/${terminal}/login-lock/clear`, headers: { 'x-site-id': SITE } }))).toEqual([401, 'loginRequired']);
      expect(answer(await logIn('kterminal1', '123456', 'terminal'))).toEqual([429, 'accountLocked|30']);

      const cleared = await as('ksubdealer1', 'POST', `/staff/users/${terminal}/login-lock/clear`);
      expect(cleared.statusCode, cleared.body).toBe(200);
      expect(cleared.json()).toMatchObject({ userId: terminal, loginLock: null });
      expect(answer(await logIn('kterminal1', '123456', 'terminal'))).toEqual([200, 'ok']);
      expect((await as('kadmin', 'GET', `/staff/users/${terminal}`)).json().loginLock).toBeNull();
    });

    it('a staff login is locked per account too', async () => {
      for (let i = 0; i < 6; i++) expect(answer(await logIn('kdealer2', `wrong${i}z`, 'operator'))).toEqual([401, 'incorrectUsernameOrPassword']);
      expect(answer(await logIn('kdealer2', 'deal1234', 'operator'))).toEqual([429, 'accountLocked|30']);
      expect((await as('kadmin', 'POST', `/staff/users/${userId('kdealer2')}/login-lock/clear`)).statusCode).toBe(200);
      expect(answer(await logIn('kdealer2', 'deal1234', 'operator'))).toEqual([200, 'ok']);
    });

    it('card redeems: failed guesses of one account from many addresses lock its redeems, the right PIN included', async () => {
      const issued = await as('kdealer1', 'POST', '/cards', { requestId: 'throttle-cards-01', count: 1, amount: 2_000 });
      expect(issued.statusCode, issued.body).toBe(201);
      const card = issued.json().cards[0] as { number: string; pin: string };
      const redeem = async (number: string, pin: string) =>
        api.app.inject({ method: 'POST', url: '/api/v1/cards/redeem', headers: { 'x-site-id': SITE, cookie: `kupon_sid=${await api.cookie(SITE, 'kplayer1')}` }, remoteAddress: nextAddress(), payload: { number, pin } });
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push(answer(await redeem(card.number, String(10_000_000 + i))));
      for (let i = 0; i < 3; i++) answers.push(answer(await redeem(`9${String(i).padStart(15, '0')}`, card.pin)));
      expect(answers).toEqual(Array(6).fill([404, 'cardNotFound']));
      expect(answer(await redeem(card.number, card.pin))).toEqual([429, 'tooManyAttempts|30']);
      // Another player is not held back by it.
      expect(answer(await api.app.inject({ method: 'POST', url: '/api/v1/cards/redeem', headers: { 'x-site-id': SITE, cookie: `kupon_sid=${await api.cookie(SITE, 'kplayer2')}` }, remoteAddress: nextAddress(), payload: { number: '9999999999999999', pin: '00000000' } }))).toEqual([404, 'cardNotFound']);
      api.clock.advance(30 * SECOND);
      expect(answer(await redeem(card.number, card.pin))).toEqual([200, 'ok']);
    });

    it('ticket checks: codes whose key part fails lock that ticket from every address; other tickets answer', async () => {
      const place = async (requestId: string, matchId: string) => {
        const placed = await as('kplayer1', 'POST', '/coupons', { requestId, tips: [tip(matchId)], totalStake: 1_000 });
        expect(placed.statusCode, placed.body).toBe(200);
        return placed;
      };
      const target = (await place('throttle-ticket-01', 'm1')).json().coupon.checkCode as string;
      const other = (await place('throttle-ticket-02', 'm2')).json().coupon.checkCode as string;
      await api.settled();
      const check = (code: string) => api.app.inject({ method: 'GET', url: `/api/v1/coupons/check/${code}`, headers: { 'x-site-id': SITE }, remoteAddress: nextAddress() });
      expect(answer(await check(target))).toEqual([200, 'ok']);
      // The ticket part (the first 28 bits) kept, the last 20 bits of the key part guessed.
      const guesses = ['0000', '0001', '0002', '0003', '0004', '0005', '0006'].filter((mac) => mac !== target.slice(10)).slice(0, 6).map((mac) => `${target.slice(0, 10)}${mac}`);
      const answers = [];
      for (const guess of guesses) answers.push(answer(await check(guess)));
      expect(answers).toEqual(Array(6).fill([404, 'couponNotFound']));
      expect(answer(await check(target))).toEqual([429, 'tooManyAttempts|30']);
      expect(answer(await check(other))).toEqual([200, 'ok']);
      api.clock.advance(30 * SECOND);
      expect(answer(await check(target))).toEqual([200, 'ok']);
    });
  });
}
