import { createPgPool, type SqlConnection } from '@kupon/eventstore';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiProcess, skippedWithoutPostgres, startApiProcess } from './api-process';

const databaseUrl = process.env.DATABASE_URL;

interface Replay {
  replayId: string;
  report: string;
  projection: string;
  state: 'queued' | 'building' | 'live' | 'failed' | 'interrupted';
  build: number | null;
  eventsDone: number;
  eventsTotal: number;
  startedByName: string;
  siteId: string;
  error: string | null;
}

/**
 * Report replays started from the back office are kept in the database (replay_jobs): every api
 * process lists them, two racing starts of one projection let exactly one in, and a replay whose
 * process died shows interrupted after a restart and can be started again (projections/REPLAY.md).
 * Real `npm start` processes on one PostgreSQL schema: a crash is a SIGKILL (PGlite is single-process).
 */
if (!databaseUrl) {
  skippedWithoutPostgres('replay jobs over two api processes', 'two api processes share one PostgreSQL (PGlite is single-process)');
} else {
  describe('replay jobs over two api processes (PostgreSQL)', () => {
    const schema = `replay_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    const env = { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema, FEED: 'off' };
    const admin = createPgPool({ connectionString: databaseUrl, max: 1 });
    let pool: ReturnType<typeof createPgPool>;
    const processes: ApiProcess[] = [];
    let first: ApiProcess;
    let second: ApiProcess;
    /** A connection holding the reports projection's build lock, so a started replay waits (running) until it lets go. */
    let holding: SqlConnection | null = null;
    const cookies = new Map<ApiProcess, string>();

    const start = async (extra: Record<string, string> = {}) => {
      const api = await startApiProcess({ ...env, ...extra });
      processes.push(api);
      return api;
    };

    beforeAll(async () => {
      await admin.query(`create schema ${schema}`);
      // One after the other: the first migrates and seeds the demo brands, the second finds them.
      first = await start();
      second = await start({ KUPON_SEED: '0' });
      pool = createPgPool({ connectionString: databaseUrl, schema, max: 2 });
    }, 180_000);

    afterAll(async () => {
      await letGo();
      await Promise.all(processes.map((api) => api.stop()));
      await pool?.end();
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
    }, 120_000);

    /** The lock every change of a projection's builds takes (projections/src/runner/builds.ts): a rebuild cannot create its build while the test holds it. */
    const holdBuilds = async () => {
      holding = await pool.connect();
      await holding.query('begin');
      await holding.query(`select pg_advisory_xact_lock(hashtext('projection:reports'))`);
    };
    const letGo = async () => {
      const connection = holding;
      holding = null;
      if (!connection) return;
      await connection.query('rollback').catch(() => undefined);
      connection.release();
    };

    const call = async (api: ApiProcess, method: 'GET' | 'POST', path: string, body?: object) => {
      if (!cookies.has(api)) {
        const login = await fetch(`${api.url}/api/v1/sessions/operator`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-site-id': 'kupon' },
          body: JSON.stringify({ userName: 'koperator', password: 'oper1234' }),
        });
        expect(login.status, await login.clone().text()).toBe(200);
        cookies.set(api, login.headers.get('set-cookie')!.split(';')[0]!);
      }
      const response = await fetch(`${api.url}/api/v1${path}`, {
        method,
        headers: { 'x-site-id': 'kupon', cookie: cookies.get(api)!, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return { status: response.status, json: (await response.json()) as Record<string, unknown> };
    };
    const replays = async (api: ApiProcess) => {
      const answer = await call(api, 'GET', '/reports/replays');
      expect(answer.status).toBe(200);
      return answer.json.replays as Replay[];
    };
    /** Asks `api` until the replay is in `state` (a job's state moves in the background). */
    const until = async (api: ApiProcess, replayId: string, state: Replay['state']) => {
      for (;;) {
        const found = (await replays(api)).find((replay) => replay.replayId === replayId);
        if (found?.state === state) return found;
        if (found && (found.state === 'failed' || (found.state === 'live' && state !== 'live'))) throw new Error(`replay ended ${found.state}: ${JSON.stringify(found)}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    };

    /** A running process other than `api`. */
    const survivorOf = (api: ApiProcess) => processes.find((p) => p !== api && p.child.exitCode === null && p.child.signalCode === null)!;

    let racedId = '';
    let owner: ApiProcess;

    it('a replay started through one process shows in both, and of two racing starts exactly one wins', async () => {
      await holdBuilds();
      const answers = await Promise.all([first, second].map((api) => call(api, 'POST', '/reports/replays', { report: 'general' })));
      expect(answers.map((a) => a.status).sort()).toEqual([202, 409]);
      const won = answers.findIndex((a) => a.status === 202);
      owner = won === 0 ? first : second;
      const other = won === 0 ? second : first;
      expect(answers[1 - won]!.json).toEqual({ error: 'replayRunning|reports' });
      racedId = answers[won]!.json.replayId as string;

      for (const api of [first, second]) {
        const [newest] = await replays(api);
        expect(newest).toMatchObject({ replayId: racedId, report: 'general', projection: 'reports', state: 'queued', startedByName: 'koperator', siteId: 'kupon', error: null });
      }
      // Another report built by the same projection is the same rebuild: refused too, through either process.
      expect(await call(other, 'POST', '/reports/replays', { report: 'players' })).toEqual({ status: 409, json: { error: 'replayRunning|reports' } });
      expect((await call(owner, 'GET', `/reports/replays/${racedId}`)).json).toMatchObject({ replayId: racedId, state: 'queued' });
    }, 60_000);

    it('a replay whose process was killed shows interrupted after the restart, and starts again to completion', async () => {
      expect(racedId, 'needs the replay of the previous test').not.toBe('');
      const survivor = owner === first ? second : first;
      const exited = new Promise((resolve) => owner.child.once('exit', resolve));
      owner.child.kill('SIGKILL');
      await exited;
      await letGo();
      const restarted = await start({ KUPON_SEED: '0' });

      // The dead process no longer beats for it: both processes show it interrupted.
      const interrupted = await until(restarted, racedId, 'interrupted');
      expect(interrupted).toMatchObject({ state: 'interrupted', build: null, eventsDone: 0 });
      expect((await until(survivor, racedId, 'interrupted')).replayId).toBe(racedId);

      const again = await call(restarted, 'POST', '/reports/replays', { report: 'general' });
      expect(again.status, JSON.stringify(again.json)).toBe(202);
      const againId = again.json.replayId as string;
      const done = await until(survivor, againId, 'live');
      expect(done.eventsDone).toBe(done.eventsTotal);
      expect(done.eventsDone).toBeGreaterThan(0);
      expect(done.build).toBeGreaterThan(0);

      // A graceful restart keeps both: the newest live, the one before it interrupted.
      expect(await restarted.stop()).toBe(0);
      const third = await start({ KUPON_SEED: '0' });
      const kept = await replays(third);
      expect(kept.slice(0, 2).map((r) => [r.replayId, r.state])).toEqual([
        [againId, 'live'],
        [racedId, 'interrupted'],
      ]);
      expect(kept[0]).toMatchObject({ eventsDone: done.eventsDone, eventsTotal: done.eventsTotal, build: done.build });
    }, 120_000);

    it('every report replayed at once is one replay per projection, all started or none: a second start while one runs adds nothing', async () => {
      const api = processes.at(-1)!;
      await holdBuilds();
      const started = await call(api, 'POST', '/reports/replays/all');
      expect(started.status, JSON.stringify(started.json)).toBe(202);
      const ids = (started.json.replays as Replay[]).map((r) => r.replayId);
      expect((started.json.replays as Replay[]).map((r) => r.projection).sort()).toEqual(['casino-report', 'identity-ip-logs', 'liability', 'reports']);
      const before = (await replays(api)).length;

      // The reports rebuild waits for the lock the test holds, so it still runs: refused, through either process, and no job is added.
      for (const other of [api, survivorOf(api)]) {
        expect(await call(other, 'POST', '/reports/replays/all')).toEqual({ status: 409, json: { error: 'replayRunning|reports' } });
      }
      expect((await replays(api)).length).toBe(before);

      await letGo();
      for (const id of ids) {
        const done = await until(api, id, 'live');
        expect(done.eventsDone).toBe(done.eventsTotal);
      }
    }, 120_000);
  });
}
