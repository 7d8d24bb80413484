import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { connect, type Connection } from '../../../server/db/connection';
import { migrate } from '../../../server/db/migrate';

/**
 * A fresh, migrated database: PGlite in memory by default; with
 * TEST_DATABASE_URL a new PostgreSQL database (random name) created through
 * that admin URL and dropped by `drop()`.
 */
export async function createTestDatabase(): Promise<{ connection: Connection; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const connection = await connect({ url: null, dataDir: null });
    await migrate(connection);
    return { connection, drop: () => connection.close() };
  }
  const name = `storefront_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const connection = await connect({ url: url.toString(), dataDir: null });
  await migrate(connection);
  return {
    connection,
    drop: async () => {
      await connection.close();
      const cleaner = new pg.Client({ connectionString: adminUrl });
      await cleaner.connect();
      // pool.end() resolves before the server has seen every client leave; wait so FORCE has nobody to terminate.
      for (let attempt = 0; attempt < 50; attempt += 1) {
        const { rows } = await cleaner.query('select count(*)::int as open from pg_stat_activity where datname = $1', [name]);
        if (rows[0].open === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await cleaner.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleaner.end();
    },
  };
}
