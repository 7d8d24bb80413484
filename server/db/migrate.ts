import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Connection } from './connection';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Applies the committed migrations with the migrator of the connection's driver. */
export async function migrate(connection: Connection): Promise<void> {
  if (connection.kind === 'pglite') {
    await migratePglite(connection.db as unknown as PgliteDatabase, { migrationsFolder });
  } else {
    await migratePg(connection.db as unknown as NodePgDatabase, { migrationsFolder });
  }
}
