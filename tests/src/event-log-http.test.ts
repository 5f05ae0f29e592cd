import { openTestApi, type TestApi } from '@kupon/demo/testing';
import { type TestStorage, testBackends } from '@kupon/projections/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

interface Entry {
  eventId: string;
  streamName: string;
  category: string;
  type: string;
  position: { commit: string; prepare: string };
  actor: { userId: string; role: string; ip: string | null };
  at: string;
}

for (const backend of testBackends) {
  describe(`the event log over HTTP (${backend.name})`, () => {
    let storage: TestStorage;
    let api: TestApi;
    beforeAll(async () => {
      storage = await backend.open();
      api = await openTestApi(storage);
      // A fresh migrated PGlite plus the demo seed: slow on a loaded 2-core machine, never a timing claim.
    }, 180_000);
    afterAll(async () => {
      await api.close();
      await storage.close();
    });

    const id = (userName: string, siteId = 'kupon') => api.login(siteId, userName).userId;
    // Logging in appends UserLoggedIn, which the event-log read model shows a moment later: wait for
    // it, so pages read afterwards do not see it arrive between them.
    const as = async (userName: string, siteId = 'kupon') => {
      const call = await api.as(userName, siteId);
      await api.caughtUp();
      return call;
    };
    const eventCount = () => api.eventCount();
    const entries = (response: { json(): unknown }) => (response.json() as { entries: Entry[] }).entries;

    /** A registration from the public form (an anonymous actor) and a login from a known address. */
    const activity = async () => {
      const captcha = await api.app.inject({ method: 'GET', url: '/api/v1/captcha', headers: { 'x-site-id': 'kupon' } });
      const registered = await api.app.inject({
        method: 'POST',
        url: '/api/v1/users',
        headers: { 'x-site-id': 'kupon' },
        remoteAddress: '203.0.113.20',
        payload: {
          firstName: 'Elif', lastName: 'Kaya', birthDate: '02.03.1991', idNumber: 'EVL000001', sex: 'f', address: 'Street 2', city: 'Izmir', postCode: '35000', countryId: 'TR',
          phoneCode: '+90', mobile: '5559990001', userName: 'eventlogger', password: 'secret12', passwordRepeat: 'secret12', email: 'eventlogger@example.com',
          captchaId: captcha.json().captchaId, captchaCode: api.captchaTexts.at(-1),
        },
      });
      expect(registered.statusCode).toBe(201);
      const login = await api.app.inject({ method: 'POST', url: '/api/v1/sessions', headers: { 'x-site-id': 'kupon' }, remoteAddress: '203.0.113.7', payload: { userName: 'kplayer1', password: 'play1234' } });
      expect(login.statusCode).toBe(200);
      await api.caughtUp();
      return registered.json().userId as string;
    };
    let newUserId: string;

    it('the regulator lists the events of its site, newest first, with who did them and from where', async () => {
      newUserId = await activity();
      const regulator = await as('kregulator');
      const list = await regulator('GET', '/events?limit=500');
      expect(list.statusCode).toBe(200);
      const all = entries(list);
      const login = all.find((e) => e.type === 'UserLoggedIn' && e.streamName === `user-${id('kplayer1')}` && e.actor.ip === '203.0.113.7');
      expect(login?.actor).toEqual({ userId: id('kplayer1'), role: 'player', ip: '203.0.113.7' });
      const registration = all.find((e) => e.type === 'UserRegistered' && e.streamName === `user-${newUserId}`);
      expect(registration?.actor).toEqual({ userId: 'anonymous', role: 'guest', ip: '203.0.113.20' });
      // Newest first, by global position.
      const positions = all.map((e) => BigInt(e.position.commit) * 2n ** 64n + BigInt(e.position.prepare));
      expect(positions).toEqual([...positions].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)));
      // Brands: nothing of bahis in kupon's log.
      const bahisUsers = new Set(api.demo.logins.filter((l) => l.siteId === 'bahis').map((l) => `user-${l.userId}`));
      expect(all.some((e) => bahisUsers.has(e.streamName) || e.streamName.startsWith('site-bahis') || e.streamName.startsWith('unique-bahis-'))).toBe(false);
      expect(all.some((e) => e.streamName === 'site-kupon')).toBe(true);
    });

    it('filters by category, type, stream, actor and time, and pages with the before cursor', async () => {
      const regulator = await as('kregulator');
      const users = entries(await regulator('GET', '/events?category=user&limit=500'));
      expect(users.length).toBeGreaterThan(0);
      expect(users.every((e) => e.category === 'user' && e.streamName.startsWith('user-'))).toBe(true);
      const unique = entries(await regulator('GET', '/events?category=unique'));
      expect(unique.length).toBeGreaterThan(0);
      expect(unique.every((e) => e.category === 'unique' && e.streamName.startsWith('unique-kupon-'))).toBe(true);

      const logins = entries(await regulator('GET', '/events?type=UserLoggedIn&limit=500'));
      expect(logins.length).toBeGreaterThan(0);
      expect(logins.every((e) => e.type === 'UserLoggedIn')).toBe(true);
      const byPlayer = entries(await regulator('GET', `/events?actorUserId=${id('kplayer1')}&limit=500`));
      expect(byPlayer.length).toBeGreaterThan(0);
      expect(byPlayer.every((e) => e.actor.userId === id('kplayer1'))).toBe(true);
      const stream = entries(await regulator('GET', `/events?stream=user-${newUserId}`));
      expect(stream.map((e) => e.type)).toContain('UserRegistered');
      expect(stream.every((e) => e.streamName === `user-${newUserId}`)).toBe(true);

      const at = stream.at(-1)!.at;
      expect(entries(await regulator('GET', `/events?stream=user-${newUserId}&from=${encodeURIComponent(at)}`)).length).toBe(stream.length);
      expect(entries(await regulator('GET', `/events?stream=user-${newUserId}&to=${encodeURIComponent(at)}`))).toEqual([]);

      const first = await regulator('GET', '/events?category=user&limit=2');
      const page1 = entries(first);
      expect(page1).toHaveLength(2);
      const next = first.json().nextBefore as string;
      expect(next).toBe(`${page1[1]!.position.commit}:${page1[1]!.position.prepare}`);
      const page2 = entries(await regulator('GET', `/events?category=user&limit=2&before=${next}`));
      expect(page2.map((e) => e.eventId)).toEqual(users.slice(2, 4).map((e) => e.eventId));

      const bad = await regulator('GET', '/events?before=nonsense');
      expect(bad.statusCode).toBe(400);
    });

    it('reads one stream from the event store with data, actor, address and the hash chain, and verifies it', async () => {
      const regulator = await as('kregulator');
      const streamName = `user-${id('kplayer1')}`;
      const response = await regulator('GET', `/events/streams/${streamName}`);
      expect(response.statusCode).toBe(200);
      const body = response.json() as {
        streamName: string;
        nextFromRevision: string | null;
        events: { type: string; streamRevision: string; data: Record<string, unknown>; metadata: { actor: { userId: string; ip?: string }; prevHash: string; hash: string } }[];
      };
      expect(body.streamName).toBe(streamName);
      expect(body.nextFromRevision).toBeNull();
      expect(body.events[0]!.type).toBe('UserRegistered');
      expect(body.events.map((e) => e.streamRevision)).toEqual(body.events.map((_, i) => String(i)));
      for (let i = 1; i < body.events.length; i++) expect(body.events[i]!.metadata.prevHash).toBe(body.events[i - 1]!.metadata.hash);
      const login = body.events.find((e) => e.type === 'UserLoggedIn' && e.metadata.actor.ip === '203.0.113.7');
      expect(login?.metadata.actor.userId).toBe(id('kplayer1'));
      expect(login?.data).toMatchObject({ ip: '203.0.113.7' });

      const paged = (await regulator('GET', `/events/streams/${streamName}?limit=1`)).json();
      expect(paged.events).toHaveLength(1);
      expect(paged.nextFromRevision).toBe('1');

      const verified = await regulator('GET', `/events/verify?stream=${streamName}`);
      expect(verified.statusCode).toBe(200);
      expect(verified.json()).toEqual({ scope: 'stream', ok: true, streamsChecked: 1, eventsChecked: body.events.length, firstFailure: null, firstFailureElsewhere: false });
      const everything = (await regulator('GET', '/events/verify')).json();
      expect(everything).toMatchObject({ scope: 'all', ok: true, firstFailure: null, firstFailureElsewhere: false });
      expect(everything.eventsChecked).toBeGreaterThan(body.events.length);
    });

    it('staff of another brand see none of it', async () => {
      await api.caughtUp();
      const bahisAdmin = await as('badmin', 'bahis');
      const streamName = `user-${id('kplayer1')}`;
      expect((await bahisAdmin('GET', `/events?stream=${streamName}`)).json()).toEqual({ entries: [], nextBefore: null });
      const own = entries(await bahisAdmin('GET', '/events?limit=500'));
      expect(own.length).toBeGreaterThan(0);
      const kuponUsers = new Set(api.demo.logins.filter((l) => l.siteId === 'kupon').map((l) => `user-${l.userId}`));
      expect(own.some((e) => kuponUsers.has(e.streamName) || e.streamName === `user-${newUserId}` || e.streamName.startsWith('unique-kupon-') || e.streamName === 'site-kupon')).toBe(false);
      expect((await bahisAdmin('GET', `/events/streams/${streamName}`)).json()).toEqual({ error: 'thisOperatorNotYour' });
      expect((await bahisAdmin('GET', `/events/verify?stream=${streamName}`)).json()).toEqual({ error: 'thisOperatorNotYour' });
      expect((await bahisAdmin('GET', '/events/streams/site-kupon')).statusCode).toBe(403);
    });

    it('players, dealers and anonymous callers are refused; the operator and admin may read', async () => {
      expect((await (await as('kplayer1'))('GET', '/events')).json()).toEqual({ error: 'permissionDenied|player' });
      expect((await (await as('kplayer1'))('GET', `/events/streams/user-${id('kplayer1')}`)).statusCode).toBe(403);
      expect((await (await as('kdealer1'))('GET', '/events/verify')).json()).toEqual({ error: 'permissionDenied|dealer' });
      expect((await api.app.inject({ method: 'GET', url: '/api/v1/events', headers: { 'x-site-id': 'kupon' } })).json()).toEqual({ error: 'loginRequired' });
      expect((await (await as('koperator'))('GET', '/events')).statusCode).toBe(200);
      expect((await (await as('kadmin'))('GET', '/events')).statusCode).toBe(200);
    });

    it('the regulator still cannot write anything', async () => {
      const regulator = await as('kregulator');
      const before = await eventCount();
      const opened = await regulator('POST', '/staff/users', { userName: 'regplayer2', password: 'pass1234', role: 'player', firstName: 'A', lastName: 'B', birthDate: '01.01.1990', sex: 'm', address: 'S 1', city: 'Bursa', postCode: '16000', countryId: 'TR' });
      expect([opened.statusCode, opened.json()]).toEqual([403, { error: 'readOnlyRole' }]);
      const status = await regulator('PUT', `/staff/users/${id('kplayer1')}/status`, { status: 'passive' });
      expect([status.statusCode, status.json()]).toEqual([403, { error: 'readOnlyRole' }]);
      expect(await eventCount()).toBe(before);
    });
  });
}
