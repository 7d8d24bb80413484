import { afterEach, describe, expect, it } from 'vitest';
import { count, eq, sql, type SQL } from 'drizzle-orm';
import { shops } from '../../server/db/schema';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';

// The test databases on PGlite: one thread per worker, its rows put back for each file
// (helpers/pglite-image.ts). A file must never see what another wrote. The PostgreSQL pass
// copies a template database per file; these scenarios are about the reuse.
const onPglite = !process.env.TEST_DATABASE_URL;

const open: TestDatabase[] = [];
async function database(seeded = true): Promise<TestDatabase> {
  const made = await createTestDatabase({ seeded });
  open.push(made);
  return made;
}
async function drop(made: TestDatabase) {
  open.splice(open.indexOf(made), 1);
  await made.drop();
}
afterEach(async () => {
  for (const made of open.splice(0)) await made.drop();
});

/** The rows of a raw statement (Drizzle types them unknown on the shared database type). */
async function rowsOf<T>(made: TestDatabase, statement: SQL): Promise<T[]> {
  return ((await made.connection.db.execute(statement)) as unknown as { rows: T[] }).rows;
}

const kebabName = async ({ connection }: TestDatabase) =>
  (await connection.db.select({ name: shops.nameEn }).from(shops).where(eq(shops.slug, 'kebab')))[0]?.name;
/** When this PGlite started: the same instance answers the same. */
const startedAt = async (made: TestDatabase) => (await rowsOf<{ at: string }>(made, sql`select pg_postmaster_start_time()::text as at`))[0].at;
const nextShopId = async (made: TestDatabase) =>
  Number((await rowsOf<{ id: string }>(made, sql`select nextval(pg_get_serial_sequence('shops', 'id'))::text as id`))[0].id);

describe.skipIf(!onPglite)('the test databases on PGlite', () => {
  it('Scenario: the next database reuses the thread and has none of the rows, sequences or settings the last one left', async () => {
    const first = await database();
    const instance = await startedAt(first);
    const name = await kebabName(first);
    const id = await nextShopId(first);
    await first.connection.db.update(shops).set({ nameEn: 'Changed by an earlier file' }).where(eq(shops.slug, 'kebab'));
    await first.connection.db.execute(sql`set statement_timeout = 1234`);
    await drop(first);

    const second = await database();
    expect(await startedAt(second)).toBe(instance);
    expect(await kebabName(second)).toBe(name);
    expect(await nextShopId(second)).toBe(id);
    expect((await rowsOf<{ statement_timeout: string }>(second, sql`show statement_timeout`))[0].statement_timeout).toBe('0');
    await drop(second);

    const migrated = await database(false);
    expect(await startedAt(migrated)).toBe(instance);
    expect((await migrated.connection.db.select({ n: count() }).from(shops))[0].n).toBe(0);
    // The first file of a run also builds the run's image (migrations and seed).
  }, 120_000);

  it('Scenario: two databases open at once are two databases', async () => {
    const one = await database();
    const other = await database();
    await one.connection.db.update(shops).set({ nameEn: 'Only in one' }).where(eq(shops.slug, 'kebab'));
    expect(await kebabName(one)).toBe('Only in one');
    expect(await kebabName(other)).not.toBe('Only in one');
    expect(await startedAt(other)).not.toBe(await startedAt(one));
  });

  it('Scenario: a database whose schema a file changed is not handed on; a closed one refuses statements', async () => {
    const changed = await database();
    await changed.connection.db.execute(sql`create table left_behind (id int)`);
    await drop(changed);
    // Drizzle wraps the driver's error ("Failed query: …").
    await expect(changed.connection.db.execute(sql`select 1`)).rejects.toMatchObject({ cause: { message: 'the embedded database is closed' } });

    const next = await database();
    expect((await rowsOf<{ found: string | null }>(next, sql`select to_regclass('left_behind')::text as found`))[0].found).toBeNull();
  });
});
