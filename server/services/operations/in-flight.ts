/**
 * The route handlers running now. A client that goes away ends its connection, and with it Fastify's wait on close,
 * while its handler still writes and announces: the shutdown waits for this count too before it closes the bus.
 */
export interface InFlight {
  readonly count: number;
  /** Counts `handler` while it runs (a returned promise until it settles). */
  track<Result>(handler: () => Result): Result;
  /** Resolves once no handler runs. */
  idle(): Promise<void>;
}

export function createInFlight(): InFlight {
  let count = 0;
  let waiters: (() => void)[] = [];
  const done = () => {
    count -= 1;
    if (count > 0) return;
    const woken = waiters;
    waiters = [];
    for (const wake of woken) wake();
  };
  return {
    get count() {
      return count;
    },
    track(handler) {
      count += 1;
      let result;
      try {
        result = handler();
      } catch (error) {
        done();
        throw error;
      }
      if (result instanceof Promise) result.then(done, done);
      else done();
      return result;
    },
    idle: () => (count === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve))),
  };
}
