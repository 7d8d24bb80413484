import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/connection';
import { jobs, type JobRow } from '../db/schema';
import { rowsOf } from './rows-of';

/** A job to schedule: `key` makes it idempotent (one open job per key). */
export interface NewJob {
  kind: string;
  key: string;
  runAt: Date;
  payload?: Record<string, unknown>;
}

type JobRecord = { id: number | string; kind: string; key: string; payload: unknown; run_at: Date | string; attempts: number | string };

/** A claimed job as the runner hands it to its kind's handler. */
export interface ClaimedJob {
  id: number;
  kind: string;
  key: string;
  payload: Record<string, unknown>;
  runAt: Date;
  /** tries so far, this one included */
  attempts: number;
}

const claimed = (row: JobRecord): ClaimedJob => ({
  id: Number(row.id),
  kind: row.kind,
  key: row.key,
  payload: (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as Record<string, unknown>,
  runAt: new Date(row.run_at),
  attempts: Number(row.attempts),
});

/**
 * The `jobs` table (docs/server.md, "Jobs"). Not per shop: a job's payload names its shop. Times come from the
 * caller's clock, so tests move them instead of sleeping.
 */
export function createJobsRepository(db: Database) {
  return {
    /** Schedules a job unless one with its key is still open (the partial unique index jobs_open_key); true when added. */
    async schedule(job: NewJob): Promise<boolean> {
      const rows = rowsOf<{ id: number }>(
        await db.execute(sql`
          insert into jobs (kind, key, payload, run_at) values (${job.kind}, ${job.key}, ${JSON.stringify(job.payload ?? {})}::jsonb, ${job.runAt.toISOString()}::timestamptz)
          on conflict (key) where done_at is null do nothing
          returning id`),
      );
      return rows.length === 1;
    },

    /**
     * Claims up to `limit` due jobs: open, run_at passed, and not leased (or their lease ran out: the instance that
     * held it died). FOR UPDATE SKIP LOCKED: instances claiming at once take different jobs, and the lease (committed
     * with the claim) keeps the others off it while it runs. Each claim counts as an attempt. Only `kinds` (the
     * caller's): an instance that does not know a kind (an older one, mid-deploy) leaves its jobs to those that do.
     */
    async claim(now: Date, leaseMs: number, limit: number, kinds: readonly string[]): Promise<ClaimedJob[]> {
      const at = now.toISOString();
      const rows = rowsOf<JobRecord>(
        await db.execute(sql`
          update jobs set leased_until = ${at}::timestamptz + ${`${leaseMs} milliseconds`}::interval, attempts = attempts + 1
          where id in (
            select id from jobs
            where done_at is null and run_at <= ${at}::timestamptz and kind in (${sql.join(kinds.map((kind) => sql`${kind}`), sql`, `)}) and (leased_until is null or leased_until <= ${at}::timestamptz)
            order by run_at, id limit ${limit}
            for update skip locked)
          returning id, kind, key, payload, run_at, attempts`),
      );
      return rows.map(claimed);
    },

    /**
     * The open job of `key`, claimed whether due or not (its owner runs it now), unless another instance's lease holds
     * it; null when there is none. Counts as an attempt, as claim does.
     */
    async claimKey(key: string, now: Date, leaseMs: number, kinds: readonly string[]): Promise<ClaimedJob | null> {
      const at = now.toISOString();
      const known = sql.join(kinds.map((kind) => sql`${kind}`), sql`, `);
      const rows = rowsOf<JobRecord>(
        await db.execute(sql`
          update jobs set leased_until = ${at}::timestamptz + ${`${leaseMs} milliseconds`}::interval, attempts = attempts + 1
          where id = (
            select id from jobs
            where key = ${key} and done_at is null and kind in (${known}) and (leased_until is null or leased_until <= ${at}::timestamptz)
            for update skip locked)
          returning id, kind, key, payload, run_at, attempts`),
      );
      return rows.length === 1 ? claimed(rows[0]) : null;
    },

    /** The job is done (in the transaction of its work, so the work and its end commit together); `redact`'s payload fields are dropped. */
    async finish(id: number, now: Date, lastError: string | null = null, redact: readonly string[] = []): Promise<void> {
      const payload = redact.reduce((expression, field) => sql`${expression} - ${field}::text`, sql`payload`);
      await db.execute(sql`
        update jobs set done_at = ${now.toISOString()}::timestamptz, leased_until = null, last_error = ${lastError}, payload = ${payload} where id = ${id}`);
    },

    /** The try failed: the job runs again at `retryAt`, its error kept. */
    async retry(id: number, retryAt: Date, lastError: string): Promise<void> {
      await db.execute(sql`update jobs set run_at = ${retryAt.toISOString()}::timestamptz, leased_until = null, last_error = ${lastError} where id = ${id}`);
    },

    /** Every job of a key, oldest first. */
    async byKey(key: string): Promise<JobRow[]> {
      return db.select().from(jobs).where(eq(jobs.key, key)).orderBy(asc(jobs.id));
    },
  };
}
export type JobsRepository = ReturnType<typeof createJobsRepository>;
