import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type ApiProcess, startApiProcess } from './api-process';

/** `npm start` on a fresh embedded store, without the odds feed. */
const startApi = (dataDir: string) => startApiProcess({ DATABASE_URL: '', KUPON_DATA_DIR: dataDir, FEED: 'off' });

describe('npm start prints demo logins that work', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'kupon-identity-start-'));
  let started: ApiProcess | undefined;
  afterAll(async () => {
    await started?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('every printed login opens a session at the door it names, on its brand', async () => {
    started = await startApi(dataDir);
    const output = started.output();
    const printed = [...output.matchAll(/^\s{4}(\w+)\s+(\S+)\s+(\S+)\s+POST (\/api\/v1\/sessions\S*)$/gm)];
    const sites = [...output.matchAll(/^\s{2}site (\w+) /gm)].map((m) => m[1]);
    expect(sites).toEqual(['kupon', 'bahis']);
    expect(new Set(printed.map((m) => m[1]))).toEqual(new Set(['admin', 'operator', 'regulator', 'topDealer', 'dealer', 'subDealer', 'player', 'terminal']));

    // The block of each site follows its "site" line.
    const blocks = output.split(/^\s{2}site /m).slice(1);
    for (const block of blocks) {
      const siteId = /^(\w+)/.exec(block)![1]!;
      for (const [, role, userName, password, path] of block.matchAll(/^\s{4}(\w+)\s+(\S+)\s+(\S+)\s+POST (\/api\/v1\/sessions\S*)$/gm)) {
        const login = await fetch(`${started.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-site-id': siteId }, body: JSON.stringify({ userName, password }) });
        expect([userName, login.status]).toEqual([userName, 200]);
        const cookie = login.headers.get('set-cookie')!;
        expect(cookie).toMatch(/HttpOnly/);
        const me = await fetch(`${started.url}/api/v1/me`, { headers: { 'x-site-id': siteId, cookie: cookie.split(';')[0]! } });
        expect(await me.json()).toMatchObject({ userName, role, siteId });
      }
    }
  }, 240_000);
});
