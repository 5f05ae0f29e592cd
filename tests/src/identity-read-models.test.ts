import { openTestApi, type TestApi } from '@kupon/demo/testing';
import { identityProjections, rebuildProjection } from '@kupon/projections';
import { type TestStorage, testBackends } from '@kupon/projections/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** Each identity read table, ordered by its key, without the revision bookkeeping. */
const TABLES: readonly [table: string, orderBy: string][] = [
  ['sites', 'site_id'],
  ['users', 'user_id'],
  ['dealer_tree', 'user_id'],
  ['ip_logs', 'event_id'],
  ['login_sessions', 'session_ref'],
];

for (const backend of testBackends) {
  describe(`identity read models via the runner: users, dealer tree, IP logs, sessions (${backend.name})`, () => {
    let storage: TestStorage;
    let api: TestApi;
    beforeAll(async () => {
      storage = await backend.open();
      api = await openTestApi(storage);
      // A fresh migrated store plus the demo seed: slow on a loaded 2-core machine, never a timing claim.
    }, 180_000);
    afterAll(async () => {
      await api.close();
      await storage.close();
    });

    const id = (userName: string) => api.login('kupon', userName).userId;
    const rows = async (table: string, orderBy: string) => {
      const { rows } = await storage.pool.query<Record<string, unknown>>(`select * from ${table} order by ${orderBy}`);
      // `seq` numbers the IP log's rows in the order applied: a rebuild numbers them afresh.
      return rows.map(({ revision: _revision, seq: _seq, ...row }) => JSON.parse(JSON.stringify(row)) as Record<string, unknown>);
    };
    const snapshot = async () => Object.fromEntries(await Promise.all(TABLES.map(async ([table, orderBy]) => [table, await rows(table, orderBy)] as const)));

    it('follow what staff and players do, and a rebuild from position 0 gives the same rows', async () => {
      // A day of identity work: logins (one wrong), a profile change, passive and back, a new account, a permission change, a logout.
      const wrong = await api.app.inject({ method: 'POST', url: '/api/v1/sessions', headers: { 'x-site-id': 'kupon' }, remoteAddress: '192.0.2.50', payload: { userName: 'kplayer1', password: 'wrong123' } });
      expect(wrong.statusCode).toBe(401);
      const player = await api.as('kplayer1');
      expect((await player('PATCH', '/me/profile', { city: 'Trabzon' })).statusCode).toBe(200);
      await api.logIn('kupon', 'kterminal1');
      await api.logIn('kupon', 'kdealer2');
      const sub = await api.as('ksubdealer1');
      expect((await sub('PUT', `/staff/users/${id('kterminal1')}/status`, { status: 'passive' })).statusCode).toBe(200);
      expect((await sub('PUT', `/staff/users/${id('kterminal1')}/status`, { status: 'active' })).statusCode).toBe(200);
      const opened = await sub('POST', '/staff/users', { userName: 'k1terminal2', password: '246810', role: 'terminal' });
      expect(opened.statusCode).toBe(201);
      const admin = await api.as('kadmin');
      expect((await admin('PUT', `/staff/users/${id('kdealer2')}/permissions`, { permissions: ['reportsView'] })).statusCode).toBe(200);
      expect((await player('DELETE', '/sessions/current')).statusCode).toBe(200);
      await api.caughtUp();

      const before = await snapshot();
      const user = (before.users as { user_id: string; city: string; status: string; last_login_ip: string | null }[]).find((row) => row.user_id === id('kplayer1'))!;
      expect(user).toMatchObject({ city: 'Trabzon', status: 'active' });
      expect(user.last_login_ip).not.toBeNull();
      const node = (before.dealer_tree as { user_id: string; users_opened: number; depth: number }[]).find((row) => row.user_id === id('ksubdealer1'))!;
      // kplayer1 and kterminal1 in the seed, k1terminal2 now; under admin → top dealer → dealer 1.
      expect([node.users_opened, node.depth]).toEqual([3, 3]);
      expect((before.dealer_tree as { user_id: string; parent_id: string }[]).find((row) => row.user_id === opened.json().userId)?.parent_id).toBe(id('ksubdealer1'));
      const failures = (before.ip_logs as { user_id: string; ip: string; success: boolean; reason: string | null }[]).filter((row) => row.user_id === id('kplayer1') && !row.success);
      expect(failures).toEqual([expect.objectContaining({ ip: '192.0.2.50', reason: 'incorrectUsernameOrPassword' })]);
      const sessions = before.login_sessions as { user_id: string; end_reason: string | null }[];
      expect(sessions.filter((row) => row.user_id === id('kplayer1')).map((row) => row.end_reason)).toContain('logout');
      expect(sessions.filter((row) => row.user_id === id('kterminal1')).map((row) => row.end_reason)).toEqual(['userPassive']);
      expect(sessions.filter((row) => row.user_id === id('kdealer2')).map((row) => row.end_reason)).toEqual(['permissionsChanged']);

      for (const projection of identityProjections) await rebuildProjection({ store: storage.store, pool: storage.pool, projection });
      expect(await snapshot()).toEqual(before);
    });
  });
}
