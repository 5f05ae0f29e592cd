import { createPgPool } from '@kupon/eventstore';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type ApiProcess, startApiProcess } from './api-process';

/** Where `npm start` keeps its data in each run: a fresh PGlite folder, or a fresh schema on DATABASE_URL. */
interface StartStorage {
  readonly name: string;
  env(): Promise<Record<string, string>>;
  dispose(): Promise<void>;
}

const pglite = (): StartStorage => {
  const dataDir = mkdtempSync(join(tmpdir(), 'kupon-identity-start-'));
  return {
    name: 'PGlite',
    env: async () => ({ DATABASE_URL: '', KUPON_DATA_DIR: dataDir }),
    dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
};

const postgres = (databaseUrl: string): StartStorage => {
  const schema = `start_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = createPgPool({ connectionString: databaseUrl, max: 1 });
  return {
    name: 'PostgreSQL',
    env: async () => {
      await admin.query(`create schema ${schema}`);
      return { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema };
    },
    dispose: async () => {
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
    },
  };
};

if (!process.env.DATABASE_URL) console.log('identity-start: the PostgreSQL run is skipped without DATABASE_URL; the PGlite run goes ahead');
const storages = [pglite, ...(process.env.DATABASE_URL ? [() => postgres(process.env.DATABASE_URL!)] : [])];

/** Part of the §3 user info `/me` answers. */
interface Me {
  readonly userName: string;
  readonly role: string;
  readonly siteId: string;
}

for (const open of storages) {
  const storage = open();
  describe(`npm start prints demo logins that work (${storage.name})`, () => {
    let started: ApiProcess | undefined;
    afterAll(async () => {
      await started?.stop();
      await storage.dispose();
    });

    it('two brands; every printed login opens a session at the door it names, on its brand; players and the terminal have money', async () => {
      // `npm start` on a fresh store, without the odds feed.
      started = await startApiProcess({ ...(await storage.env()), FEED: 'off' });
      const output = started.output();
      const printed = [...output.matchAll(/^\s{4}(\w+)\s+(\S+)\s+(\S+)\s+POST (\/api\/v1\/sessions\S*)$/gm)];
      const sites = [...output.matchAll(/^\s{2}site (\w+) /gm)].map((m) => m[1]);
      expect(sites).toEqual(['kupon', 'bahis']);
      expect(new Set(printed.map((m) => m[1]))).toEqual(new Set(['admin', 'operator', 'regulator', 'topDealer', 'dealer', 'subDealer', 'player', 'terminal']));

      // The block of each site follows its "site" line.
      const blocks = output.split(/^\s{2}site /m).slice(1);
      let tried = 0;
      for (const block of blocks) {
        const siteId = /^(\w+)/.exec(block)![1]!;
        for (const [, role, userName, password, path] of block.matchAll(/^\s{4}(\w+)\s+(\S+)\s+(\S+)\s+POST (\/api\/v1\/sessions\S*)$/gm)) {
          tried++;
          const login = await fetch(`${started.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-site-id': siteId }, body: JSON.stringify({ userName, password }) });
          expect([userName, login.status]).toEqual([userName, 200]);
          const cookie = login.headers.get('set-cookie')!;
          expect(cookie).toMatch(/HttpOnly/);
          const session = { 'x-site-id': siteId, cookie: cookie.split(';')[0]! };
          const me = (await (await fetch(`${started.url}/api/v1/me`, { headers: session })).json()) as Me;
          expect(me).toMatchObject({ userName, role, siteId });
          if (role === 'player' || role === 'terminal') {
            // "players with money": the seed's opening balance, 1,000.00 in minor units.
            const wallet = (await (await fetch(`${started.url}/api/v1/wallet`, { headers: session })).json()) as { balance: number };
            expect([userName, wallet.balance]).toEqual([userName, 100_000]);
          }
        }
      }
      expect(tried).toBe(printed.length);
      expect(printed.length).toBeGreaterThanOrEqual(16);
    }, 240_000);
  });
}
