import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { items, shops, type ShopRow } from '../../server/db/schema';
import { writeShopData } from '../../server/repositories/shop-changes';
import { createReadCache } from '../../server/repositories/read-cache';
import { createReplyCache, formKey } from '../../server/repositories/reply-cache';
import type { ShopSnapshot } from '../../server/repositories/shop-snapshot';
import { createInProcessBus } from '../../server/services/events';
import { createTestApp, type TestApp } from './helpers/create-test-app';

let t: TestApp;
let allShops: ShopRow[];
beforeAll(async () => {
  t = await createTestApp();
  allShops = await t.db.select().from(shops).orderBy(shops.id);
});
afterAll(() => t.close());

const shopOf = (slug: string) => allShops.find((shop) => shop.slug === slug)!;
const host = (slug: string) => `${slug}.localhost`;
const hits = () => t.app.replyCache.stats().hits;
const listForm = { code: 'get_list_item', get_children_anyway: '1', from_price: '1', to_price: '900000000', sort: 'price_up', limit: '20' };

/** What a reply carries that a client reads: status, body bytes and every header but the date. */
async function seen(slug: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const reply = await t.call(host(slug), fields, { headers });
  const { date: _date, ...rest } = reply.headers;
  return { status: reply.statusCode, body: reply.body, headers: rest };
}

describe('shared replies of anonymous catalog reads', () => {
  it('Scenario: a repeated anonymous read is answered from memory with the same bytes and headers as a reply built for it', async () => {
    const forms: Record<string, string>[] = [{ code: 'get_shop', language: 'fa' }, { code: 'get_all_folders' }, listForm];
    for (const fields of forms) {
      const before = hits();
      const built = await seen('kebab', fields);
      const served = await seen('kebab', fields);
      expect(built.status).toBe(200);
      expect(hits()).toBe(before + 1);
      expect(served).toEqual(built);
      expect(served.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(served.headers['content-length']).toBe(String(Buffer.byteLength(built.body)));
    }
    // A signed-in read runs the action and Fastify serialises it: same bytes where nothing is the customer's own.
    const { cookie } = await t.signIn('kebab');
    const before = hits();
    const signedIn = await seen('kebab', { code: 'get_all_folders' }, { cookie });
    expect(hits()).toBe(before);
    expect(signedIn.body).toBe((await seen('kebab', { code: 'get_all_folders' })).body);
  });

  it('Scenario: a reply compressed for the browser is compressed from the kept bytes as before', async () => {
    const plain = await seen('kebab', { code: 'get_shop' });
    const compressed = await t.app.inject({
      method: 'POST',
      url: '/order/order.php',
      headers: { host: host('kebab'), 'content-type': 'application/x-www-form-urlencoded', 'accept-encoding': 'gzip' },
      payload: 'code=get_shop',
    });
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(compressed.headers.vary).toMatch(/accept-encoding/i);
    const { gunzipSync } = await import('node:zlib');
    expect(gunzipSync(compressed.rawPayload).toString()).toBe(plain.body);
  });

  it('Scenario: a kept reply is compressed once per encoding and sent as @fastify/compress sends a reply built for it', async () => {
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    const plain = (reply: { headers: Record<string, unknown>; rawPayload: Buffer }) =>
      reply.headers['content-encoding'] === 'br' ? brotliDecompressSync(reply.rawPayload) : reply.headers['content-encoding'] === 'gzip' ? gunzipSync(reply.rawPayload) : reply.rawPayload;
    const post = (headers: Record<string, string>, payload = 'code=get_shop&language=en') =>
      t.app.inject({ method: 'POST', url: '/order/order.php', headers: { host: host('kebab'), 'content-type': 'application/x-www-form-urlencoded', ...headers }, payload });
    const asked: [Record<string, string>, string | undefined][] = [
      [{ 'accept-encoding': 'gzip, deflate, br, zstd' }, 'br'],
      [{ 'accept-encoding': 'gzip;q=1, br;q=0.5' }, 'gzip'],
      [{ 'accept-encoding': 'x-gzip' }, 'gzip'],
      [{ 'accept-encoding': '*' }, 'gzip'],
      [{ 'accept-encoding': 'identity' }, undefined],
      [{ 'accept-encoding': 'deflate' }, undefined],
      [{ 'accept-encoding': 'br', 'x-no-compression': '1' }, undefined],
      [{}, undefined],
    ];
    for (const [headers, encoding] of asked) {
      t.app.replyCache.clear();
      const built = await post(headers);
      const before = hits();
      const served = await post(headers);
      expect(hits()).toBe(before + 1);
      expect(served.headers['content-encoding']).toBe(encoding);
      const { date: _built, ...builtHeaders } = built.headers;
      const { date: _served, ...servedHeaders } = served.headers;
      expect({ ...servedHeaders, 'content-length': undefined }).toEqual({ ...builtHeaders, 'content-length': undefined });
      expect(served.headers['content-length']).toBe(String(served.rawPayload.length));
      expect(plain(served).toString()).toBe(plain(built).toString());
    }
    // The compressed copy is made on the first ask and counted with the kept bytes, then only sent.
    const bytes = () => t.app.replyCache.stats().bytes;
    t.app.replyCache.clear();
    await post({});
    const kept = bytes();
    await post({ 'accept-encoding': 'br' });
    const withCopy = bytes();
    expect(withCopy).toBeGreaterThan(kept);
    await post({ 'accept-encoding': 'br' });
    expect(bytes()).toBe(withCopy);
    // Below the threshold nothing is compressed, as before.
    const small = await post({ 'accept-encoding': 'br' }, 'code=get_list_item&get_children_anyway=1&from_price=9&to_price=10');
    await post({ 'accept-encoding': 'br' }, 'code=get_list_item&get_children_anyway=1&from_price=9&to_price=10');
    const again = await post({ 'accept-encoding': 'br' }, 'code=get_list_item&get_children_anyway=1&from_price=9&to_price=10');
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(again.headers['content-encoding']).toBeUndefined();
    expect(again.body).toBe(small.body);
  });

  it('Scenario: a kept reply never answers another shop, another language or another form', async () => {
    const kebab = (await seen('kebab', { code: 'get_shop' })).body;
    const grocery = (await seen('grocery', { code: 'get_shop' })).body;
    expect(JSON.parse(kebab).data.slug).toBe('kebab');
    expect(JSON.parse(grocery).data.slug).toBe('grocery');
    expect((await seen('kebab', { code: 'get_shop' })).body).toBe(kebab);

    const fa = JSON.parse((await seen('kebab', { code: 'get_shop', language: 'fa' })).body).data;
    const en = JSON.parse((await seen('kebab', { code: 'get_shop', language: 'en' })).body).data;
    expect(en.address).toBe(shopOf('kebab').addressEn);
    expect(fa.address).toBe(shopOf('kebab').address);
    // A refusal's language follows Accept-Language when the form names none: never another language's kept reply.
    const refusal = { ...listForm, from_price: '9', to_price: '1' };
    const english = await seen('kebab', refusal, { 'accept-language': 'en' });
    const persian = await seen('kebab', refusal, { 'accept-language': 'fa' });
    expect(english.status).toBe(400);
    expect(english.body).not.toBe(persian.body);

    const cheap = JSON.parse((await seen('kebab', { ...listForm, to_price: '100000' })).body).data.items;
    const all = JSON.parse((await seen('kebab', listForm)).body).data.items;
    expect(cheap.length).toBeLessThan(all.length);
  });

  it('Scenario: a shop write announced after its commit is read at once; the old kept replies are not served', async () => {
    const [koobideh] = await t.db.select().from(items).where(and(eq(items.shopId, shopOf('kebab').id), eq(items.nameEn, 'Koobideh kebab')));
    const priceOf = async () =>
      (JSON.parse((await seen('kebab', listForm)).body).data.items as { item_id: number; price: number }[]).find((item) => item.item_id === koobideh.id)?.price;
    expect(await priceOf()).toBe(koobideh.price);
    expect(await priceOf()).toBe(koobideh.price);
    await writeShopData(t.db, t.app.events, [shopOf('kebab').id], (tx) => tx.update(items).set({ price: koobideh.price + 10_000 }).where(eq(items.id, koobideh.id)));
    expect(await priceOf()).toBe(koobideh.price + 10_000);

    const name = async () => JSON.parse((await seen('kebab', { code: 'get_shop' })).body).data.name;
    expect(await name()).toBe(shopOf('kebab').name);
    await writeShopData(t.db, t.app.events, [shopOf('kebab').id], (tx) => tx.update(shops).set({ name: 'کباب تازه' }).where(eq(shops.id, shopOf('kebab').id)));
    expect(await name()).toBe('کباب تازه');
    // A branch's change reaches its master's kept get_shop too.
    const branch = allShops.find((shop) => shop.masterId === shopOf('chain').id)!;
    const branchNames = async () => JSON.parse((await seen('chain', { code: 'get_shop' })).body).data.branches.map((row: { name: string }) => row.name);
    expect(await branchNames()).toContain(branch.name);
    await writeShopData(t.db, t.app.events, [branch.id], (tx) => tx.update(shops).set({ name: 'شعبه نو' }).where(eq(shops.id, branch.id)));
    expect(await branchNames()).toContain('شعبه نو');
    await writeShopData(t.db, t.app.events, [shopOf('kebab').id, branch.id], async (tx) => {
      await tx.update(items).set({ price: koobideh.price }).where(eq(items.id, koobideh.id));
      await tx.update(shops).set({ name: shopOf('kebab').name }).where(eq(shops.id, shopOf('kebab').id));
      await tx.update(shops).set({ name: branch.name }).where(eq(shops.id, branch.id));
    });
  });

  it('Scenario: a signed-in customer never gets a shared reply: their last position orders a master\'s branches', async () => {
    const anonymous = JSON.parse((await seen('chain', { code: 'get_shop' })).body).data.branches;
    expect(JSON.parse((await seen('chain', { code: 'get_shop' })).body).data.branches).toEqual(anonymous);
    expect(anonymous.every((branch: { distance: number | null }) => branch.distance === null)).toBe(true);
    const { cookie } = await t.signIn('chain');
    const located = await t.call(host('chain'), { code: 'set_last_location', lat: '32.6546', lng: '51.6680' }, { headers: { cookie } });
    expect(located.statusCode).toBe(200);
    const before = hits();
    const own = JSON.parse((await seen('chain', { code: 'get_shop' }, { cookie })).body).data.branches;
    expect(hits()).toBe(before);
    expect(own.some((branch: { distance: number | null }) => branch.distance !== null)).toBe(true);
  });

  it('Scenario: a session cookie that names no live session is cleared, not answered from a kept reply', async () => {
    await seen('kebab', { code: 'get_all_folders' });
    const before = hits();
    const stale = await t.call(host('kebab'), { code: 'get_all_folders' }, { headers: { cookie: 'sid=no-such-session' } });
    expect(hits()).toBe(before);
    expect(String(stale.headers['set-cookie'])).toMatch(/^sid=;/);
  });

  it('Scenario: best-selling lists, which read sales through SQL, are never kept', async () => {
    const before = hits();
    await seen('kebab', { ...listForm, sort: 'best_selling' });
    await seen('kebab', { ...listForm, sort: 'best_selling' });
    expect(hits()).toBe(before);
  });

  it('Scenario: memory is bounded: the least recently served reply leaves first, and a large one is never kept', async () => {
    const bus = createInProcessBus();
    const cache = createReadCache(t.db, bus);
    const replies = createReplyCache(cache, { maxEntries: 2, maxEntryBytes: 100 });
    const kebab = { shop: shopOf('kebab'), hostShop: shopOf('kebab') };
    const keep = async (fields: Record<string, unknown>, size = 10) => (await replies.slot(kebab, 'get_all_folders', 'fa', fields))!.keep(Buffer.alloc(size));
    const served = async (fields: Record<string, unknown>) => (await replies.slot(kebab, 'get_all_folders', 'fa', fields))!.hit !== null;
    await keep({ a: '1' });
    await keep({ a: '2' });
    expect(await served({ a: '1' })).toBe(true);
    await keep({ a: '3' }); // a=2 is the least recent
    expect(await served({ a: '2' })).toBe(false);
    expect(await served({ a: '1' })).toBe(true);
    await keep({ a: '4' }, 101);
    expect(await served({ a: '4' })).toBe(false);
    // A form too long to be a catalog read's gets no slot: keys count against memory too.
    expect(await replies.slot(kebab, 'get_all_folders', 'fa', { name: 'ک'.repeat(3000) })).toBeNull();
    expect(replies.stats().entries).toBeLessThanOrEqual(2);
    // A code outside the list, or a shop the read cache cannot serve (the bus is down), has no slot.
    expect(await replies.slot(kebab, 'get_cart', 'fa', {})).toBeNull();
    await bus.close();
    expect(await replies.slot(kebab, 'get_all_folders', 'fa', { a: '1' })).toBeNull();
    cache.close();
  });

  it('Scenario: a kept reply does not hold its snapshot in memory once the read cache has let it go', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const bus = createInProcessBus();
    // One shop at a time: visitors alternating between two shops make each load drop the other's snapshot.
    const cache = createReadCache(t.db, bus, { maxShops: 1 });
    const replies = createReplyCache(cache);
    const loaded: WeakRef<ShopSnapshot>[] = [];
    for (let round = 0; round < 10; round += 1) {
      const shop = shopOf(round % 2 === 0 ? 'kebab' : 'grocery');
      // A search of its own each time: an entry no later request asks for again.
      (await replies.slot({ shop, hostShop: shop }, 'get_list_item', 'fa', { code: 'get_list_item', name: `word${round}` }))!.keep(Buffer.from('{}'));
      loaded.push(new WeakRef((await cache.snapshot(shop))!));
    }
    expect(replies.stats().entries).toBe(10);
    for (let pass = 0; pass < 3; pass += 1) {
      gc();
      await new Promise((resolve) => setImmediate(resolve));
    }
    // The read cache keeps one snapshot; the ten kept replies add none.
    expect(loaded.filter((snapshot) => snapshot.deref() !== undefined).length).toBeLessThanOrEqual(1);
    cache.close();
    await bus.close();
  });
});

describe('formKey: the form part of a kept reply\'s key', () => {
  it('gives different forms different keys, whatever their texts hold', () => {
    const forms: Record<string, unknown>[] = [
      {},
      { code: 'get_shop' },
      { code: 'get_shop', language: 'fa' },
      { language: 'fa', code: 'get_shop' },
      { code: 'get_shop', language: '' },
      { code: 'get_shop', language: 'fa', x: '' },
      { a: '1:b', b: '' },
      { a: '1', b: '1:b' },
      { a: '11:b' },
      { 'a1:b': '' },
      { a: '1,2' },
      { a: '{"a":"1"}' },
      { '{"a"': '1"}' },
    ];
    const keys = forms.map(formKey);
    expect(new Set(keys).size).toBe(forms.length);
    // A field that is not one text is never keyed (nor walked: any depth is refused at once).
    expect(formKey({ a: ['1', '2'] })).toBeNull();
    expect(formKey({ code: 'get_shop', language: 'fa' })).toBe(formKey(Object.assign(Object.create(null) as object, { code: 'get_shop', language: 'fa' })));
  });
});
