import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { FIXED_COURIER_PRICE, FIXED_DELIVERY_METHODS, type LocalizedDeliveryMethod } from '@contract/rules/delivery-methods';
import { items, orders, shops } from '../../server/db/schema';
import { deliveryMethods } from '../../server/seed/delivery';
import { createTestApp, type TestApp } from './helpers/create-test-app';
import { call, catalogOf, vanak } from './checkout-support/helpers';

let t: TestApp;
// Stored rows that differ from the fixed list on every method: pickup off, dearer courier, other city on.
const stored = deliveryMethods(520_000, 880_000).map((method) => (method.value === 1 ? { ...method, status: 0 as const } : method));

/** A copy of the kebab shop under `id` and `slug`, with the stored rows above and one plain item. */
async function copyKebab(id: number, slug: string) {
  const kebab = await catalogOf(t.db, 'kebab');
  await t.db.insert(shops).values({ ...kebab.shop, id, slug, rootId: id, masterId: null, deliveryMethods: stored });
  const { id: _itemId, ...item } = kebab.item('Koobideh kebab');
  const [copy] = await t.db.insert(items).values({ ...item, shopId: id, data: { features: [], colors: [], sizes: [] } }).returning();
  return copy.id;
}

const inLanguage = (methods: readonly LocalizedDeliveryMethod[], language: 'fa' | 'en') =>
  methods.map((method) => ({ value: method.value, status: method.status, price: method.price, text: method.text[language], description: method.description[language] }));

/** A signed-in customer at `slug` with one item in the cart and an address usable for courier and other-city. */
async function cartAt(slug: string, itemId: number) {
  const host = `${slug}.localhost`;
  const { cookie } = await t.signIn(slug);
  const added = await call(t, host, cookie, 'cart_controller', { item_id: itemId, count: 1 });
  if (!added.ok) throw new Error(`add failed at ${slug}: ${added.message}`);
  const address = await call(t, host, cookie, 'new_add_addreses', { ...vanak, city: 'تهران', postal_code: '1991611111' });
  if (!address.ok) throw new Error(`address failed at ${slug}: ${address.message}`);
  return { host, cookie, orderId: added.data.order?.id as number, addressId: address.data.id };
}

let item113 = 0;
let item114 = 0;
beforeAll(async () => {
  t = await createTestApp();
  item113 = await copyKebab(113, 'legacy113');
  item114 = await copyKebab(114, 'legacy114');
});
afterAll(() => t.close());

describe('spec §9: shop 113 has fixed delivery methods', () => {
  it('Scenario: get_shop at shop 113 returns the fixed list in fa and en while its stored rows differ', async () => {
    const [row] = await t.db.select().from(shops).where(eq(shops.slug, 'legacy113'));
    expect(row.id).toBe(113);
    expect(row.deliveryMethods).toEqual(stored);
    expect(row.deliveryMethods).not.toEqual(FIXED_DELIVERY_METHODS);
    for (const language of ['fa', 'en'] as const) {
      const shop = (await call(t, 'legacy113.localhost', null, 'get_shop', { language })).data;
      expect(shop.id).toBe(113);
      expect(shop.delivery_methods).toEqual(inLanguage(FIXED_DELIVERY_METHODS, language));
      expect(shop.delivery_methods).not.toEqual(inLanguage(stored, language));
    }
  });

  it('Scenario: the same row under another id (114) still serves its own stored rows', async () => {
    const shop = (await call(t, 'legacy114.localhost', null, 'get_shop', { language: 'en' })).data;
    expect(shop.id).toBe(114);
    expect(shop.delivery_methods).toEqual(inLanguage(stored, 'en'));
  });

  it('Scenario: checkout at shop 113 refuses other-city, nothing changed, and prices courier at the fixed price', async () => {
    const { host, cookie, orderId, addressId } = await cartAt('legacy113', item113);
    const quote3 = await call(t, host, cookie, 'price_controler', { order_id: orderId, delivery_method: 3, address: addressId });
    expect(quote3.status).toBe(400);
    expect(quote3.message).toBe('این روش ارسال در این فروشگاه فعال نیست.');
    const choose3 = await call(t, host, cookie, 'update_address_order', { order_id: orderId, delivery_method: 3, address_id: addressId, language: 'en' });
    expect(choose3.status).toBe(400);
    expect(choose3.message).toBe('This delivery method is not available at this shop.');
    const [untouched] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(untouched.deliveryMethod).toBeNull();

    const quote2 = await call(t, host, cookie, 'price_controler', { order_id: orderId, delivery_method: 2, address: addressId });
    expect(quote2.data.shipping).toBe(FIXED_COURIER_PRICE);
    const choose2 = await call(t, host, cookie, 'update_address_order', { order_id: orderId, delivery_method: 2, address_id: addressId });
    expect(choose2.data).toMatchObject({ delivery_method: 2, shipping: FIXED_COURIER_PRICE });
    const [chosen] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(chosen.deliveryMethod).toBe(2);

    // Pickup is on at 113 though its stored row switches it off.
    expect((await call(t, host, cookie, 'update_address_order', { order_id: orderId, delivery_method: 1 })).data).toMatchObject({ delivery_method: 1, shipping: 0 });
  });

  it('Scenario: at shop 114 with the same rows, other-city is offered and courier costs the stored price', async () => {
    const { host, cookie, orderId, addressId } = await cartAt('legacy114', item114);
    expect((await call(t, host, cookie, 'price_controler', { order_id: orderId, delivery_method: 2, address: addressId })).data.shipping).toBe(520_000);
    const choose3 = await call(t, host, cookie, 'update_address_order', { order_id: orderId, delivery_method: 3, address_id: addressId });
    expect(choose3.data).toMatchObject({ delivery_method: 3, shipping: 880_000 });
    expect((await call(t, host, cookie, 'update_address_order', { order_id: orderId, delivery_method: 1 })).status).toBe(400);
  });
});
