import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { StartupError } from '../startup-error';
import { describeDataDirError, prepareDataDir } from './data-dir';
import { lockDataDir } from './data-dir-lock';
import { PgliteThread } from './pglite-thread';
import { pipelineBegin } from './pipelined-begin';
import { registerBackground } from './statement-lanes';
import { installPgFastPaths } from './pg-fast-paths';

/**
 * The one database type the server codes against: PGlite and node-postgres both satisfy it. Without
 * Drizzle's relational query API (`db.query.*`): given the schema, Drizzle builds a query builder for every
 * table in every transaction, 1.8 % of the server's CPU in a checkout (bench:api:pg), for an API the server does not use.
 */
export type Database = PgDatabase<PgQueryResultHKT>;

export interface Connection {
  db: Database;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /** what /metrics shows of the database's clients now */
  stats: () => DatabaseStats;
}

/** PostgreSQL's pool (clients open, idle, and requests waiting for one), or PGlite's statements sent and not yet answered. */
export type DatabaseStats = { kind: 'postgres'; total: number; idle: number; waiting: number } | { kind: 'pglite'; queued: number };

/** Limits on waiting for PostgreSQL (0 = none); see docs/server.md, "Timeouts and outages". */
export interface DatabaseTimeouts {
  /** how long a request waits for a pool client, queueing and connecting included */
  acquireMs: number;
  /** statement_timeout: the server cancels a statement running longer */
  statementMs: number;
  /** lock_timeout: a statement waiting longer for a lock fails instead of holding its client */
  lockMs: number;
}

const once = (close: () => Promise<void>) => {
  let closing: Promise<void> | null = null;
  return () => (closing ??= close());
};

/**
 * Connects to PostgreSQL at `url`, or to an embedded PGlite in `dataDir` (memory when dataDir is null).
 * `timeouts` apply to PostgreSQL only (PGlite is one connection); omitted, nothing is limited.
 */
export async function connect(options: {
  url: string | null;
  dataDir: string | null;
  timeouts?: DatabaseTimeouts;
  /** a PGlite data-dir dump to start from: tests' prepared databases in memory, db:restore into an empty DATA_DIR */
  loadDataDir?: Uint8Array;
}): Promise<Connection> {
  if (options.url) {
    const { acquireMs = 0, statementMs = 0, lockMs = 0 } = options.timeouts ?? {};
    installPgFastPaths();
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 10,
      connectionTimeoutMillis: acquireMs,
      statement_timeout: statementMs,
      lock_timeout: lockMs,
      keepAlive: true,
      // Queries are sent without waiting for the answer of the one before (pipelined-begin.ts).
      pipeline: true,
    });
    // A client that loses its server (restart: 57P01, network) emits 'error'. The pool listens only
    // while a client is idle; a checked-out one (e.g. inside a transaction) without a listener of its
    // own would crash the process. Its next query fails and the pool discards it, so logging is enough.
    pool.on('connect', (client) => client.on('error', (error) => console.error('PostgreSQL connection lost:', error.message)));
    pool.on('error', () => {
      /* already logged by the client's own listener above */
    });
    const db = drizzlePg(pool);
    pipelineBegin(db, pool);
    return {
      db,
      kind: 'postgres',
      close: once(() => pool.end()),
      stats: () => ({ kind: 'postgres', total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  // PGlite runs on its own thread (pglite-thread.ts) so its statements never stop the event loop.
  if (!options.dataDir) return pgliteConnection(await PgliteThread.start({ loadDataDir: options.loadDataDir }));
  const dir = prepareDataDir(options.dataDir);
  // One process per folder (data-dir-lock.ts); held until the connection closes.
  const lock = lockDataDir(options.dataDir);
  let thread: PgliteThread;
  try {
    thread = await PgliteThread.start({ dataDir: dir, loadDataDir: options.loadDataDir });
  } catch (error) {
    lock.release();
    throw new StartupError(describeDataDirError(options.dataDir, error), { cause: error });
  }
  return pgliteConnection(thread, lock.release);
}

/** Drizzle over the PGlite thread: the thread answers the calls Drizzle's PGlite driver makes. */
export function pgliteConnection(thread: PgliteThread, release?: () => void): Connection {
  const db = drizzlePglite({ client: thread as unknown as PGlite });
  registerBackground(db, drizzlePglite({ client: thread.inLane('background') as unknown as PGlite }));
  return {
    db,
    kind: 'pglite',
    close: once(async () => {
      await thread.close();
      release?.();
    }),
    stats: () => ({ kind: 'pglite', queued: thread.queued }),
  };
}

/** What a backup of the embedded database needs of its thread. */
export interface DataDirDumper {
  dumpDataDir: () => Promise<Uint8Array>;
}

/** The PGlite thread under a Drizzle database (or what stands for it), or null on PostgreSQL: what a backup dumps. */
export function pgliteThreadOf(db: Database): DataDirDumper | null {
  const client = (db as unknown as { $client?: Partial<DataDirDumper> }).$client;
  return typeof client?.dumpDataDir === 'function' ? (client as DataDirDumper) : null;
}
