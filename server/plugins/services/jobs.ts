import fp from 'fastify-plugin';
import { createJobRunner, type JobRunner } from '../../services/jobs/runner';
import { deleteOldJobs, paymentJobKinds, sweepAwaitedPayments } from '../../services/jobs/payment-jobs';

declare module 'fastify' {
  interface FastifyInstance {
    /** this instance's runner of the `jobs` table (docs/server.md, "Jobs"); tests run it by hand */
    jobs: JobRunner;
  }
}

/** How often an instance looks for due jobs, and sweeps for unscheduled expiries and old done jobs. */
export const JOB_POLL_MS = 5_000;
export const JOB_SWEEP_MS = 5 * 60_000;

/** The jobs runner: started once the app is ready (`pollMs` null: never by itself, the tests' choice), stopped on close. */
export const jobsPlugin = fp<{ pollMs?: number | null }>(
  async (app, { pollMs = JOB_POLL_MS }) => {
    const runner = createJobRunner({
      db: app.db,
      clock: app.clock,
      kinds: paymentJobKinds({ payments: app.payments, live: app.live }),
      sweep: async (now) => {
        await sweepAwaitedPayments(app.db);
        await deleteOldJobs(app.db, now);
      },
      log: { info: (message) => app.log.info(message), warn: (message) => app.log.warn(message) },
    });
    app.decorate('jobs', runner);
    if (pollMs !== null) app.addHook('onReady', async () => runner.start(pollMs, JOB_SWEEP_MS));
    app.addHook('onClose', async () => runner.stop());
  },
  { name: 'jobs', dependencies: ['settings', 'payments', 'live'] },
);
