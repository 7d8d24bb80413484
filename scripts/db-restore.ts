// npm run db:restore -- FILE: brings a db:backup file back into an empty DATA_DIR (PGlite) or empty database (DATABASE_URL).
import { resolve } from 'node:path';
import { ConfigError, loadConfig } from '../server/config';
import { StartupError } from '../server/startup-error';
import { BackupRefused } from '../server/services/backups/backup-files';
import { restoreBackup } from '../server/services/backups/restore-backup';

const file = process.argv[2];
if (!file) {
  console.error('usage: npm run db:restore -- FILE (a backup written by npm run db:backup)');
  process.exit(2);
}
try {
  const config = loadConfig();
  const into = await restoreBackup({ file: resolve(file), databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  console.log(`Restored ${file} into ${into}.`);
} catch (error) {
  const known = error instanceof BackupRefused || error instanceof StartupError || error instanceof ConfigError;
  console.error(known ? error.message : error);
  process.exit(1);
}
