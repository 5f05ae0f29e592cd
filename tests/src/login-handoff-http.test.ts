import { openTestApi, sessionCookie, type TestApi } from '@kupon/demo/testing';
import { userStream } from '@kupon/domain';
import { type TestStorage, testBackends } from '@kupon/projections/testing';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * loginwithuser across origins: the back office asks `POST /sessions/as-user/tickets` with the dealer's
 * session, the player site spends the ticket at `POST /sessions/as-user/redeem` with no dealer cookie.
 */
for (const backend of testBackends) {
  describe(`login-with-user handoff tickets over HTTP (${backend.name})`, () => {
    let storage: TestStorage;
    let api: TestApi;
    beforeAll(async () => {
      storage = await backend.open();
      api = await openTestApi(storage);
    }, 180_000);
    afterAll(async () => {
      await api.close();
      await storage.close();
    });

    const site = (siteId: string) => ({ 'x-site-id': siteId });
    const userId = (userName: string, siteId = 'kupon') => api.login(siteId, userName).userId;
    const issue = async (dealerSid: string, targetId: string, siteId = 'kupon') =>
      api.app.inject({ method: 'POST', url: '/api/v1/sessions/as-user/tickets', headers: site(siteId), cookies: { kupon_sid: dealerSid }, payload: { userId: targetId } });
    let address = 0;
    const redeem = (ticket: string, siteId = 'kupon', app = api.app) =>
      app.inject({ method: 'POST', url: '/api/v1/sessions/as-user/redeem', headers: site(siteId), remoteAddress: `10.77.0.${++address % 250}`, payload: { ticket } });
    const me = (sid: string) => api.app.inject({ method: 'GET', url: '/api/v1/me', headers: site('kupon'), cookies: { kupon_sid: sid } });
    const ticketOf = async (dealerSid: string, targetId: string) => {
      const issued = await issue(dealerSid, targetId);
      expect(issued.statusCode, issued.body).toBe(201);
      return issued.json().ticket as string;
    };

    it('a dealer issues a ticket for its player; the player site redeems it once and is that player, with the dealer recorded as by', async () => {
      const sub = await api.logIn('kupon', 'ksubdealer1');
      const issued = await issue(sub, userId('kplayer1'));
      expect(issued.statusCode).toBe(201);
      const { ticket, url } = issued.json() as { ticket: string; url: string };
      expect(Buffer.from(ticket, 'base64url')).toHaveLength(32); // 256 bits
      expect(url).toBe(`/tr/loginwithuser?ticket=${ticket}`);
      // Issuing opens nothing yet: no session cookie for the dealer's browser.
      expect(sessionCookie(issued)).toBeUndefined();
      // Only the hash is stored.
      const { rows } = await storage.pool.query<{ ticket_hash: string }>('select ticket_hash from login_tickets');
      expect(rows.map((r) => r.ticket_hash)).toContain(createHash('sha256').update(ticket).digest('hex'));
      expect(rows.map((r) => r.ticket_hash)).not.toContain(ticket);

      const first = await redeem(ticket);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().user.userName).toBe('kplayer1');
      const sid = sessionCookie(first)!;
      expect((await me(sid)).json().userName).toBe('kplayer1');
      // The dealer's own session lives on.
      expect((await me(sub)).json().userName).toBe('ksubdealer1');

      const events = await api.services.store.readStream(userStream(userId('kplayer1')), { direction: 'backwards', maxCount: 1 });
      const login = events[0]!;
      expect(login.type).toBe('UserLoggedIn');
      expect(login.data).toMatchObject({ method: 'loginWithUser', by: userId('ksubdealer1') });
      expect(login.metadata.actor.userId).toBe(userId('ksubdealer1'));

      const again = await redeem(ticket);
      expect(again.statusCode).toBe(422);
      expect(again.json()).toEqual({ error: 'loginTicketInvalid' });
      expect(sessionCookie(again)).toBeUndefined();
    });

    it('a terminal of the subtree can be opened too; an unknown ticket is refused alike', async () => {
      const sub = await api.logIn('kupon', 'ksubdealer1');
      const opened = await redeem(await ticketOf(sub, userId('kterminal1')));
      expect(opened.json().user).toMatchObject({ userName: 'kterminal1', role: 'terminal' });
      const made = await redeem(Buffer.alloc(32, 7).toString('base64url'));
      expect(made.json()).toEqual({ error: 'loginTicketInvalid' });
    });

    it('two racing redeems of one ticket (on two api processes): exactly one wins', async () => {
      const sub = await api.logIn('kupon', 'ksubdealer1');
      const other = api.secondApp();
      for (let round = 0; round < 5; round++) {
        const ticket = await ticketOf(sub, userId('kplayer1'));
        const answers = await Promise.all([redeem(ticket), redeem(ticket, 'kupon', other), redeem(ticket)]);
        expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422, 422]);
        expect(answers.filter((a) => sessionCookie(a) !== undefined)).toHaveLength(1);
      }
    });

    it('a ticket is good for 60 seconds', async () => {
      const sub = await api.logIn('kupon', 'ksubdealer1');
      const inTime = await ticketOf(sub, userId('kplayer1'));
      const late = await ticketOf(sub, userId('kplayer1'));
      api.clock.advance(59_000);
      expect((await redeem(inTime)).statusCode).toBe(200);
      api.clock.advance(1_000);
      const expired = await redeem(late);
      expect(expired.statusCode).toBe(422);
      expect(expired.json()).toEqual({ error: 'loginTicketInvalid' });
    });

    it('the same checks as /sessions/as-user: another dealer\'s player, a dealer account, a player asking, no session', async () => {
      const sub = await api.logIn('kupon', 'ksubdealer1');
      const foreign = await issue(sub, userId('kplayer2'));
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json()).toEqual({ error: 'thisOperatorNotYour' });

      const top = await api.logIn('kupon', 'ktopdealer');
      const dealerAccount = await issue(top, userId('kdealer1'));
      expect(dealerAccount.statusCode).toBe(403);
      expect(dealerAccount.json()).toEqual({ error: 'permissionDenied|dealer' });
      // …while the top dealer may open a player further down its tree.
      expect((await issue(top, userId('kplayer1'))).statusCode).toBe(201);

      const player = await api.logIn('kupon', 'kplayer1');
      const asPlayer = await issue(player, userId('kplayer2'));
      expect(asPlayer.statusCode).toBe(403);
      const regulator = await issue(await api.logIn('kupon', 'kregulator'), userId('kplayer1'));
      expect([regulator.statusCode, regulator.json()]).toEqual([403, { error: 'readOnlyRole' }]);
      const anonymous = await api.app.inject({ method: 'POST', url: '/api/v1/sessions/as-user/tickets', headers: site('kupon'), payload: { userId: userId('kplayer1') } });
      expect(anonymous.statusCode).toBe(401);
    });

    it('a ticket of one site does not open a session on another', async () => {
      const sub = await api.logIn('kupon', 'ksubdealer1');
      const ticket = await ticketOf(sub, userId('kplayer1'));
      const elsewhere = await redeem(ticket, 'bahis');
      expect(elsewhere.statusCode).toBe(422);
      expect(elsewhere.json()).toEqual({ error: 'loginTicketInvalid' });
      expect(sessionCookie(elsewhere)).toBeUndefined();
      // A bahis dealer cannot ask for a kupon player either.
      const bahisSub = await api.logIn('bahis', 'bsubdealer1');
      expect((await issue(bahisSub, userId('kplayer1'), 'bahis')).json()).toEqual({ error: 'thisOperatorNotYour' });
    });

    it('a ticket whose dealer was made passive within its minute opens nothing', async () => {
      const sub = await api.logIn('kupon', 'ksubdealer1');
      const ticket = await ticketOf(sub, userId('kplayer1'));
      const dealer = await api.as('kdealer1');
      const passive = await dealer('PUT', `/staff/users/${userId('ksubdealer1')}/status`, { status: 'passive' });
      expect(passive.statusCode, passive.body).toBe(200);
      expect((await redeem(ticket)).json()).toEqual({ error: 'loginTicketInvalid' });
      expect((await dealer('PUT', `/staff/users/${userId('ksubdealer1')}/status`, { status: 'active' })).statusCode).toBe(200);
    });
  });
}
