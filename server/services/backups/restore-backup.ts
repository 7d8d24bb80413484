import { existsSync, openSync, readSync, closeSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { connect } from '../../db/connection';
import { BackupRefused, type BackupKind } from './backup-files';
import { moveToPostgres } from './move-to-postgres';
import { runPostgresTool } from './postgres-tools';

/** What a file holds, by its first bytes: gzip (PGlite's dump) or pg_dump's custom format ("PGDMP"). */
export function backupKindOf(file: string): BackupKind {
  let head = Buffer.alloc(5);
  try {
    const fd = openSync(file, 'r');
    try {
      head = head.subarray(0, readSync(fd, head, 0, 5, 0));
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    throw new BackupRefused(`${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); name a backup file written by npm run db:backup.`);
  }
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  if (head.toString('latin1') === 'PGDMP') return 'postgres';
  throw new BackupRefused(`${file} is not a backup written by npm run db:backup (neither PGlite's dump nor pg_dump's custom format).`);
}

/** Tables of a PostgreSQL database outside the system's schemas: a database with any is live data, never restored over. */
export async function userTableCount(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ tables: string }>(
      `select count(*) as tables from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p') and n.nspname not like 'pg\\_%' and n.nspname <> 'information_schema'`,
    );
    return Number(rows[0].tables);
  } finally {
    await client.end();
  }
}

const where = (databaseUrl: string) => {
  const url = new URL(databaseUrl);
  return `${url.hostname}:${url.port || 5432}${url.pathname}`;
};

async function refuseTables(databaseUrl: string): Promise<void> {
  const tables = await userTableCount(databaseUrl);
  if (tables > 0) {
    throw new BackupRefused(
      `The database ${where(databaseUrl)} (DATABASE_URL) already has ${tables} tables: a backup is restored only into an empty database; ` +
        `create a new one (createdb) and point DATABASE_URL at it.`,
    );
  }
}

/**
 * Restores `file` into an empty DATA_DIR (a PGlite backup, no DATABASE_URL) or an empty database (a PostgreSQL backup,
 * DATABASE_URL), or a PGlite backup into an empty database (the move to PostgreSQL). Live data is never overwritten: a folder with a database in it, or a database with tables, is refused.
 */
export async function restoreBackup({ file, databaseUrl, dataDir }: { file: string; databaseUrl: string | null; dataDir: string }): Promise<string> {
  const kind = backupKindOf(file);
  if (kind === 'postgres') {
    if (!databaseUrl) throw new BackupRefused(`${file} is a PostgreSQL backup: set DATABASE_URL to an empty database to restore it there.`);
    await refuseTables(databaseUrl);
    await runPostgresTool('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${databaseUrl}`, file]);
    return `PostgreSQL ${where(databaseUrl)}`;
  }
  if (databaseUrl) {
    // An embedded database's backup into PostgreSQL: the move of a shop, table by table (move-to-postgres.ts).
    await refuseTables(databaseUrl);
    await moveToPostgres(file, databaseUrl);
    return `PostgreSQL ${where(databaseUrl)} (moved from the embedded database)`;
  }
  const folder = join(dataDir, 'pglite');
  if (existsSync(join(folder, 'PG_VERSION'))) {
    throw new BackupRefused(
      `DATA_DIR ${dataDir} already holds a database (${folder}): a backup is restored only into an empty folder; ` +
        `stop the server and move that folder away, or set DATA_DIR to a new folder.`,
    );
  }
  // connect() takes the folder's lock (a server starting meanwhile is refused) and PGlite unpacks the dump into it.
  const connection = await connect({ url: null, dataDir, loadDataDir: readFileSync(file) });
  try {
    await connection.db.execute('select 1');
  } finally {
    await connection.close();
  }
  return `PGlite ${folder}`;
}
