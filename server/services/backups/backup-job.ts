import type { Database } from '../../db/connection';
import type { JobsRepository } from '../../repositories/jobs-repository';
import type { JobKind } from '../jobs/runner';
import { pruneBackups } from './backup-files';
import { writeBackup } from './write-backup';

export const BACKUP_JOB = 'backup.write';

/**
 * The scheduled backup (BACKUP_EVERY): a job per slot of the schedule, keyed by its time, so every instance's sweep
 * schedules the same one and one instance writes it. The next slot is always after `now`: a done slot's key is never
 * scheduled again.
 */
export async function scheduleBackup(jobs: JobsRepository, now: Date, everyMs: number): Promise<void> {
  const runAt = new Date((Math.floor(now.getTime() / everyMs) + 1) * everyMs);
  await jobs.schedule({ kind: BACKUP_JOB, key: `backup:${runAt.toISOString()}`, runAt });
}

/** Writes the backup before the job's transaction (PGlite's dump waits for open ones), then keeps the `keep` newest. */
export function backupJobKind({ db, dir, keep }: { db: Database; dir: string; keep: number }): JobKind {
  return {
    maxAttempts: 3,
    retryAfterMs: () => 10 * 60_000,
    runBefore: async (_job, now) => {
      await writeBackup({ db, dir, now });
      pruneBackups(dir, keep);
    },
    run: async () => undefined,
  };
}
