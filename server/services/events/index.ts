import { sql } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import { createInProcessBus } from './in-process';
import { createPostgresBus } from './postgres';
import type { EventBus } from './bus';

export type { EventBus, EventHandler, EventPayload } from './bus';
export { MAX_EVENT_BYTES } from './bus';
export { createInProcessBus } from './in-process';
export { createPostgresBus, EVENTS_CHANNEL, LISTENER_NAME } from './postgres';

/**
 * The bus for a database: LISTEN/NOTIFY on PostgreSQL (`url` set; NOTIFY goes through `db`'s pool),
 * in-process on PGlite (`url` null). On PostgreSQL it resolves once it listens.
 */
export function createEventBus(options: { url: string | null; db: Database; log?: (message: string) => void }): Promise<EventBus> {
  if (!options.url) return Promise.resolve(createInProcessBus());
  return createPostgresBus({ url: options.url, log: options.log, notify: notifyThrough(options.db) });
}

/** NOTIFY through a pool (PostgresBusOptions.notify). */
export const notifyThrough =
  (db: Database) =>
  async (channel: string, text: string): Promise<void> =>
    void (await db.execute(sql`select pg_notify(${channel}, ${text})`));
