import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { connect } from '../../../server/db/connection';
import { migrate } from '../../../server/db/migrate';
import { seedDemoShops } from '../../../server/seed';
import { createSeededCopy } from './test-database';

/**
 * A new database on the PostgreSQL server of `url` (an admin URL), migrated and seeded, for tests that run two app
 * instances on one database; dropped by `drop`. `prefix` names the test file's databases. In a vitest run it is a
 * copy of the run's seeded template (test-database.ts), which is the migrations and the seed as ever, made once.
 */
export async function freshDatabase(url: string, prefix: string) {
  const name = `storefront_${prefix}_${randomBytes(6).toString('hex')}`;
  const target = new URL(url);
  target.pathname = `/${name}`;
  if (!(await createSeededCopy(url, name))) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const setup = await connect({ url: target.toString(), dataDir: null });
    await migrate(setup);
    await seedDemoShops(setup.db);
    await setup.close();
  }
  return {
    url: target.toString(),
    drop: async () => {
      const cleaner = new pg.Client({ connectionString: url });
      await cleaner.connect();
      await cleaner.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleaner.end();
    },
  };
}
