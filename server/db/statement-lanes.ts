/**
 * Which lane a statement queues in on the embedded database's one thread (pglite-worker.mjs). A statement of the
 * background lane runs only when no statement of the foreground lane waits: thousands of long-polls polling again at
 * once (their session look-ups and reads) then queue behind a checkout's statements instead of ahead of them. On
 * PostgreSQL statements run side by side on the pool and the lane means nothing.
 *
 * The lane travels with the database handle, never with the async context: an AsyncLocalStorage slowed every promise
 * of the server (Node 20), and work a background request starts for others (a cache fill) would wait behind the crowd.
 */
export type StatementLane = 'foreground' | 'background';

const backgroundHandles = new WeakMap<object, object>();

/** Registers `background` as the background lane's handle of database `db` (connection.ts, for the embedded database). */
export function registerBackground<D extends object>(db: D, background: D): void {
  backgroundHandles.set(db, background);
}

/** The handle of database `db` whose statements run in `lane`: `db` itself in the foreground, on PostgreSQL, or in a transaction. */
export const inLane = <D extends object>(db: D, lane: StatementLane): D => (lane === 'background' ? ((backgroundHandles.get(db) as D | undefined) ?? db) : db);
