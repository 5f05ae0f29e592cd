import { describe, expect, it } from 'vitest';
import { latestOnlyQueue, SupersededError } from './latest-queue';

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('one query at a time, the latest queued runs next (spec §4)', () => {
  it('runs A; B and C arrive while A runs: B is superseded, C runs after A', async () => {
    const enqueue = latestOnlyQueue();
    const started: string[] = [];
    const a = deferred<string>();
    const pA = enqueue(() => (started.push('A'), a.promise));
    const pB = enqueue(async () => (started.push('B'), 'B'));
    const pC = enqueue(async () => (started.push('C'), 'C'));
    await expect(pB).rejects.toBeInstanceOf(SupersededError);
    expect(started).toEqual(['A']);
    a.resolve('A');
    expect(await pA).toBe('A');
    expect(await pC).toBe('C');
    expect(started).toEqual(['A', 'C']);
  });

  it('a failed query does not stop the next one', async () => {
    const enqueue = latestOnlyQueue();
    const failing = enqueue(async () => {
      throw new Error('boom');
    });
    const next = enqueue(async () => 'next');
    await expect(failing).rejects.toThrow('boom');
    expect(await next).toBe('next');
  });
});
