import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import type { BackupConfig } from '../../config';
import type { Database } from '../../db/connection';
import { shops } from '../../db/schema';
import { createRepositories } from '../../repositories';
import { createJobsRepository } from '../../repositories/jobs-repository';
import { createJobRunner, type JobRunner } from '../../services/jobs/runner';
import { adExpireKind } from '../../services/ads/ad-jobs';
import { AD_EXPIRE } from '../../services/ads/ad-job-keys';
import { smsJobKinds } from '../../services/sms/sms-jobs';
import { BACKUP_JOB, backupJobKind, scheduleBackup } from '../../services/backups/backup-job';
import { deleteOldJobs, paymentJobKinds, sweepAwaitedPayments, sweepPendingRefunds } from '../../services/jobs/payment-jobs';

declare module 'fastify' {
  interface FastifyInstance {
    /** this instance's runner of the `jobs` table (docs/server.md, "Jobs"); tests run it by hand */
    jobs: JobRunner;
  }
}

/** The jobs table, and a job's shop's repositories (not cached: a job runs in its own transaction). */
export const jobStores = {
  queue: createJobsRepository,
  async shop(db: Database, shopId: number) {
    const [shop] = await db.select().from(shops).where(eq(shops.id, shopId));
    return shop ? { shop, repos: createRepositories(db, shop) } : null;
  },
};

/** How often an instance looks for due jobs, and sweeps for unscheduled expiries and old done jobs. */
export const JOB_POLL_MS = 5_000;
export const JOB_SWEEP_MS = 5 * 60_000;

/**
 * The jobs runner: started once the app is ready (`pollMs` null: never by itself, the tests' choice), stopped on close.
 * `backup` with `everyMs` adds the scheduled backups (BACKUP_EVERY); an instance without it leaves them to others.
 */
export const jobsPlugin = fp<{ pollMs?: number | null; backup?: BackupConfig }>(
  async (app, { pollMs = JOB_POLL_MS, backup }) => {
    const backupEvery = backup?.everyMs ?? null;
    const runner = createJobRunner({
      db: app.db,
      stores: jobStores,
      clock: app.clock,
      kinds: {
        ...paymentJobKinds({ payments: app.payments, live: app.live }),
        [AD_EXPIRE]: adExpireKind({ live: app.live }),
        ...smsJobKinds(app.sms),
        ...(backup && backupEvery ? { [BACKUP_JOB]: backupJobKind({ db: app.db, dir: backup.dir, keep: backup.keep }) } : {}),
      },
      sweep: async (now) => {
        await sweepAwaitedPayments(app.db);
        await sweepPendingRefunds(app.db, now);
        await deleteOldJobs(app.db, now);
        if (backupEvery) await scheduleBackup(createJobsRepository(app.db), now, backupEvery);
      },
      log: { info: (message) => app.log.info(message), warn: (message) => app.log.warn(message) },
    });
    app.decorate('jobs', runner);
    if (pollMs !== null) app.addHook('onReady', async () => runner.start(pollMs, JOB_SWEEP_MS));
    app.addHook('onClose', async () => runner.stop());
  },
  { name: 'jobs', dependencies: ['settings', 'payments', 'live', 'sms'] },
);
