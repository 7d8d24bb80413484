import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, pgliteThreadOf, type Database } from '../../server/db/connection';
import { migrate } from '../../server/db/migrate';
import { uploads } from '../../server/db/schema';
import { rowsOf } from '../../server/repositories/rows-of';
import { BACKUP_JOB } from '../../server/services/backups/backup-job';
import { BackupRefused, listBackups } from '../../server/services/backups/backup-files';
import { restoreBackup } from '../../server/services/backups/restore-backup';
import { writeBackup } from '../../server/services/backups/write-backup';
import { createJobsRepository } from '../../server/repositories/jobs-repository';
import { insertedOrder } from './checkout-support/counter';
import { creditWallet, movableClock } from './checkout-support/helpers';
import { createTestApp, type TestApp } from './helpers/create-test-app';

/*
 * db:backup and db:restore's work (services/backups) on the suite's database: PGlite's dump restored into another
 * folder, or pg_dump's restored into another empty database of the same cluster; and the scheduled backup job.
 */

const adminUrl = process.env.TEST_DATABASE_URL ?? null;
const database = adminUrl ? 'PostgreSQL' : 'PGlite';
const root = mkdtempSync(join(tmpdir(), 'storefront-backups-'));
const clock = movableClock(new Date('2026-03-01T01:00:00Z'));
const HOURS_6 = 6 * 3_600_000;
const backupDir = join(root, 'scheduled');
let t: TestApp;
const created: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now, backup: { dir: backupDir, everyMs: HOURS_6, keep: 2 } });
});
afterAll(async () => {
  await t.close();
  for (const name of created) await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  rmSync(root, { recursive: true, force: true });
});

async function adminQuery(text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl! });
  await admin.connect();
  await admin.query(text);
  await admin.end();
}

/** A new empty database of the test cluster. */
async function emptyDatabase(): Promise<string> {
  const name = `storefront_restore_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  created.push(name);
  const url = new URL(adminUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Every table of every user schema: its row count and the md5 of its rows in order; and every sequence's state. */
async function contents(db: Database): Promise<Record<string, string>> {
  const tables = rowsOf<{ name: string; kind: string }>(
    await db.execute(sql`
      select format('%I.%I', n.nspname, c.relname) as name, c.relkind as kind from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p', 'S') and n.nspname not like 'pg\\_%' and n.nspname <> 'information_schema' order by 1`),
  );
  const out: Record<string, string> = {};
  for (const { name, kind } of tables) {
    const [row] = rowsOf<{ rows: string; digest: string }>(
      await db.execute(
        sql.raw(
          kind === 'S'
            ? `select 1 as rows, concat(last_value, ' ', is_called) as digest from ${name}`
            : `select count(*) as rows, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as digest from ${name} t`,
        ),
      ),
    );
    out[name] = `${row.rows} ${row.digest}`;
  }
  return out;
}

type Target = { dataDir: string } | { url: string };

/** The contents of the database a restore made (a PGlite folder, or a PostgreSQL database). */
async function contentsOf(target: Target): Promise<Record<string, string>> {
  const connection = await connect('url' in target ? { url: target.url, dataDir: null } : { url: null, dataDir: target.dataDir });
  try {
    return await contents(connection.db);
  } finally {
    await connection.close();
  }
}

/** An empty place to restore into: a new folder, or a new empty database of the cluster. */
const emptyTarget = async (folder: string): Promise<Target> => (adminUrl ? { url: await emptyDatabase() } : { dataDir: join(root, folder) });

const restoreInto = (target: Target, file: string) =>
  restoreBackup({ file, databaseUrl: 'url' in target ? target.url : null, dataDir: 'dataDir' in target ? target.dataDir : join(root, 'unused') });

const rowCount = (all: Record<string, string>, table: string) => Number(all[table].split(' ')[0]);

describe(`backups that restore (${database})`, () => {
  let backup: string;
  let before: Record<string, string>;
  let target: Target;

  it('Scenario: a backup of a database with orders, wallets and uploads restores elsewhere with every row of every table equal', async () => {
    const order = await insertedOrder(t, 'kebab');
    await creditWallet(t.db, order.shop.rootId ?? order.shop.id, order.userId, 250_000);
    const { shop } = order;
    await t.db.insert(uploads).values({
      ...{ shopId: shop.rootId ?? shop.id, userId: order.userId, kind: 'media_message', mime: 'image/webp' },
      ...{ width: 640, height: 480, bytes: 12_345, pictureKey: 'ab/picture.webp', thumbnailKey: 'ab/thumb.webp' },
    });
    before = await contents(t.db);
    for (const table of ['public.orders', 'public.wallet_transactions', 'public.uploads']) expect(rowCount(before, table), table).toBeGreaterThan(0);

    backup = await writeBackup({ db: t.db, dir: join(root, 'manual'), now: clock.now() });
    expect(listBackups(join(root, 'manual'))).toEqual([backup.split('/').pop()]);
    expect(backup).toMatch(adminUrl ? /storefront-20260301-010000Z\.pg\.dump$/ : /storefront-20260301-010000Z\.pglite\.tar\.gz$/);

    target = await emptyTarget('restored');
    await restoreInto(target, backup);
    const after = await contentsOf(target);
    expect(Object.keys(after)).toEqual(Object.keys(before));
    expect(after).toEqual(before);
  });

  it('Scenario: a restore over live data (a folder with a database, a database with tables) is refused in one sentence and changes nothing', async () => {
    // The first scenario's restore: now live data.
    const kept = await contentsOf(target);
    expect(rowCount(kept, 'public.orders')).toBeGreaterThan(0);
    const refused = restoreInto(target, backup);
    await expect(refused).rejects.toBeInstanceOf(BackupRefused);
    await expect(refused).rejects.toThrow(adminUrl ? /already has \d+ tables: a backup is restored only into an empty database/ : /already holds a database/);
    expect(await contentsOf(target)).toEqual(kept);
  });

  it('Scenario: BACKUP_EVERY=6h schedules one backup job a slot; run at the pinned clock it writes a dated backup and keeps BACKUP_KEEP=2', async () => {
    writeFileSync(join(root, 'unrelated.txt'), 'kept');
    const jobs = createJobsRepository(t.db);
    for (const slot of ['06', '12', '18']) {
      await t.app.jobs.sweep();
      await t.app.jobs.sweep();
      const key = `backup:2026-03-01T${slot}:00:00.000Z`;
      expect((await jobs.byKey(key)).map((job) => [job.kind, job.doneAt])).toEqual([[BACKUP_JOB, null]]);
      expect(await t.app.jobs.runDue()).toBe(0);
      clock.set(new Date(`2026-03-01T${slot}:00:00Z`));
      expect(await t.app.jobs.runDue()).toBe(1);
      expect((await jobs.byKey(key))[0]).toMatchObject({ lastError: null });
    }
    const suffix = adminUrl ? 'pg.dump' : 'pglite.tar.gz';
    expect(readdirSync(backupDir).sort()).toEqual([`storefront-20260301-120000Z.${suffix}`, `storefront-20260301-180000Z.${suffix}`]);
    // The newest of them restores like any other.
    const scheduled = await emptyTarget('from-schedule');
    await restoreInto(scheduled, join(backupDir, `storefront-20260301-180000Z.${suffix}`));
    expect(rowCount(await contentsOf(scheduled), 'public.orders')).toBe(rowCount(before, 'public.orders'));
    // Three backups and a restore: past 30 s on a machine busy with other suites.
  }, 120_000);

  // The move needs both databases: it runs in the PostgreSQL pass only, from an embedded database made for it.
  it.skipIf(!adminUrl)('Scenario: an embedded database\'s backup restored with DATABASE_URL moves every row of every table and every sequence into PostgreSQL', async () => {
    const embedded = await connect({ url: null, dataDir: null });
    await migrate(embedded);
    const source = await createTestApp({ database: { connection: embedded, drop: () => embedded.close() }, clock: clock.now });
    try {
      const order = await insertedOrder(source, 'kebab');
      await creditWallet(source.db, order.shop.rootId ?? order.shop.id, order.userId, 250_000);
      await source.db.execute(sql`set timezone = 'UTC'`);
      const moved = Object.fromEntries(Object.entries(await contents(source.db)).filter(([name]) => name.startsWith('public.')));
      expect(rowCount(moved, 'public.orders')).toBeGreaterThan(0);
      const file = join(root, 'embedded.pglite.tar.gz');
      writeFileSync(file, await pgliteThreadOf(source.db)!.dumpDataDir());

      const url = new URL(await emptyDatabase());
      await restoreBackup({ file, databaseUrl: url.toString(), dataDir: join(root, 'unused') });
      url.searchParams.set('options', '-c TimeZone=UTC');
      const after = await contentsOf({ url: url.toString() });
      expect(Object.fromEntries(Object.entries(after).filter(([name]) => name.startsWith('public.')))).toEqual(moved);
      // A second move into the now live database is refused.
      await expect(restoreBackup({ file, databaseUrl: url.toString(), dataDir: join(root, 'unused') })).rejects.toThrow(/already has \d+ tables/);
    } finally {
      await source.close();
    }
    // An embedded database migrated and seeded, then moved whole: about 10 s alone, past 30 s beside CI's other suites.
  }, 120_000);
});
