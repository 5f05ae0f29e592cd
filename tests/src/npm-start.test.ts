import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

/** Starts the api as `npm start` does, on a fresh embedded store, and resolves with its base URL. */
function startApi(dataDir: string): Promise<{ child: ChildProcess; baseUrl: string; output: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/main.ts'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', EVENTSTORE_URL: '', KUPON_DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolvePromise, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/[^\s]+)/.exec(output);
      if (match) resolvePromise({ child, baseUrl: match[1]!, output: () => output });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`api exited with ${code} before listening:\n${output}`)));
  });
}

describe('npm start on the embedded store', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'kupon-start-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('migrates a new PGlite store, serves /health, and stops cleanly on SIGTERM; a restart finds the data', async () => {
    const first = await startApi(dataDir);
    expect(first.output()).toContain('migrations applied: 2026-11-21T00-00-event-store');
    const health = await fetch(`${first.baseUrl}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', eventStore: 'pglite' });
    const exited = new Promise<number | null>((r) => first.child.once('exit', r));
    first.child.kill('SIGTERM');
    expect(await exited).toBe(0);

    const second = await startApi(dataDir);
    expect(second.output()).not.toContain('migrations applied');
    expect((await fetch(`${second.baseUrl}/health`)).status).toBe(200);
    const stopped = new Promise<number | null>((r) => second.child.once('exit', r));
    second.child.kill('SIGTERM');
    expect(await stopped).toBe(0);
  }, 60_000);
});
