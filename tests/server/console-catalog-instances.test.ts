import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import type { Database } from '../../server/db/connection';
import { items, shops } from '../../server/db/schema';
import { createInProcessBus, type EventBus } from '../../server/services/events';
import { staffLogin } from './helpers/console-client';
import { freshDatabase } from './helpers/fresh-database';
import { postgresInstance } from './helpers/postgres-instance';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';

/*
 * The console's catalog writes on two instances (issue 32): a price or a stock switch written through one instance's
 * console is what the other's read cache and reply cache answer within 1 s, and what the writer's own answer at once.
 * PGlite: two apps on one database and one in-process bus; PostgreSQL: each with its own pool and LISTEN connection.
 */

const adminUrl = process.env.TEST_DATABASE_URL;
const host = 'kebab.localhost';
const config = { defaultShop: 'kebab', spaDir: join(tmpdir(), 'storefront-no-spa'), nodeEnv: 'test' as const };

interface Instance {
  app: FastifyInstance;
  close: () => Promise<void>;
}

const anonymous = (instance: Instance, payload: string) =>
  instance.app.inject({ method: 'POST', url: '/order/order.php', headers: { host, 'content-type': 'application/x-www-form-urlencoded' }, payload });

/** The item as get_item and as the anonymous (reply-cached) get_list_item of its folder answer it through `instance`. */
async function seenVia(instance: Instance, item: { id: number; folderId: number }) {
  const detail = (await anonymous(instance, `code=get_item&id=${item.id}`)).json().data.item as { price: number; finished?: true };
  const listed = ((await anonymous(instance, `code=get_list_item&id=${item.folderId}`)).json().data.items as { item_id: number; price: number; finished?: true }[]).find(
    (entry) => entry.item_id === item.id,
  );
  return `${detail.price}/${listed?.price}/${detail.finished === true}/${listed?.finished === true}`;
}

/** Polls until `instance` reads `expected`, for at most 1 s. */
async function within1s(instance: Instance, item: { id: number; folderId: number }, expected: string) {
  const started = Date.now();
  let last = await seenVia(instance, item);
  while (last !== expected) {
    if (Date.now() - started > 1_000) throw new Error(`still ${last} after 1 s, expected ${expected}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
    last = await seenVia(instance, item);
  }
}

async function saladOf(db: Database) {
  const [row] = await db
    .select({ id: items.id, folderId: items.folderId, price: items.price, name: items.name, nameEn: items.nameEn })
    .from(items)
    .innerJoin(shops, eq(shops.id, items.shopId))
    .where(and(eq(shops.slug, 'kebab'), eq(items.nameEn, 'Shirazi salad')));
  return row;
}

function scenario(instances: () => { a: Instance; b: Instance; db: Database }) {
  it("Scenario: the owner changes a price and marks the item finished through one instance's console: that instance answers it at once, the other's caches within 1 s, both ways", async () => {
    const { a, b, db } = instances();
    const salad = await saladOf(db);
    // Both instances keep the item and the list reply before the change.
    expect(await seenVia(a, salad)).toBe(`${salad.price}/${salad.price}/false/false`);
    expect(await seenVia(b, salad)).toBe(`${salad.price}/${salad.price}/false/false`);
    expect(b.app.readCache.stats().shops).toBeGreaterThan(0);

    const ownerA = await staffLogin(a.app, host);
    const price = salad.price + 30_000;
    await ownerA.api.call('catalog_item_save', { item_id: String(salad.id), name: salad.name, name_en: salad.nameEn, unit: 'number', price: String(price), folder_id: String(salad.folderId) });
    // Committed: the writer's own next read is never the old price.
    expect(await seenVia(a, salad)).toBe(`${price}/${price}/false/false`);
    await within1s(b, salad, `${price}/${price}/false/false`);

    const ownerB = await staffLogin(b.app, host);
    await ownerB.api.call('catalog_stock', { item_id: String(salad.id), in_stock: '0' });
    expect(await seenVia(b, salad)).toBe(`${price}/${price}/true/true`);
    await within1s(a, salad, `${price}/${price}/true/true`);

    await ownerB.api.call('catalog_stock', { item_id: String(salad.id), in_stock: '1' });
    await ownerA.api.call('catalog_item_save', { item_id: String(salad.id), name: salad.name, name_en: salad.nameEn, unit: 'number', price: String(salad.price), folder_id: String(salad.folderId) });
    await within1s(b, salad, `${salad.price}/${salad.price}/false/false`);
  });
}

describe.skipIf(Boolean(adminUrl))('console catalog writes on two instances on one PGlite (in-process bus)', () => {
  let database: TestDatabase;
  let bus: EventBus;
  let a: Instance;
  let b: Instance;
  beforeAll(async () => {
    database = await createTestDatabase({ seeded: true });
    bus = createInProcessBus();
    const app = async () => {
      const made = await buildApp({ db: database.connection.db, config, events: bus });
      return { app: made, close: () => made.close() };
    };
    a = await app();
    b = await app();
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await bus?.close();
    await database?.drop();
  });
  scenario(() => ({ a, b, db: database.connection.db }));
});

/** One server instance: its own pool, its own LISTEN connection, its own app. */
const instanceOn = (url: string) => postgresInstance(url, config);

describe.skipIf(!adminUrl)('console catalog writes on two instances on one PostgreSQL (LISTEN/NOTIFY)', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let a: Awaited<ReturnType<typeof instanceOn>>;
  let b: Awaited<ReturnType<typeof instanceOn>>;
  beforeAll(async () => {
    database = await freshDatabase(adminUrl!, 'catalog');
    a = await instanceOn(database.url);
    b = await instanceOn(database.url);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.drop();
  });
  scenario(() => ({ a, b, db: a.db }));
});
