import type { Database } from '../../db/connection';
import type { ShopRow } from '../../db/schema';
import type { Repositories } from '../../repositories';
import type { ClaimedJob, JobsRepository } from '../../repositories/jobs-repository';

/** Thrown by a job that has nothing to do yet and wants another try later (not a fault: logged only when it gives up). */
export class RetryLater extends Error {}

/** What a job's work gets: the transaction that also marks it done, the time, and the follow-ups to run after commit. */
export interface JobRun {
  tx: Database;
  now: Date;
  /** runs `task` once the job's transaction committed (live announcements) */
  later: (task: () => Promise<void>) => void;
  /** a shop's repositories bound to the job's transaction (a job's payload names its shop); null when it is gone */
  shopRepos: (shopId: number) => Promise<{ shop: ShopRow; repos: Repositories } | null>;
}

/** How the runner reaches the database: the jobs table and a shop's repositories, on the pool or a transaction. */
export interface JobStores {
  queue: (db: Database) => JobsRepository;
  shop: (db: Database, shopId: number) => Promise<{ shop: ShopRow; repos: Repositories } | null>;
}

/** One kind of job: its work, how many tries it gets, and how long to wait before try `attempt + 1`. */
export interface JobKind {
  run: (job: ClaimedJob, run: JobRun) => Promise<void>;
  /** work before the job's transaction, outside it (a backup of PGlite waits for every transaction to end); its throw fails the try */
  runBefore?: (job: ClaimedJob, now: Date) => Promise<void>;
  maxAttempts: number;
  retryAfterMs: (attempt: number) => number;
  /** an error that another try would meet again (a provider's refusal): the job ends on it at once */
  isFinal?: (error: unknown) => boolean;
  /** payload fields dropped when the job ends, however it ends (a login code is not kept a week) */
  redact?: readonly string[];
  /**
   * false: `run` gets the pool, not a transaction, and the job's end is written after it; for work that waits on
   * another service (an SMS provider), which must not hold a transaction open meanwhile (PGlite has one connection)
   */
  transaction?: boolean;
}

/** How one run of a job ended: done, to be tried again at `retryAt`, or given up (its last error kept). */
export type JobOutcome = { state: 'done' } | { state: 'retry'; retryAt: Date; error: unknown } | { state: 'failed'; error: unknown };

export interface JobRunnerOptions {
  db: Database;
  stores: JobStores;
  clock: () => Date;
  kinds: Record<string, JobKind>;
  /** periodic work besides due jobs (the sweep that schedules what older code left unscheduled), run with each `sweep()` */
  sweep?: (now: Date) => Promise<void>;
  log: { info: (message: string) => void; warn: (message: string) => void };
  /** how long a claim keeps other instances off a job; past it, the job is claimed again (its instance is taken for dead) */
  leaseMs?: number;
  /** jobs claimed per statement */
  batch?: number;
}

export interface JobRunner {
  /** Claims and runs every due job (a batch at a time); resolves with how many ran (done, retried or given up). */
  runDue(): Promise<number>;
  /** Runs the sweep once. */
  sweep(): Promise<void>;
  /**
   * Claims the open job of `key` whether due or not and runs it now, on this instance (a login's first try at its
   * SMS, before the reply); null when there is none or another instance holds it.
   */
  runKey(key: string): Promise<JobOutcome | null>;
  /** Polls every `pollMs` (unref'd: it never keeps the process alive) and sweeps every `sweepMs`. */
  start(pollMs: number, sweepMs: number): void;
  /** Stops polling and waits for a run under way. */
  stop(): Promise<void>;
}

export const JOB_LEASE_MS = 60_000;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * The jobs runner of one instance (docs/server.md, "Jobs"). Every instance runs one over the same table: a claim is
 * `FOR UPDATE SKIP LOCKED` plus a lease committed with it, so each due job runs on one instance at a time, and a job
 * whose instance died is claimed again once its lease ran out. A job's work and its end commit in one transaction;
 * a job that throws is tried again later (its kind's backoff) until its tries run out, then ends with its last error.
 */
export function createJobRunner({ db, stores, clock, kinds, sweep, log, leaseMs = JOB_LEASE_MS, batch = 10 }: JobRunnerOptions): JobRunner {
  const jobs = stores.queue(db);
  const names = Object.keys(kinds);
  let running: Promise<unknown> = Promise.resolve();
  let pollTimer: NodeJS.Timeout | null = null;
  let sweepTimer: NodeJS.Timeout | null = null;
  let stopped = false;

  async function runOne(job: ClaimedJob): Promise<JobOutcome> {
    // Claimed by kind: this runner knows it.
    const kind = kinds[job.kind];
    const now = clock();
    const tasks: (() => Promise<void>)[] = [];
    const redact = kind.redact ?? [];
    try {
      await kind.runBefore?.(job, now);
      const work = async (tx: Database) => {
        await kind.run(job, { tx, now, later: (task) => void tasks.push(task), shopRepos: (shopId) => stores.shop(tx, shopId) });
      };
      if (kind.transaction === false) {
        await work(db);
        await jobs.finish(job.id, now, null, redact);
      } else {
        await db.transaction(async (tx) => {
          await work(tx);
          await stores.queue(tx).finish(job.id, now, null, redact);
        });
      }
    } catch (error) {
      const message = messageOf(error);
      if (job.attempts >= kind.maxAttempts || kind.isFinal?.(error)) {
        const line = `jobs: ${job.kind} ${job.key} gave up after ${job.attempts} tries: ${message}`;
        if (error instanceof RetryLater) log.info(line);
        else log.warn(line);
        await jobs.finish(job.id, clock(), message, redact);
        return { state: 'failed', error };
      }
      const retryAt = new Date(now.getTime() + kind.retryAfterMs(job.attempts));
      await jobs.retry(job.id, retryAt, message);
      return { state: 'retry', retryAt, error };
    }
    for (const task of tasks) await task().catch((error: unknown) => log.warn(`jobs: after ${job.kind} ${job.key}: ${messageOf(error)}`));
    return { state: 'done' };
  }

  async function runDue(): Promise<number> {
    let ran = 0;
    for (;;) {
      const claimed = await jobs.claim(clock(), leaseMs, batch, names);
      for (const job of claimed) await runOne(job);
      ran += claimed.length;
      if (claimed.length < batch || stopped) return ran;
    }
  }

  // One pass at a time per instance: a slow pass is not overtaken by the next tick.
  const serially = <T>(work: () => Promise<T>): Promise<T> => {
    const next = running.then(work, work);
    running = next.catch(() => undefined);
    return next;
  };

  return {
    runDue: () => serially(runDue),
    sweep: () => serially(async () => sweep?.(clock())),
    async runKey(key) {
      const job = await jobs.claimKey(key, clock(), leaseMs, names);
      return job ? runOne(job) : null;
    },
    start(pollMs, sweepMs) {
      const tick = () => {
        pollTimer = null;
        void serially(runDue)
          .catch((error: unknown) => log.warn(`jobs: a pass failed: ${messageOf(error)}`))
          .finally(() => {
            if (!stopped) pollTimer = setTimeout(tick, pollMs).unref();
          });
      };
      const sweepTick = () => {
        void serially(async () => sweep?.(clock())).catch((error: unknown) => log.warn(`jobs: the sweep failed: ${messageOf(error)}`));
        if (!stopped) sweepTimer = setTimeout(sweepTick, sweepMs).unref();
      };
      sweepTick();
      tick();
    },
    async stop() {
      stopped = true;
      if (pollTimer) clearTimeout(pollTimer);
      if (sweepTimer) clearTimeout(sweepTimer);
      await running;
    },
  };
}
