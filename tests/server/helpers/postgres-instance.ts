import { buildApp, type BuildOptions } from '../../../server/app';
import { connect, type DatabaseTimeouts } from '../../../server/db/connection';
import { createPostgresBus, notifyThrough } from '../../../server/services/events';

/**
 * One server instance on a PostgreSQL database, as the two-instance tests start two: its own pool, its own LISTEN
 * connection (the event bus), its own app. `close` stops all three.
 */
export async function postgresInstance(url: string, config: BuildOptions['config'], options: { timeouts?: DatabaseTimeouts; busRetryMs?: number } = {}) {
  const connection = await connect({ url, dataDir: null, timeouts: options.timeouts });
  const events = await createPostgresBus({ url, notify: notifyThrough(connection.db), retryMs: options.busRetryMs, log: () => undefined });
  const app = await buildApp({ db: connection.db, config, events });
  return {
    app,
    db: connection.db,
    events,
    close: async () => {
      await app.close();
      await events.close();
      await connection.close();
    },
  };
}
