import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

/** The api as `npm start` runs it, in a child process of its own. */
export interface ApiProcess {
  readonly child: ChildProcess;
  /** Where it listens, as it printed. */
  readonly url: string;
  /** Everything it printed so far. */
  output(): string;
  /** SIGTERM, then its exit code (0 after a graceful shutdown). */
  stop(): Promise<number | null>;
}

/**
 * Starts `demo/src/start.ts` (what `npm start` runs) with `env` over the test's environment (no EventStoreDB, a free port, quiet
 * logs unless `env` says otherwise) and resolves once it prints where it listens.
 */
export function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'demo/src/start.ts'], {
    cwd: root,
    env: { ...process.env, EVENTSTORE_URL: '', PORT: '0', LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((r) => child.once('exit', r));
  let output = '';
  return new Promise((resolveStarted, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/[^\s]+)/.exec(output);
      if (!match) return;
      resolveStarted({
        child,
        url: match[1]!,
        output: () => output,
        stop: async () => {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
          return exited;
        },
      });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`api exited with ${code} before listening:\n${output}`)));
  });
}

/**
 * A suite of real api processes needs a PostgreSQL they share (PGlite lives inside one process).
 * Without DATABASE_URL it is registered as one skipped test and says why, once, where it ran.
 */
export function skippedWithoutPostgres(title: string, why: string): void {
  describe(title, () => {
    console.log(`${title} skipped: needs DATABASE_URL: ${why}`);
    it.skip(`needs DATABASE_URL: ${why}`, () => undefined);
  });
}
