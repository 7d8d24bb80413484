import { randomBytes } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { pgliteConnection, type Connection } from '../../../server/db/connection';
import { migrate } from '../../../server/db/migrate';
import { PgliteThread } from '../../../server/db/pglite-thread';
import type { StatementLane } from '../../../server/db/statement-lanes';
import { seedDemoShops } from '../../../server/seed';
import type { DatabaseImage } from './database-images';

/**
 * The test databases on PGlite (createTestDatabase): one PGlite thread per vitest worker, reused by
 * the files that worker runs one after another, each file starting from a copy of the run's image.
 *
 * Starting a PGlite thread from a dump took ~1.6 s a file (60 files); putting the rows back takes
 * ~70 ms. The image is one dump, built once per run: the migrated and seeded database, with a copy
 * of each image's rows in schemas of their own (test_image_migrated, test_image_seeded) and the
 * statements that put them back. A file that changed the schema (the fuzz test's triggers, a
 * renamed table) leaves a thread whose fingerprint differs: the next file gets a new thread.
 */

const USER_SCHEMAS = `n.nspname not like 'pg\\_%' and n.nspname <> 'information_schema'`;

/** Everything a file could change besides rows and session state: its md5 tells a thread is as built. */
const FINGERPRINT = `
select md5(coalesce(string_agg(line, E'\\n' order by line), '')) as fingerprint from (
  select 'n ' || nspname as line from pg_namespace n where ${USER_SCHEMAS}
  union all
  select concat_ws(' ', 'r', c.oid::regclass, c.relkind, c.relhastriggers, c.relhasrules, c.relrowsecurity)
    from pg_class c join pg_namespace n on n.oid = c.relnamespace where ${USER_SCHEMAS}
  union all
  select concat_ws(' ', 'a', a.attrelid::regclass, a.attname, format_type(a.atttypid, a.atttypmod), a.attnotnull, a.attisdropped,
      a.attidentity, a.attgenerated, pg_get_expr(d.adbin, d.adrelid))
    from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where a.attnum > 0 and ${USER_SCHEMAS}
  union all
  select concat_ws(' ', 'k', k.conrelid::regclass, k.conname, pg_get_constraintdef(k.oid))
    from pg_constraint k join pg_namespace n on n.oid = k.connamespace where ${USER_SCHEMAS}
  union all
  select concat_ws(' ', 'i', i.indexrelid::regclass, pg_get_indexdef(i.indexrelid))
    from pg_index i join pg_class c on c.oid = i.indexrelid join pg_namespace n on n.oid = c.relnamespace where ${USER_SCHEMAS}
  union all
  select concat_ws(' ', 't', tgrelid::regclass, tgname, tgenabled) from pg_trigger where not tgisinternal
  union all
  select concat_ws(' ', 'p', p.oid::regprocedure, md5(p.prosrc))
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace where ${USER_SCHEMAS}
  union all
  select concat_ws(' ', 'e', enumtypid::regtype, enumlabel, enumsortorder) from pg_enum
  union all
  select concat_ws(' ', 's', seqrelid::regclass, seqtypid::regtype, seqincrement, seqmin, seqmax, seqstart, seqcycle) from pg_sequence
  union all
  select concat_ws(' ', 'v', w.ev_class::regclass, w.rulename)
    from pg_rewrite w join pg_class c on c.oid = w.ev_class join pg_namespace n on n.oid = c.relnamespace where ${USER_SCHEMAS}
  union all
  select concat_ws(' ', 'x', extname, extversion) from pg_extension
  union all
  select concat_ws(' ', 'u', rolname, rolsuper) from pg_roles
) lines`;

/** The server's tables: every user table but the images' copies and Drizzle's own record of migrations. */
const TABLES = `
select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as name, quote_ident(c.relname) as bare,
  (select string_agg(quote_ident(a.attname), ', ' order by a.attnum) from pg_attribute a
    where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = '') as columns
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where c.relkind in ('r', 'p') and ${USER_SCHEMAS} and n.nspname not in ('drizzle', 'test_image_migrated', 'test_image_seeded')
order by 1`;

const SEQUENCES = `
select quote_literal(quote_ident(n.nspname) || '.' || quote_ident(c.relname)) as name, s.last_value::text as last_value, s.is_called
from pg_class c join pg_namespace n on n.oid = c.relnamespace, lateral pg_sequence_last_value(c.oid) as v(value),
  lateral (select coalesce(v.value, (select seqstart from pg_sequence where seqrelid = c.oid)) as last_value, v.value is not null as is_called) s
where c.relkind = 'S' and ${USER_SCHEMAS} and n.nspname <> 'drizzle'
order by 1`;

interface ImageStatements {
  /** which build (a rerun in watch mode builds the image anew) */
  build: string;
  fingerprint: string;
  /** per image: one multi-statement string that empties the tables and puts the image's rows back */
  rows: Record<DatabaseImage, string>;
  /**
   * The migrated image's sequences. The seeded image's are read from a thread as loaded: the dump
   * is of a running database, so its sequences come back past their last value (Postgres logs 32
   * values ahead), and a file gets the ids it always got from a freshly loaded dump.
   */
  migratedSequences: string;
}

type Exec = (sql: string) => Promise<unknown>;
type Query = <T>(sql: string) => Promise<T[]>;

/** Copies the tables' rows of `image` (the database as it is now); returns the statements that put them back. */
async function snapshot(query: Query, exec: Exec, image: DatabaseImage): Promise<string> {
  const schema = `test_image_${image}`;
  const tables = await query<{ name: string; bare: string; columns: string }>(TABLES);
  await exec(`create schema ${schema}; ${tables.map((t) => `create table ${schema}.${t.bare} as select ${t.columns} from ${t.name};`).join('\n')}`);
  const counts = await query<{ bare: string; rows: number }>(
    tables.map((t) => `select '${t.bare.replaceAll("'", "''")}' as bare, count(*)::int as rows from ${schema}.${t.bare}`).join(' union all '),
  );
  const filled = new Set(counts.filter((c) => c.rows > 0).map((c) => c.bare));
  return [
    // Replica: no foreign-key trigger fires while the rows go back in whatever order (for this transaction only).
    'begin;',
    'set local session_replication_role = replica;',
    `truncate ${tables.map((t) => t.name).join(', ')};`,
    ...tables.filter((t) => filled.has(t.bare)).map((t) => `insert into ${t.name} (${t.columns}) overriding system value select ${t.columns} from ${schema}.${t.bare};`),
    'commit;',
  ].join('\n');
}

/** The statement that puts the sequences back where `query` finds them now. */
async function sequencesNow(query: Query): Promise<string> {
  const sequences = await query<{ name: string; last_value: string; is_called: boolean }>(SEQUENCES);
  return sequences.length ? `select ${sequences.map((s) => `setval(${s.name}, ${s.last_value}, ${s.is_called})`).join(', ')};` : '';
}

/** Builds the run's image (in-process PGlite: the server's thread has no dump call): image.tar and image.json. */
export async function buildPgliteImage(folder: string): Promise<void> {
  const client = await PGlite.create();
  const connection: Connection = { db: drizzle(client), kind: 'pglite', close: () => client.close(), stats: () => ({ kind: 'pglite', queued: 0 }) };
  const query: Query = async <T>(sql: string) => (await client.query<T>(sql)).rows;
  const exec: Exec = (sql) => client.exec(sql);
  try {
    await migrate(connection);
    const migratedSequences = await sequencesNow(query);
    const migrated = await snapshot(query, exec, 'migrated');
    await seedDemoShops(connection.db);
    const seeded = await snapshot(query, exec, 'seeded');
    const [{ fingerprint }] = await query<{ fingerprint: string }>(FINGERPRINT);
    const statements: ImageStatements = { build: randomBytes(6).toString('hex'), fingerprint, rows: { migrated, seeded }, migratedSequences };
    writeAtomically(join(folder, 'image.tar'), new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer()));
    writeAtomically(join(folder, 'image.json'), new TextEncoder().encode(JSON.stringify(statements)));
  } finally {
    await client.close();
  }
}

function writeAtomically(path: string, bytes: Uint8Array): void {
  const partial = `${path}.${process.pid}.partial`;
  writeFileSync(partial, bytes);
  renameSync(partial, path);
}

/** This worker's copy of the image, its dump read once per build. */
let loaded: { statements: ImageStatements; dump: Uint8Array } | null = null;
function imageOf(folder: string) {
  const statements = JSON.parse(readFileSync(join(folder, 'image.json'), 'utf8')) as ImageStatements;
  if (loaded?.statements.build !== statements.build) loaded = { statements, dump: new Uint8Array(readFileSync(join(folder, 'image.tar'))) };
  return loaded;
}

/** The seeded image's sequences as a loaded thread has them, per build. */
const seededSequences = new Map<string, string>();

/** A thread on the image; as loaded it holds the seeded image's rows. */
async function startThread(folder: string): Promise<PgliteThread> {
  const thread = await PgliteThread.start({ loadDataDir: imageOf(folder).dump });
  const { build } = imageOf(folder).statements;
  if (!seededSequences.has(build)) seededSequences.set(build, await sequencesNow(async <T>(sql: string) => (await thread.query<T>(sql)).rows));
  return thread;
}

async function reset(thread: PgliteThread, folder: string, image: DatabaseImage): Promise<void> {
  const { statements } = imageOf(folder);
  await thread.exec(statements.rows[image]);
  const sequences = image === 'seeded' ? seededSequences.get(statements.build)! : statements.migratedSequences;
  if (sequences) await thread.exec(sequences);
  // Session state a file may leave: settings, prepared statements, temporary tables, locks, LISTENs.
  await thread.exec('discard all');
}

/** A reused thread of the worker: `pristine` while it holds the seeded image untouched (just started). */
interface Lease {
  thread: PgliteThread;
  build: string;
  pristine: boolean;
  leased: boolean;
}

/**
 * The worker's reused threads. Most files hold one database at a time; some hold two or three at once
 * (a second app on a database of its own: csrf-scheme, bad-input, account-login, spa-and-media, …),
 * and each of those started a thread from the dump (~1.6 s) and closed it. Kept here, the next file's
 * second database is a reset (~70 ms) too. Beyond POOL_SIZE at once, a database has a thread of its own.
 */
const pool: Lease[] = [];
const POOL_SIZE = 3;
let starting = 0;

/** Whether `thread` is alive and its schema is the image's. */
async function asBuilt(thread: PgliteThread, folder: string): Promise<boolean> {
  try {
    // A setting the last file left (a statement_timeout of a second) must not fail the check on a loaded machine.
    await thread.exec('discard all');
    const { rows } = await thread.query<{ fingerprint: string }>(FINGERPRINT);
    return rows[0]?.fingerprint === imageOf(folder).statements.fingerprint;
  } catch {
    return false; // the thread died (a crash ends an in-memory database)
  }
}

/**
 * A database of the test's own on the image: a reused thread of the worker that is free (a new one
 * while the pool has room), else a thread of its own, ended by `drop()`.
 */
export async function pgliteDatabase(folder: string, image: DatabaseImage): Promise<{ connection: Connection; drop: () => Promise<void> }> {
  let lease = pool.find((candidate) => !candidate.leased);
  if (!lease && pool.length + starting >= POOL_SIZE) {
    const thread = await startThread(folder);
    if (image !== 'seeded') await reset(thread, folder, image);
    return { connection: pgliteConnection(thread), drop: () => thread.close() };
  }
  if (!lease) {
    // Counted while it starts, so calls meanwhile do not take the pool past its size.
    starting += 1;
    try {
      lease = { thread: await startThread(folder), build: imageOf(folder).statements.build, pristine: true, leased: true };
      pool.push(lease);
    } finally {
      starting -= 1;
    }
  }
  lease.leased = true;
  try {
    const build = imageOf(folder).statements.build;
    if (lease.build !== build || (!lease.pristine && !(await asBuilt(lease.thread, folder)))) {
      await lease.thread.close().catch(() => undefined);
      lease.thread = await startThread(folder);
      lease.build = build;
      lease.pristine = true;
    }
    if (!lease.pristine || image !== 'seeded') await reset(lease.thread, folder, image);
    lease.pristine = false;
  } catch (error) {
    pool.splice(pool.indexOf(lease), 1);
    await lease.thread.close().catch(() => undefined);
    throw error;
  }
  const borrowed = new BorrowedThread(lease.thread);
  const connection = pgliteConnection(borrowed as unknown as PgliteThread);
  const held = lease;
  return {
    connection,
    drop: async () => {
      await connection.close();
      held.leased = false;
    },
  };
}

/**
 * The reused thread as one file sees it: closing it waits for the file's statements and then
 * refuses more, as closing a thread of its own would, but leaves the thread to the next file.
 */
class BorrowedThread {
  #closed = false;
  #inFlight = new Set<Promise<unknown>>();

  constructor(private readonly thread: PgliteThread) {}

  /** the shared thread's queue (/metrics) */
  get queued(): number {
    return this.thread.queued;
  }

  #track<T>(run: () => Promise<T>): Promise<T> {
    if (this.#closed) return Promise.reject(new Error('the embedded database is closed'));
    const running = run();
    const settled = running.then(
      () => undefined,
      () => undefined,
    );
    this.#inFlight.add(settled);
    void settled.then(() => this.#inFlight.delete(settled));
    return running;
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#track(() => this.thread.query<T>(sql, params, options));
  }

  exec(sql: string): Promise<Results[]> {
    return this.#track(() => this.thread.exec(sql));
  }

  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.#track(() => this.thread.transaction(callback));
  }

  dumpDataDir(): Promise<Uint8Array> {
    return this.#track(() => this.thread.dumpDataDir());
  }

  /** The thread's lane, its statements tracked as the others (db/statement-lanes.ts). */
  inLane(lane: StatementLane): Pick<PgliteThread, 'query' | 'exec' | 'transaction'> {
    const thread = this.thread.inLane(lane);
    return {
      query: (sql, params, options) => this.#track(() => thread.query(sql, params, options)),
      exec: (sql) => this.#track(() => thread.exec(sql)),
      transaction: (callback) => this.#track(() => thread.transaction(callback)),
    };
  }

  async close(): Promise<void> {
    this.#closed = true;
    while (this.#inFlight.size) await Promise.all(this.#inFlight);
  }
}
