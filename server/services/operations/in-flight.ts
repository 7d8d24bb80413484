/**
 * The requests between their arrival and their answer. A client that goes away ends its connection, and with it
 * Fastify's wait on close, while its request still writes and announces: the shutdown waits for this count too.
 */
export interface InFlight {
  readonly count: number;
  begin(): void;
  end(): void;
  /** Resolves once no request is in flight. */
  idle(): Promise<void>;
}

export function createInFlight(): InFlight {
  let count = 0;
  let waiters: (() => void)[] = [];
  return {
    get count() {
      return count;
    },
    begin() {
      count += 1;
    },
    end() {
      count -= 1;
      if (count > 0) return;
      const woken = waiters;
      waiters = [];
      for (const wake of woken) wake();
    },
    idle: () => (count === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve))),
  };
}
