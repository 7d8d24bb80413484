import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type the server codes against: PGlite and node-postgres both satisfy it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface Connection {
  db: Database;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
}

const once = (close: () => Promise<void>) => {
  let closing: Promise<void> | null = null;
  return () => (closing ??= close());
};

/** Connects to PostgreSQL at `url`, or to an embedded PGlite in `dataDir` (memory when dataDir is null). */
export async function connect(options: { url: string | null; dataDir: string | null }): Promise<Connection> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // Without a listener, a server-side termination of an idle client would crash the process.
    pool.on('error', (error) => console.error('PostgreSQL idle client error:', error.message));
    const db = drizzlePg(pool, { schema });
    return { db, kind: 'postgres', close: once(() => pool.end()) };
  }
  let client: PGlite;
  if (options.dataDir) {
    const dir = join(options.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir);
  } else {
    client = await PGlite.create();
  }
  const db = drizzlePglite(client, { schema });
  return { db, kind: 'pglite', close: once(() => client.close()) };
}
