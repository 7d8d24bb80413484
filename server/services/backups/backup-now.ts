import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../../config';
import { connect } from '../../db/connection';
import { holderState, readLock } from '../../db/data-dir-lock';
import { BackupRefused } from './backup-files';
import { requestBackup } from './backup-requests';
import { writeBackup } from './write-backup';

/**
 * npm run db:backup: one backup into BACKUP_DIR, the shop running or not. PostgreSQL: pg_dump. PGlite: the server
 * holding DATA_DIR writes it when there is one (backup-requests.ts), else this process opens the folder itself.
 */
export async function backupNow(config: Pick<Config, 'databaseUrl' | 'dataDir' | 'backup'>, now: () => Date = () => new Date()): Promise<string> {
  const { databaseUrl, dataDir } = config;
  if (databaseUrl) return writeBackup({ db: null, databaseUrl, dir: config.backup.dir, now: now() });
  if (!existsSync(join(dataDir, 'pglite', 'PG_VERSION'))) {
    throw new BackupRefused(`DATA_DIR ${dataDir} holds no embedded database (${join(dataDir, 'pglite')}) to back up; set DATA_DIR (or DATABASE_URL) as the server has it.`);
  }
  const holder = readLock(dataDir);
  const state = holder ? holderState(holder) : 'dead';
  if (holder && state === 'alive') return requestBackup(dataDir, holder.pid, config.backup.dir);
  if (holder && state === 'unknown') {
    throw new BackupRefused(`DATA_DIR ${dataDir} is held by process ${holder.pid} of another container; run npm run db:backup inside that container.`);
  }
  const connection = await connect({ url: null, dataDir });
  try {
    return await writeBackup({ db: connection.db, databaseUrl: null, dir: config.backup.dir, now: now() });
  } finally {
    await connection.close();
  }
}
