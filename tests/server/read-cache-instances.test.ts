import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createCluster, findPostgresBin, NO_POSTGRES, type Cluster } from '../../scripts/postgres-cluster.mjs';
import { buildApp } from '../../server/app';
import { connect, type Connection } from '../../server/db/connection';
import { migrate } from '../../server/db/migrate';
import { items, sessions, shops, users } from '../../server/db/schema';
import { hashToken } from '../../server/repositories/user-repository';
import { writeShopData } from '../../server/repositories/shop-changes';
import { seedDemoShops } from '../../server/seed';
import { createInProcessBus, LISTENER_NAME, type EventBus } from '../../server/services/events';
import { freshDatabase } from './helpers/fresh-database';
import { postgresInstance } from './helpers/postgres-instance';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';

// Two server instances on one database: a change written through one is read through the other's
// cache within a second. PGlite runs them in one process on one in-process bus; PostgreSQL gives
// each its own pool and LISTEN connection: they run in the PostgreSQL pass (`npm run test:pg` sets
// TEST_DATABASE_URL) and are skipped in the PGlite pass; where PostgreSQL is required it must be installed.
const adminUrl = process.env.TEST_DATABASE_URL;
if (!findPostgresBin() && process.env.REQUIRE_POSTGRES) throw new Error(`read cache instance tests cannot run: ${NO_POSTGRES}`);
// The restart test makes its own cluster (restarting the suite's shared one would break the other files).
const bin = adminUrl ? findPostgresBin() : null;
if (adminUrl && !bin && process.env.REQUIRE_POSTGRES) throw new Error(`the PostgreSQL restart test cannot run: ${NO_POSTGRES}`);

const host = 'kebab.localhost';
const config = { defaultShop: 'kebab', spaDir: join(tmpdir(), 'storefront-no-spa'), nodeEnv: 'test' as const };

interface Instance {
  app: FastifyInstance;
  db: Connection['db'];
  events: EventBus;
}

const priceVia = async (instance: Instance, id: number): Promise<number | null> => {
  const reply = await instance.app.inject({ method: 'POST', url: '/order/order.php', headers: { host, 'content-type': 'application/x-www-form-urlencoded' }, payload: `code=get_item&id=${id}` });
  return reply.statusCode === 200 ? (reply.json().data.item.price as number) : null;
};

/** Polls `read` until it gives `expected`, for at most `withinMs`; returns how long it took. */
async function eventually<T>(read: () => Promise<T>, expected: T, withinMs: number): Promise<number> {
  const started = Date.now();
  let last: T = await read();
  while (last !== expected) {
    if (Date.now() - started > withinMs) throw new Error(`still ${String(last)} after ${withinMs} ms, expected ${String(expected)}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
    last = await read();
  }
  return Date.now() - started;
}

async function koobidehOf(db: Connection['db']) {
  const [row] = await db
    .select({ id: items.id, shopId: items.shopId, price: items.price })
    .from(items)
    .innerJoin(shops, eq(shops.id, items.shopId))
    .where(and(eq(shops.slug, 'kebab'), eq(items.nameEn, 'Koobideh kebab')));
  return row;
}

/** Sets the price through `writer` (announced after commit) and waits until `reader` reads it from its cache. */
async function changeAndRead(writer: Instance, reader: Instance, item: { id: number; shopId: number }, price: number) {
  await writeShopData(writer.db, writer.events, [item.shopId], (tx) => tx.update(items).set({ price }).where(eq(items.id, item.id)));
  expect(await priceVia(writer, item.id)).toBe(price);
  return eventually(() => priceVia(reader, item.id), price, 1_000);
}

/** Reads twice through `instance` and checks the second read came from memory. */
async function readCached(instance: Instance, id: number) {
  const price = await priceVia(instance, id);
  const { loads, hits } = instance.app.readCache.stats();
  expect(await priceVia(instance, id)).toBe(price);
  expect(instance.app.readCache.stats().loads).toBe(loads);
  expect(instance.app.readCache.stats().hits).toBeGreaterThan(hits);
  return price;
}

// The PGlite run's own (TEST_DATABASE_URL unset: createTestDatabase gives PGlite, a copy of the run's
// seeded image); the PostgreSQL run would only repeat it on an embedded database built anew.
describe.skipIf(Boolean(adminUrl))('two instances on one PGlite (in-process bus)', () => {
  let database: TestDatabase;
  let connection: Connection;
  let bus: EventBus;
  let a: Instance;
  let b: Instance;
  beforeAll(async () => {
    database = await createTestDatabase({ seeded: true });
    connection = database.connection;
    bus = createInProcessBus();
    a = { app: await buildApp({ db: connection.db, config, events: bus }), db: connection.db, events: bus };
    b = { app: await buildApp({ db: connection.db, config, events: bus }), db: connection.db, events: bus };
  });
  afterAll(async () => {
    await a?.app.close();
    await b?.app.close();
    await bus?.close();
    await database?.drop();
  });

  it('Scenario: a price written through one instance is read through the other\'s cache within 1 s', async () => {
    const item = await koobidehOf(connection.db);
    expect(await readCached(b, item.id)).toBe(item.price);
    await changeAndRead(a, b, item, item.price + 5_000);
    await changeAndRead(b, a, item, item.price);
  });
});


/** One server instance: its own pool, its own LISTEN connection, its own app. */
const instanceOn = (url: string, bus: { retryMs?: number } = {}) =>
  postgresInstance(url, config, { timeouts: { acquireMs: 2_000, statementMs: 5_000, lockMs: 2_000 }, busRetryMs: bus.retryMs });

describe.skipIf(!adminUrl)('two instances on one PostgreSQL (LISTEN/NOTIFY)', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let a: Awaited<ReturnType<typeof instanceOn>>;
  let b: Awaited<ReturnType<typeof instanceOn>>;
  beforeAll(async () => {
    database = await freshDatabase(adminUrl!, 'instances');
    a = await instanceOn(database.url);
    // b listens anew only after 2 s, so a change made meanwhile is surely one it did not hear.
    b = await instanceOn(database.url, { retryMs: 2_000 });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.drop();
  });

  it('Scenario: a price written through one instance is read through the other\'s cache within 1 s, both ways', async () => {
    const item = await koobidehOf(a.db);
    expect(await readCached(b, item.id)).toBe(item.price);
    expect(await readCached(a, item.id)).toBe(item.price);
    await changeAndRead(a, b, item, item.price + 5_000);
    await changeAndRead(b, a, item, item.price + 7_000);
    // Each instance heard the other's event once and reloaded; its own read its own change at once.
    expect(await readCached(b, item.id)).toBe(item.price + 7_000);
  });

  it('Scenario: a sign-out and a profile edit through one instance reach the other\'s kept session within 1 s', async () => {
    const [kebab] = await a.db.select().from(shops).where(eq(shops.slug, 'kebab'));
    const [user] = await a.db.insert(users).values({ rootId: kebab.id, mobile: '09121110001', name: 'before' }).returning();
    const token = randomBytes(32).toString('base64url');
    await a.db.insert(sessions).values({ id: hashToken(token), userId: user.id, rootId: kebab.id, expiresAt: new Date(Date.now() + 86_400_000) });
    const call = (instance: Instance, payload: string) =>
      instance.app.inject({ method: 'POST', url: '/order/order.php', headers: { host, 'content-type': 'application/x-www-form-urlencoded', cookie: `sid=${token}` }, payload });
    const nameVia = async (instance: Instance) => ((await call(instance, 'code=get_user_detail')).json().data as { name: string } | null)?.name ?? null;
    // b keeps the session: its second read makes no lookup.
    expect(await nameVia(b)).toBe('before');
    const { loads } = b.app.sessionCache.stats();
    expect(await nameVia(b)).toBe('before');
    expect(b.app.sessionCache.stats().loads).toBe(loads);

    expect((await call(a, `code=update_profile&id=${user.id}&name=after&gender=1`)).statusCode).toBe(200);
    await eventually(() => nameVia(b), 'after', 1_000);
    expect((await call(a, 'code=logout')).statusCode).toBe(200);
    await eventually(() => nameVia(b), null, 1_000);
    expect((await call(b, 'code=get_wallet')).json().result).toBe('session_invalid');
  });

  it('Scenario: while the listening connection is down the cache is not used; it listens again by itself and events flow again', async () => {
    const item = await koobidehOf(a.db);
    expect(await readCached(b, item.id)).toBe(item.price);
    // What a PostgreSQL restart does to a session (57P01), here to both instances' listening connections.
    await a.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${LISTENER_NAME} and datname = current_database()`);
    await eventually(async () => b.events.connected, false, 1_000);
    expect(b.app.readCache.stats().shops).toBe(0);
    // b cannot hear this change (it is not listening): it reads through SQL meanwhile, so it is never stale.
    await writeShopData(a.db, a.events, [item.shopId], (tx) => tx.update(items).set({ price: item.price + 1_000 }).where(eq(items.id, item.id)));
    expect(await priceVia(b, item.id)).toBe(item.price + 1_000);
    expect(b.app.readCache.stats().shops).toBe(0);

    await eventually(async () => a.events.connected && b.events.connected, true, 10_000);
    expect(await readCached(b, item.id)).toBe(item.price + 1_000);
    await changeAndRead(a, b, item, item.price);
  });
});

describe.skipIf(!bin)('a PostgreSQL restart', () => {
  let cluster: Cluster;
  let a: Awaited<ReturnType<typeof instanceOn>>;
  let b: Awaited<ReturnType<typeof instanceOn>>;
  beforeAll(async () => {
    cluster = createCluster(bin!);
    const setup = await connect({ url: cluster.url, dataDir: null });
    await migrate(setup);
    await seedDemoShops(setup.db);
    await setup.close();
    a = await instanceOn(cluster.url);
    b = await instanceOn(cluster.url);
  });
  afterAll(async () => {
    // The cluster goes first, so no pool waits on a server that is gone.
    cluster?.destroy();
    await a?.close();
    await b?.close();
  });

  it('Scenario: after a restart both instances listen again by themselves and a change is read through the other\'s cache within 1 s', async () => {
    const item = await koobidehOf(a.db);
    expect(await readCached(b, item.id)).toBe(item.price);
    await cluster.stop('fast');
    await eventually(async () => a.events.connected || b.events.connected, false, 1_000);
    await cluster.start();
    await eventually(async () => a.events.connected && b.events.connected, true, 15_000);
    expect(await readCached(b, item.id)).toBe(item.price);
    await changeAndRead(a, b, item, item.price + 3_000);
  });
});
