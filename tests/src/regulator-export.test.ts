import { type TestStorage, testBackends } from '@kupon/projections/testing';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openReportsApi, type ReportsApi, tip } from './reports-harness';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);

/** `npm run verify-export -- <file>` as a regulator would run it: its output and exit code. */
async function verifyExportCli(file: string): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await run('npm', ['run', '--silent', 'verify-export', '--', file], { cwd: ROOT });
    return { code: 0, out: stdout.trim() };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, out: failed.stdout.trim() };
  }
}

for (const backend of testBackends) {
  describe(`the regulator's event export (${backend.name})`, () => {
    let storage: TestStorage;
    let api: ReportsApi;
    let dir: string;
    let wallet: string;

    beforeAll(async () => {
      storage = await backend.open();
      api = await openReportsApi(storage);
      dir = await mkdtemp(join(tmpdir(), 'kupon-export-'));
      const player = await api.fund('kupon', 'kplayer1', 10_000);
      wallet = `wallet-${player}`;
      expect((await api.call('kplayer1', 'POST', '/coupons', { requestId: 'reg-coupon-1', tips: [tip('m1')], totalStake: 1_000 })).statusCode).toBe(200);
      expect((await api.call('kplayer1', 'POST', '/coupons', { requestId: 'reg-coupon-2', tips: [tip('m2')], totalStake: 2_000 })).statusCode).toBe(200);
      await api.quiet();
    }, 240_000);

    afterAll(async () => {
      await api?.close();
      await storage?.close();
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    const download = async (query: string) => {
      const response = await api.call('kregulator', 'GET', `/events/export?${query}`);
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      expect(response.headers['content-type']).toContain('application/x-ndjson');
      return response.body;
    };

    it('exports a stream with its hashes; verify-export says OK, and names the first broken link of a tampered line', async () => {
      const body = await download(`stream=${wallet}`);
      const lines = body.trimEnd().split('\n');
      expect(JSON.parse(lines[0]!)).toMatchObject({ kind: 'kupon-event-export', scope: 'stream', stream: wallet, events: lines.length - 1 });
      expect(lines.slice(1).map((line) => JSON.parse(line).type)).toEqual(['WalletOpened', 'BalanceAdjusted', 'CouponStaked', 'CouponStaked']);

      const good = join(dir, 'wallet.jsonl');
      await writeFile(good, body);
      const ok = await verifyExportCli(good);
      expect(ok).toEqual({ code: 0, out: 'OK: 4 events in 1 streams' });

      // Someone shaves the first stake after the export: that line's hash no longer matches its content.
      const stake = JSON.parse(lines[3]!);
      stake.data.amount = 100;
      const tampered = join(dir, 'tampered.jsonl');
      await writeFile(tampered, [...lines.slice(0, 3), JSON.stringify(stake), ...lines.slice(4)].join('\n'));
      const broken = await verifyExportCli(tampered);
      expect(broken.code).toBe(1);
      expect(broken.out).toMatch(new RegExp(`^BROKEN at line 4: hash_mismatch in ${wallet}@2 \\(event ${stake.id}\\)`));

      // Or removes it: the next line no longer follows.
      const removed = join(dir, 'removed.jsonl');
      await writeFile(removed, [...lines.slice(0, 3), ...lines.slice(4)].join('\n'));
      expect((await verifyExportCli(removed)).out).toMatch(/^BROKEN at line 4: missing_event/);
    });

    it('exports a time range of my site, each stream checked from where the range starts', async () => {
      const body = await download(`from=2026-11-22T00:00:00.000Z&to=2026-11-23T00:00:00.000Z`);
      const lines = body.trimEnd().split('\n');
      const header = JSON.parse(lines[0]!);
      expect(header).toMatchObject({ scope: 'range', siteId: 'kupon' });
      const streams = new Set(lines.slice(1).map((line) => JSON.parse(line).streamName as string));
      expect(streams.has(wallet)).toBe(true);
      const file = join(dir, 'range.jsonl');
      await writeFile(file, body);
      const verdict = await verifyExportCli(file);
      expect(verdict.code, verdict.out).toBe(0);
      expect(verdict.out).toMatch(new RegExp(`^OK: ${header.events} events in ${streams.size} streams`));
    });

    it('a stored event changed in the database is caught in the export', async () => {
      await storage.pool.query(`update es_events set data = jsonb_set(data, '{amount}', '1') where stream_name = $1 and stream_revision = 3`, [wallet]);
      const file = join(dir, 'changed-in-db.jsonl');
      await writeFile(file, await download(`stream=${wallet}`));
      const verdict = await verifyExportCli(file);
      expect(verdict.code).toBe(1);
      expect(verdict.out).toMatch(new RegExp(`^BROKEN at line 5: hash_mismatch in ${wallet}@3`));
    });

    it('refuses another brand and a request without a stream or a range', async () => {
      const other = await api.call('kregulator', 'GET', `/events/export?stream=wallet-${api.login('bahis', 'bplayer1').userId}`);
      expect([other.statusCode, other.json()]).toEqual([403, { error: 'thisOperatorNotYour' }]);
      const neither = await api.call('kregulator', 'GET', '/events/export');
      expect([neither.statusCode, neither.json()]).toEqual([400, { error: 'isRequiredArea|stream' }]);
      const dealer = await api.call('ktopdealer', 'GET', `/events/export?stream=${wallet}`);
      expect(dealer.statusCode).toBe(403);
    });
  });
}
