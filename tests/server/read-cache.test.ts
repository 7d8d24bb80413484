import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { and, eq } from 'drizzle-orm';
import { endpoints, type Code } from '@contract/api';
import { ItemType } from '@contract/enums';
import type { ActionContext } from '../../server/actions/context';
import { itemOptions, items, itemVisits, orderItems, orders, shops, users, type ShopRow, type UserRow } from '../../server/db/schema';
import { dispatch } from '../../server/dispatch';
import { ApiError } from '../../server/errors';
import { createRepositories, type Repositories } from '../../server/repositories';
import { createReadCache, type ReadCache } from '../../server/repositories/read-cache';
import { announceShopChanged, writeShopData } from '../../server/repositories/shop-changes';
import { createInProcessBus, MAX_EVENT_BYTES } from '../../server/services/events';
import { SHOP_CHANGED } from '../../server/services/events/topics';
import { createTestApp, type TestApp } from './helpers/create-test-app';

let t: TestApp;
let allShops: ShopRow[];
beforeAll(async () => {
  t = await createTestApp();
  await addEdgeCases();
  allShops = await t.db.select().from(shops).orderBy(shops.id);
});
afterAll(() => t.close());

const shopOf = (slug: string) => allShops.find((shop) => shop.slug === slug)!;
const host = (slug: string) => `${slug}.localhost`;

/** Rows the demo data lacks: equal prices and sorts, Arabic letters, capitals, a deep folder, type 12, sales and visits with ties. */
async function addEdgeCases() {
  const [kebab] = await t.db.select().from(shops).where(eq(shops.slug, 'kebab'));
  const product = (folderId: number, name: string, nameEn: string, price: number, sort: number, type: number = ItemType.product) =>
    ({ shopId: kebab.id, folderId, type, name, nameEn, price, sort, description: 'توضیح ۱۲', descriptionEn: 'ÉCLAIR Übung' });
  const [deep] = await t.db.insert(items).values({ shopId: kebab.id, folderId: 0, type: ItemType.folder, name: 'ویژه', nameEn: 'Specials', sort: 1 }).returning();
  const [deeper] = await t.db.insert(items).values({ shopId: kebab.id, folderId: deep.id, type: ItemType.folder, name: 'ویژه‌تر', nameEn: 'More specials', sort: 1 }).returning();
  const added = await t.db
    .insert(items)
    .values([
      product(deep.id, 'كباب عربي', 'Arabic KEBAB', 500_000, 1),
      product(deep.id, 'کباب ویژه', 'Special kebab', 500_000, 1),
      product(deeper.id, 'کباب ۲ سیخ', 'Kebab 2 skewers', 500_000, 0),
      product(deeper.id, 'نوشابه', 'Soda', 90_000, 0),
      product(deeper.id, 'بسته‌بندی ویژه', 'Special packaging', 10_000, 0, ItemType.hidden),
    ])
    .returning();
  await t.db.insert(itemOptions).values({ shopId: kebab.id, itemId: added[0].id, step: 1, name: 'سس', nameEn: 'Sauce', price: 10_000, minCount: 0, maxCount: 2 });
  // best_selling: two products with equal sales, one with more visits; another product with visits only.
  const [order] = await t.db.insert(orders).values({ shopId: kebab.id, status: 3 }).returning();
  await t.db.insert(orderItems).values([
    { shopId: kebab.id, orderId: order.id, itemId: added[0].id, itemCount: 2, price: 1000 },
    { shopId: kebab.id, orderId: order.id, itemId: added[1].id, itemCount: 2, price: 1000 },
  ]);
  await t.db.insert(itemVisits).values([
    { shopId: kebab.id, itemId: added[1].id, visits: 5 },
    { shopId: kebab.id, itemId: added[3].id, visits: 9 },
  ]);
}

function contextOf(shop: ShopRow, repos: Repositories, user: UserRow | null, language: 'fa' | 'en'): ActionContext {
  return { shop, repos, user, language } as ActionContext;
}

/** The reply data of `code` as JSON (key order included), or the refusal, through the given repositories. */
async function answer(code: Code, context: ActionContext, fields: Record<string, string>): Promise<string> {
  const parsed = v.safeParse(endpoints[code].request, { code, ...fields });
  if (!parsed.success) return 'invalid';
  const handler = dispatch[code] as (context: ActionContext, input: unknown) => Promise<unknown>;
  try {
    const data = await handler(context, parsed.output);
    v.parse(endpoints[code].data, data);
    return JSON.stringify(data);
  } catch (error) {
    if (error instanceof ApiError) return `${error.statusCode} ${error.result} ${error.message}`;
    throw error;
  }
}

/** A fixed pseudo-random sequence, so a failure names the same combination every run. */
function sampler(seed: number) {
  let state = seed;
  return <T>(list: readonly T[]): T => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return list[state % list.length];
  };
}

describe('cached and SQL reads give the same replies', () => {
  let cache: ReadCache;
  let asked = 0;
  beforeAll(() => {
    cache = createReadCache(t.db, createInProcessBus());
  });
  afterAll(() => cache.close());

  /** Asks every request through SQL and through the cache; returns the requests whose replies differ. */
  async function compare(shop: ShopRow, requests: [Code, Record<string, string>][], user: UserRow | null = null) {
    const sql = createRepositories(t.db, shop);
    const cached = createRepositories(t.db, shop, cache);
    const differ: string[] = [];
    for (const [code, fields] of requests) {
      for (const language of ['fa', 'en'] as const) {
        // Only these replies (or their refusals) depend on the language; the rest is asked once.
        if (language === 'en' && (fields.language === 'fa' || !['get_shop', 'get_list_item', 'get_magazines', 'get_magazine_post', 'get_options'].includes(code))) continue;
        const expected = await answer(code, contextOf(shop, sql, user, language), { ...fields, language });
        const actual = await answer(code, contextOf(shop, cached, user, language), { ...fields, language });
        asked += 1;
        if (actual !== expected) {
          let at = 0;
          while (expected[at] === actual[at]) at += 1;
          const near = (text: string) => text.slice(Math.max(0, at - 80), at + 120);
          differ.push(`${shop.slug} ${code} ${JSON.stringify(fields)} ${language} at ${at}:\n  sql    …${near(expected)}\n  cached …${near(actual)}`);
        }
      }
    }
    return differ;
  }

  it('Scenario: get_list_item, every filter, sort and page the contract allows, in every shop', async () => {
    const every = await t.db.select().from(items);
    const differ: string[] = [];
    const askedBefore = asked;
    for (const shop of allShops) {
      const own = every.filter((row) => row.shopId === shop.id);
      const foreign = every.filter((row) => row.shopId !== shop.id);
      const folders = own.filter((row) => row.type === ItemType.folder).map((row) => String(row.id));
      const products = own.filter((row) => row.type === ItemType.product);
      const prices = products.map((row) => row.price).sort((a, b) => a - b);
      const middle = String(prices[Math.floor(prices.length / 2)] ?? 0);
      const low = String(prices[Math.floor(prices.length / 4)] ?? 0);
      const high = String(prices[Math.floor((prices.length * 3) / 4)] ?? 0);
      const named = products[0];
      const word = (text: string | undefined) => (text ?? '').split(/\s+/)[0] ?? '';
      const scopes: Record<string, string>[] = [
        {},
        { get_children_anyway: '1' },
        ...folders.flatMap((id): Record<string, string>[] => [{ id }, { id, get_children_anyway: '1' }, { cat_id: id }, { id, always_show: '1' }]),
        { id: String(named?.id ?? 1) },
        { id: String(foreign.find((row) => row.type === ItemType.folder)!.id) },
        { cat_id: '999999' },
      ];
      const names = [
        '',
        word(named?.name),
        word(named?.nameEn).toUpperCase(),
        word(named?.name).replace(/ی/g, 'ي').replace(/ک/g, 'ك'),
        `${word(named?.nameEn)} ${word(named?.description)}`,
        '۲',
        'éclair',
        'zzzz',
      ];
      const priceRanges: Record<string, string>[] = [{}, { from_price: middle }, { to_price: middle }, { from_price: low, to_price: high }, { from_price: high, to_price: low }, { from_price: '' }];
      const sorts: Record<string, string>[] = [{}, { sort: 'default' }, { sort: 'newest' }, { sort: 'price_up' }, { sort: 'price_down' }, { sort: 'best_selling' }, { sort: 'cheapest' }];
      const pages: Record<string, string>[] = [
        {},
        { limit: '3' },
        { offset: '2', limit: '5' },
        { offset: '1000' },
        { pagination: '0', offset: '1' },
        { always_show: '1', offset: '3', limit: '2' },
        { limit: '0' },
        { offset: '-1' },
        { shop_pass: shop.pass, limit: '4' },
        { shop_pass: 'wrong' },
      ];
      const requests: [Code, Record<string, string>][] = [];
      // In the shop with the edge cases every sort x page x price range over the whole shop (in fa);
      // in every shop a fixed sample of every scope x search x sort x page x price range.
      if (shop.slug === 'kebab') {
        for (const sort of sorts) for (const page of pages) for (const range of priceRanges.slice(0, 4)) requests.push(['get_list_item', { get_children_anyway: '1', ...sort, ...page, ...range, language: 'fa' }]);
      }
      const pick = sampler(shop.id);
      for (let index = 0; index < (shop.slug === 'kebab' ? 150 : 40); index += 1) {
        requests.push(['get_list_item', { ...pick(scopes), ...pick(sorts), ...pick(pages), ...pick(priceRanges), name: pick(names) }]);
      }
      differ.push(...(await compare(shop, requests)));
    }
    expect(differ.slice(0, 5)).toEqual([]);
    expect(asked - askedBefore).toBeGreaterThan(1000);
  });

  it('Scenario: shop, folders, items, options, tree, breadcrumb, slides, banners, magazine and gallery in every shop, with other shops\' ids', async () => {
    const every = await t.db.select().from(items);
    const [user] = await t.db.insert(users).values({ rootId: shopOf('kebab').id, mobile: '09125550001', name: 'مشتری', favorites: every.slice(0, 40).map((row) => row.id) }).returning();
    const differ: string[] = [];
    for (const shop of allShops) {
      const ids = [...every.filter((row) => row.shopId === shop.id).map((row) => row.id), ...every.filter((row) => row.shopId !== shop.id).slice(0, 15).map((row) => row.id), 0, 999_999];
      const requests: [Code, Record<string, string>][] = [
        ['get_shop', {}],
        ['get_all_folders', {}],
        ['get_slides', {}],
        ['get_banners', {}],
        ['get_tree_item', {}],
        ['get_new_items', {}],
        ['get_gallery', {}],
        ['get_favorites', { page: '1' }],
        ['get_favorites', { page: '2' }],
        ...['1', '2', '3'].flatMap((page): [Code, Record<string, string>][] => [
          ['get_magazines', { page }],
          ['get_magazines', { page, cat_id: '2' }],
        ]),
        ...Array.from({ length: 12 }, (_, index): [Code, Record<string, string>] => ['get_magazine_post', { id: String(index + 1) }]),
        ...ids.flatMap((id): [Code, Record<string, string>][] => [
          ['get_item', { id: String(id) }],
          ['get_options', { item_id: String(id) }],
          ['get_breadcrumb', { id: String(id) }],
          ['get_tree_item', { id: String(id) }],
        ]),
      ];
      const customer = shop.rootId === user.rootId ? user : null;
      // get_favorites needs a customer (the login gate sees to it).
      differ.push(...(await compare(shop, requests.filter(([code]) => customer || code !== 'get_favorites'), customer)));
    }
    expect(differ.slice(0, 5)).toEqual([]);
    // Every shop was read from its snapshot, once.
    expect(cache.stats()).toMatchObject({ loads: allShops.length, shops: allShops.length });
  });
});

describe('the read cache', () => {
  const price = async (slug: string, id: number) => {
    const response = await t.call(host(slug), { code: 'get_item', id: String(id) });
    return response.json().data.item.price as number;
  };
  const productOf = async (slug: string) => {
    const [row] = await t.db.select().from(items).where(and(eq(items.shopId, shopOf(slug).id), eq(items.type, ItemType.product))).limit(1);
    return row;
  };

  it('Scenario: reads come from memory until the shop changes; the change announced after its commit is read at once', async () => {
    const koobideh = await productOf('kebab');
    const before = await price('kebab', koobideh.id);
    // Written behind the server's back (no announcement): the cached reply stays as it was.
    await t.db.update(items).set({ price: before + 1000 }).where(eq(items.id, koobideh.id));
    expect(await price('kebab', koobideh.id)).toBe(before);
    await announceShopChanged(t.db, t.app.events, [shopOf('kebab').id]);
    expect(await price('kebab', koobideh.id)).toBe(before + 1000);

    // Through writeShopData: announced once committed, and a write that rolls back announces nothing.
    const heard: unknown[] = [];
    const unsubscribe = t.app.events.subscribe(SHOP_CHANGED, (payload) => heard.push(payload));
    await writeShopData(t.db, t.app.events, [shopOf('kebab').id], (tx) => tx.update(items).set({ price: before }).where(eq(items.id, koobideh.id)));
    expect(await price('kebab', koobideh.id)).toBe(before);
    await expect(
      writeShopData(t.db, t.app.events, [shopOf('kebab').id], async (tx) => {
        await tx.update(items).set({ price: 1 }).where(eq(items.id, koobideh.id));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    unsubscribe();
    expect(heard).toEqual([{ shop_ids: [shopOf('kebab').id] }]);
    expect(await price('kebab', koobideh.id)).toBe(before);
  });

  it('Scenario: a change drops exactly the changed shop and the masters (whose lists may name it); a branch change reaches its master', async () => {
    const cache = t.app.readCache;
    for (const slug of ['kebab', 'grocery', 'chain']) await t.call(host(slug), { code: 'get_all_folders' });
    const loads = cache.stats().loads;
    await announceShopChanged(t.db, t.app.events, [shopOf('kebab').id]);
    await t.call(host('grocery'), { code: 'get_all_folders' });
    expect(cache.stats().loads).toBe(loads);
    for (const slug of ['kebab', 'chain']) await t.call(host(slug), { code: 'get_all_folders' });
    expect(cache.stats().loads).toBe(loads + 2);

    const branch = allShops.find((shop) => shop.masterId === shopOf('chain').id)!;
    const branchNames = async () => (await t.call(host('chain'), { code: 'get_shop' })).json().data.branches.map((row: { name: string }) => row.name);
    expect(await branchNames()).toContain(branch.name);
    await writeShopData(t.db, t.app.events, [branch.id], (tx) => tx.update(shops).set({ name: 'شعبه تازه' }).where(eq(shops.id, branch.id)));
    expect(await branchNames()).toContain('شعبه تازه');
    // A branch that leaves its master: the announcement names only the branch, the master's list still drops it.
    await writeShopData(t.db, t.app.events, [branch.id], (tx) => tx.update(shops).set({ masterId: null, rootId: branch.id }).where(eq(shops.id, branch.id)));
    expect(await branchNames()).not.toContain('شعبه تازه');
    await writeShopData(t.db, t.app.events, [branch.id], (tx) => tx.update(shops).set({ name: branch.name, masterId: branch.masterId, rootId: branch.rootId }).where(eq(shops.id, branch.id)));
    expect(await branchNames()).toContain(branch.name);
  });

  it('Scenario: 100 requests missing at once load the shop once', async () => {
    const cache = t.app.readCache;
    cache.clear();
    const loads = cache.stats().loads;
    const replies = await Promise.all(
      Array.from({ length: 100 }, (_, index) => t.call(host('grocery'), { code: index % 2 ? 'get_all_folders' : 'get_list_item', get_children_anyway: '1', sort: 'price_up' })),
    );
    expect(replies.every((reply) => reply.statusCode === 200)).toBe(true);
    expect(cache.stats().loads).toBe(loads + 1);
  });

  it('Scenario: memory is bounded: the least recently read shop leaves first, and a shop over the budget is read through SQL', async () => {
    const bus = createInProcessBus();
    const small = createReadCache(t.db, bus, { maxShops: 2 });
    const [kebab, grocery, chain] = [shopOf('kebab'), shopOf('grocery'), shopOf('chain')];
    await small.snapshot(kebab);
    await small.snapshot(grocery);
    await small.snapshot(kebab);
    await small.snapshot(chain); // grocery is the least recent
    expect(small.stats()).toMatchObject({ loads: 3, shops: 2 });
    await small.snapshot(kebab);
    expect(small.stats().loads).toBe(3);
    await small.snapshot(grocery);
    expect(small.stats().loads).toBe(4);
    small.close();

    const tiny = createReadCache(t.db, bus, { maxBytes: 1000 });
    expect(await tiny.snapshot(kebab)).not.toBeNull();
    expect(await tiny.snapshot(kebab)).toBeNull();
    const repos = createRepositories(t.db, kebab, tiny);
    expect((await repos.catalog.folders()).length).toBeGreaterThan(0);
    expect(tiny.stats()).toMatchObject({ loads: 1, shops: 0, bytes: 0 });
    tiny.close();
  });

  it('Scenario: the favorite flag of get_item is each customer\'s own, never cached across customers', async () => {
    const item = await productOf('kebab');
    const first = await t.signIn('kebab');
    const second = await t.signIn('kebab');
    await t.call(host('kebab'), { code: 'toggle_favorite', item_id: String(item.id) }, { headers: { cookie: first.cookie } });
    const flag = async (cookie: string) => (await t.call(host('kebab'), { code: 'get_item', id: String(item.id) }, { headers: { cookie } })).json().data.favorite;
    expect([await flag(first.cookie), await flag(second.cookie), await flag(first.cookie)]).toEqual([true, false, true]);
  });

  it('Scenario: a cached row cannot be changed by a handler (requests share it)', async () => {
    const snapshot = (await t.app.readCache.snapshot(shopOf('kebab')))!;
    expect(() => {
      (snapshot.products[0] as { price: number }).price = 1;
    }).toThrow(TypeError);
  });
});

describe('the in-process bus', () => {
  it('Scenario: subscribers of a topic get each event as JSON, a failing one does not stop the others, unsubscribe stops delivery', async () => {
    const failures: unknown[] = [];
    const bus = createInProcessBus({ onHandlerError: (error) => failures.push(error) });
    const heard: unknown[] = [];
    const off = bus.subscribe('chat.user.7', (payload, topic) => heard.push([topic, payload]));
    bus.subscribe('chat.user.7', () => {
      throw new Error('broken subscriber');
    });
    bus.subscribe('chat.user.8', (payload) => heard.push(['other', payload]));
    await bus.publish('chat.user.7', { conversation_id: 3, at: 'x' });
    off();
    await bus.publish('chat.user.7', { conversation_id: 4 });
    expect(heard).toEqual([['chat.user.7', { conversation_id: 3, at: 'x' }]]);
    expect(failures).toHaveLength(2);
    await expect(bus.publish('chat.user.7', 'x'.repeat(MAX_EVENT_BYTES + 1))).rejects.toThrow(RangeError);
    await bus.close();
    expect(bus.connected).toBe(false);
    await expect(bus.publish('chat.user.7', 1)).rejects.toThrow('closed');
  });
});
