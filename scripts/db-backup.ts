// npm run db:backup: writes a dated backup of the database (DATABASE_URL, else DATA_DIR's embedded one) to BACKUP_DIR.
import { ConfigError, loadConfig } from '../server/config';
import { StartupError } from '../server/startup-error';
import { BackupRefused } from '../server/services/backups/backup-files';
import { backupNow } from '../server/services/backups/backup-now';

try {
  const file = await backupNow(loadConfig());
  console.log(`Backup written: ${file}`);
} catch (error) {
  const known = error instanceof BackupRefused || error instanceof StartupError || error instanceof ConfigError;
  console.error(known ? error.message : error);
  process.exit(1);
}
