import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { pgliteConnection } from '../../server/db/connection';
import { PgliteThread } from '../../server/db/pglite-thread';
import { inLane } from '../../server/db/statement-lanes';
import { discountCodes, shops } from '../../server/db/schema';
import { isDatabaseUnavailable } from '../../server/db/unavailable';
import { createTestApp, type TestApp } from './helpers/create-test-app';

// The embedded database runs on its own thread (server/db/pglite-thread.ts). These scenarios are
// about PGlite itself; the PostgreSQL pass skips them.
const onPglite = !process.env.TEST_DATABASE_URL;

/** Settles to which of the two came first, without timing either. */
async function first(a: Promise<unknown>, b: Promise<unknown>): Promise<'a' | 'b'> {
  return Promise.race([a.then(() => 'a' as const), b.then(() => 'b' as const)]);
}

describe.skipIf(!onPglite)('PGlite on its own thread: the server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('Scenario: while a statement runs for a second, a cached read is answered before it ends', async () => {
    const warm = await t.call('kebab.localhost', { code: 'get_shop' });
    expect(warm.statusCode).toBe(200);
    // On the event loop (PGlite in-process) the request could not even be parsed until the sleep ended.
    const long = t.db.execute(sql`select pg_sleep(1)`);
    const read = t.call('kebab.localhost', { code: 'get_shop' });
    expect(await first(read, long)).toBe('a');
    expect((await read).statusCode).toBe(200);
    expect(JSON.parse((await read).body)).toEqual(JSON.parse(warm.body));
    await long;
  });

  it('Scenario: a statement sent while a transaction is open waits for its commit and sees what it wrote', async () => {
    const [kebab] = await t.db.select().from(shops).where(eq(shops.slug, 'kebab'));
    let committed = false;
    let release!: () => void;
    let inserted!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const written = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = t.db.transaction(async (tx) => {
      await tx.insert(discountCodes).values({ shopId: kebab.id, code: 'THREAD1', kind: 'percent', value: 10 });
      inserted();
      await held;
      committed = true;
    });
    await written;
    // Sent now, inside the transaction's turn: it must not run in the open transaction's session.
    let answered = false;
    const outside = t.db
      .select()
      .from(discountCodes)
      .where(eq(discountCodes.code, 'THREAD1'))
      .then((rows) => ((answered = true), rows));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(answered).toBe(false);
    release();
    const rows = await outside;
    expect(committed).toBe(true);
    expect(rows).toHaveLength(1);
    await transaction;
  });

  it('Scenario: statements of the background lane run after every foreground statement that arrives while they wait', async () => {
    // The thread is busy; twenty background statements (a crowd of polls) queue, then one foreground statement (a checkout's).
    // Drizzle sends a statement when it is awaited: each is started (then) in the order meant.
    const busy = t.db.execute(sql`select pg_sleep(0.3)`).then(() => undefined);
    const order: string[] = [];
    const background = Array.from({ length: 20 }, (_, index) => inLane(t.db, 'background').execute(sql`select ${index}::int`).then(() => order.push(`b${index}`)));
    const foreground = t.db.execute(sql`select 1`).then(() => order.push('f'));
    await Promise.all([busy, foreground, ...background]);
    expect(order).toEqual(['f', ...Array.from({ length: 20 }, (_, index) => `b${index}`)]);
  });

  it('Scenario: a transaction begun in the background lane runs whole; a foreground statement sent meanwhile waits for its commit', async () => {
    const [kebab] = await t.db.select().from(shops).where(eq(shops.slug, 'kebab'));
    let release!: () => void;
    let inserted!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const written = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = inLane(t.db, 'background').transaction(async (tx) => {
      await tx.insert(discountCodes).values({ shopId: kebab.id, code: 'LANE1', kind: 'percent', value: 10 });
      inserted();
      await held;
      await tx.insert(discountCodes).values({ shopId: kebab.id, code: 'LANE2', kind: 'percent', value: 10 });
    });
    await written;
    const outside = t.db.select().from(discountCodes).where(eq(discountCodes.shopId, kebab.id));
    release();
    const codes = (await outside).map((row) => row.code);
    await transaction;
    expect(codes).toEqual(expect.arrayContaining(['LANE1', 'LANE2']));
  });

  it('Scenario: a refused statement keeps what Postgres said (code, constraint), is no outage, and rolls its transaction back', async () => {
    const [kebab] = await t.db.select().from(shops).where(eq(shops.slug, 'kebab'));
    const failed = await t.db
      .transaction(async (tx) => {
        await tx.insert(discountCodes).values({ shopId: kebab.id, code: 'THREAD2', kind: 'percent', value: 10 });
        await tx.insert(discountCodes).values({ shopId: kebab.id, code: 'THREAD2', kind: 'percent', value: 20 });
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    const cause = (failed as { cause?: { code?: string; constraint?: string } }).cause;
    expect(cause?.code).toBe('23505');
    expect(cause?.constraint).toBe('discount_codes_shop_code');
    expect(isDatabaseUnavailable(failed)).toBe(false);
    expect(await t.db.select().from(discountCodes).where(eq(discountCodes.code, 'THREAD2'))).toEqual([]);
  });
});

describe.skipIf(!onPglite)('PGlite on its own thread: a crash', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'pglite-thread-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('Scenario: the thread dies mid-statement: that statement is an outage (503), the next one restarts it from disk with every committed row', async () => {
    const thread = await PgliteThread.start({ dataDir });
    const connection = pgliteConnection(thread);
    try {
      await connection.db.execute(sql`create table before_the_crash (name text)`);
      await connection.db.execute(sql`insert into before_the_crash values ('kept')`);
      const inFlight = connection.db.execute(sql`select pg_sleep(5)`).then(
        () => null,
        (error: unknown) => error,
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      await thread.crashForTest();
      expect(isDatabaseUnavailable(await inFlight)).toBe(true);
      const { rows } = (await connection.db.execute(sql`select name from before_the_crash`)) as { rows: unknown[] };
      expect(rows).toEqual([{ name: 'kept' }]);
    } finally {
      await connection.close();
    }
  });

  it('Scenario: in memory a dead thread is not restarted empty: every later statement is an outage', async () => {
    const thread = await PgliteThread.start();
    const connection = pgliteConnection(thread);
    try {
      await connection.db.execute(sql`select 1`);
      await thread.crashForTest();
      const error = await connection.db.execute(sql`select 1`).then(
        () => null,
        (failure: unknown) => failure,
      );
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      await connection.close();
    }
  });
});
