/** Thrown to a queued request that a newer one replaced before it ran. */
export class SupersededError extends Error {
  constructor() {
    super('superseded');
    this.name = 'SupersededError';
  }
}

/**
 * Spec §4 "Sports browsing: … one query at a time, latest queued runs next". While a task runs,
 * a new task waits; a newer one replaces a waiting one (which fails with SupersededError).
 */
export function latestOnlyQueue() {
  let running = false;
  let waiting: { run: () => Promise<unknown>; resolve: (v: unknown) => void; reject: (e: unknown) => void } | null = null;

  const start = (task: () => Promise<unknown>, resolve: (v: unknown) => void, reject: (e: unknown) => void) => {
    running = true;
    task()
      .then(resolve, reject)
      .finally(() => {
        running = false;
        const next = waiting;
        waiting = null;
        if (next) start(next.run, next.resolve, next.reject);
      });
  };

  return function enqueue<T>(task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (!running) {
        start(task, resolve as (v: unknown) => void, reject);
        return;
      }
      waiting?.reject(new SupersededError());
      waiting = { run: task, resolve: resolve as (v: unknown) => void, reject };
    });
  };
}
