import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { connect, type Connection } from '../../../server/db/connection';
import { migrate } from '../../../server/db/migrate';
import { seedDemoShops } from '../../../server/seed';
import { templateName } from './database-images';
import { buildPgliteImage, pgliteDatabase } from './pglite-image';

export interface TestDatabase {
  connection: Connection;
  drop: () => Promise<void>;
}

/**
 * A fresh, migrated database, also seeded with the demo shops when `seeded`:
 * PGlite in memory by default; with TEST_DATABASE_URL a new PostgreSQL
 * database (random name) created through that admin URL and dropped by `drop()`.
 *
 * Migrating and seeding take seconds, so the first file of a run that needs a
 * database builds both once (migrations and seed as ever): a PGlite image
 * (pglite-image.ts: one PGlite thread per worker, its rows put back for each file)
 * or a PostgreSQL template database, in the run's folder (tests/global-setup.ts,
 * emptied on every run and rerun). Each file then starts from its own copy.
 * Outside a vitest run with that setup, every database is built from scratch.
 */
export async function createTestDatabase(options: { seeded?: boolean } = {}): Promise<TestDatabase> {
  const image = options.seeded ? 'seeded' : 'migrated';
  const folder = inject('databaseImages') as string | undefined;
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    if (!folder) {
      const connection = await connect({ url: null, dataDir: null });
      await migrate(connection);
      if (options.seeded) await seedDemoShops(connection.db);
      return { connection, drop: () => connection.close() };
    }
    await builtOnce(join(folder, 'pglite'), () => buildPgliteImage(folder));
    return pgliteDatabase(folder, image);
  }

  const name = `storefront_test_${randomBytes(6).toString('hex')}`;
  if (folder) {
    await builtOnce(join(folder, 'postgres'), () => buildTemplates(adminUrl, folder));
    await adminQuery(adminUrl, `CREATE DATABASE ${name} TEMPLATE ${templateName(folder, image)}`);
  } else {
    await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  }
  const connection = await connect({ url: databaseUrl(adminUrl, name), dataDir: null });
  if (!folder) {
    await migrate(connection);
    if (options.seeded) await seedDemoShops(connection.db);
  }
  return {
    connection,
    drop: async () => {
      await connection.close();
      const cleaner = new pg.Client({ connectionString: adminUrl });
      await cleaner.connect();
      await untilNobodyIsOn(cleaner, name);
      await cleaner.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleaner.end();
    },
  };
}

/**
 * Creates database `name` on the PostgreSQL server of `adminUrl` as a copy of the run's seeded
 * template (built once per run, as createTestDatabase's), so it needs no migration or seed of its
 * own; false outside a vitest run with that setup, where the caller builds it.
 */
export async function createSeededCopy(adminUrl: string, name: string): Promise<boolean> {
  const folder = inject('databaseImages') as string | undefined;
  if (!folder) return false;
  await builtOnce(join(folder, 'postgres'), () => buildTemplates(adminUrl, folder));
  await adminQuery(adminUrl, `CREATE DATABASE ${name} TEMPLATE ${templateName(folder, 'seeded')}`);
  return true;
}

async function buildTemplates(adminUrl: string, folder: string): Promise<void> {
  const migrated = templateName(folder, 'migrated');
  const seeded = templateName(folder, 'seeded');
  await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${seeded}`, `DROP DATABASE IF EXISTS ${migrated}`, `CREATE DATABASE ${migrated}`);
  const build = async (name: string, fill: (connection: Connection) => Promise<unknown>) => {
    const connection = await connect({ url: databaseUrl(adminUrl, name), dataDir: null });
    try {
      await fill(connection);
    } finally {
      await connection.close();
    }
    // A template with anyone still on it cannot be copied.
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await untilNobodyIsOn(admin, name);
    await admin.end();
  };
  await build(migrated, migrate);
  await adminQuery(adminUrl, `CREATE DATABASE ${seeded} TEMPLATE ${migrated}`);
  await build(seeded, (connection) => seedDemoShops(connection.db));
}

async function adminQuery(adminUrl: string, ...statements: string[]): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (const statement of statements) await admin.query(statement);
  } finally {
    await admin.end();
  }
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** pool.end() resolves before the server has seen every client leave. */
async function untilNobodyIsOn(admin: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const { rows } = await admin.query('select count(*)::int as open from pg_stat_activity where datname = $1', [name]);
    if (rows[0].open === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Runs `build` once per run across the workers: the first takes `<done>.lock`,
 * the others wait for `<done>` (or take over the lock if its owner died).
 */
async function builtOnce(done: string, build: () => Promise<void>): Promise<void> {
  const lock = `${done}.lock`;
  while (!existsSync(done)) {
    let fd: number;
    try {
      fd = openSync(lock, 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (!ownerAlive(lock)) rmSync(lock, { force: true });
      await new Promise((resolve) => setTimeout(resolve, 50));
      continue;
    }
    writeSync(fd, String(process.pid));
    closeSync(fd);
    try {
      await build();
      writeFileSync(done, '');
    } finally {
      rmSync(lock, { force: true });
    }
  }
}

function ownerAlive(lock: string): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(lock, 'utf8'));
  } catch {
    return true; // gone already, or being written
  }
  if (!pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
