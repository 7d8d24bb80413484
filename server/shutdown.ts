import type { FastifyInstance } from 'fastify';
import type { Connection } from './db/connection';
import type { EventBus } from './services/events';

export interface ShutdownParts {
  app: FastifyInstance;
  events: Pick<EventBus, 'close'>;
  connection: Pick<Connection, 'close'>;
  /** SHUTDOWN_DELAY_MS: how long /readyz answers 503 before the server stops accepting */
  delayMs: number;
  /** SHUTDOWN_TIMEOUT_MS: past it the process exits, whatever is left (0 = no deadline) */
  timeoutMs: number;
  log: (message: string) => void;
  exit: (code: number) => void;
  /** the delay's wait; tests pass a gate they open */
  wait?: (ms: number) => Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The server's graceful shutdown (docs/server.md, "Operations"): readiness turns 503 first (a proxy stops sending),
 * then after the delay the app closes: held long polls answer at once (their hook), the server stops accepting,
 * requests in flight finish, the jobs runner stops; then the bus closes, then the database. A second signal, or the
 * deadline, exits at once.
 */
export function createShutdown({ app, events, connection, delayMs, timeoutMs, log, exit, wait = sleep }: ShutdownParts) {
  let started = false;
  return {
    async signal(name: string): Promise<void> {
      if (started) {
        log(`${name} again: exiting without waiting`);
        exit(1);
        return;
      }
      started = true;
      log(`${name}: shutting down (readiness 503, then closing within ${timeoutMs ? `${timeoutMs} ms` : 'no deadline'})`);
      const deadline = timeoutMs > 0 ? setTimeout(() => (log(`shutdown took over ${timeoutMs} ms (SHUTDOWN_TIMEOUT_MS): exiting`), exit(1)), timeoutMs) : null;
      deadline?.unref();
      try {
        app.operations.drain();
        if (delayMs > 0) await wait(delayMs);
        await app.close();
        await events.close();
        await connection.close();
        exit(0);
      } catch (error) {
        log(`shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
        exit(1);
      } finally {
        if (deadline) clearTimeout(deadline);
      }
    },
  };
}
