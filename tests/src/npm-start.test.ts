import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startApiProcess } from './api-process';

/** The api as `npm start` runs it, on a fresh embedded store. */
const startApi = (dataDir: string) => startApiProcess({ DATABASE_URL: '', KUPON_DATA_DIR: dataDir });

describe('npm start on the embedded store', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'kupon-start-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('migrates a new PGlite store, serves /health, and stops cleanly on SIGTERM; a restart finds the data', async () => {
    const first = await startApi(dataDir);
    expect(first.output()).toContain('migrations applied: 2026-11-21T00-00-event-store');
    const health = await fetch(`${first.url}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', eventStore: 'pglite' });
    expect(await first.stop()).toBe(0);

    const second = await startApi(dataDir);
    expect(second.output()).not.toContain('migrations applied');
    expect((await fetch(`${second.url}/health`)).status).toBe(200);
    expect(await second.stop()).toBe(0);
  }, 60_000);
});
