import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { pgliteThreadOf, type Database } from '../../db/connection';
import { backupName, writeAtomically } from './backup-files';
import { runPostgresTool } from './postgres-tools';

/** The URL of the pool under a Drizzle database on PostgreSQL (a scheduled backup has only the app's database). */
function postgresUrlOf(db: Database): string | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? (client.options.connectionString ?? null) : null;
}

/**
 * Writes one self-contained backup of the database into `dir` and returns its path: on PostgreSQL pg_dump's custom
 * format (a consistent snapshot taken while the shop runs), on PGlite the thread's dump of its data folder (between
 * two statements, after a checkpoint). Upload files are not in it: docs/server.md, "Backups".
 */
export async function writeBackup({ db, databaseUrl = null, dir, now }: { db: Database | null; databaseUrl?: string | null; dir: string; now: Date }): Promise<string> {
  databaseUrl ??= db && postgresUrlOf(db);
  if (databaseUrl) {
    return writeAtomically(join(dir, backupName('postgres', now)), (partial) =>
      runPostgresTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${partial}`, `--dbname=${databaseUrl}`]),
    );
  }
  const thread = db && pgliteThreadOf(db);
  if (!thread) throw new Error('no embedded database to back up');
  return writeAtomically(join(dir, backupName('pglite', now)), async (partial) => writeFile(partial, await thread.dumpDataDir()));
}
