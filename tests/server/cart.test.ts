import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { toPersianDigits } from '@contract/digits';
import { MAX_LINE_COUNT } from '@contract/rules/limits';
import { ItemType } from '@contract/enums';
import { items, orderItems, orders } from '../../server/db/schema';
import { GUEST_COOKIE, guestIdOf, newGuestToken } from '../../server/services/guest-cart';
import { createTestApp, type TestApp } from './helpers/create-test-app';
import { call, catalogOf, movableClock } from './checkout-support/helpers';
import { createRepositories } from '../../server/repositories';

let t: TestApp;
const clock = movableClock();
const host = 'kebab.localhost';
let catalog: Awaited<ReturnType<typeof catalogOf>>;
beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
  catalog = await catalogOf(t.db, 'kebab');
});
afterAll(() => t.close());

describe('cart_controller and get_cart', () => {
  it('Scenario: a signed-in customer adds, raises and removes lines; every price is the server\'s', async () => {
    const { cookie } = await t.signIn('kebab');
    const koobideh = catalog.item('Koobideh kebab');
    const first = await call(t, host, cookie, 'cart_controller', { item_id: koobideh.id, count: 2, feature_name: 'با گوجه کبابی', price: 1 });
    expect(first.ok).toBe(true);
    expect(first.data.lines).toHaveLength(1);
    expect(first.data.lines[0]).toMatchObject({ item_id: koobideh.id, item_count: 2, price: 1_450_000, feature: 'با گوجه کبابی' });
    expect(first.data.summary.pure_price).toBe(2_900_000);
    // 5% online discount of the kebab shop
    expect(first.data.summary.permanent_discount).toBe(145_000);
    expect(first.data.summary.price).toBe(2_755_000);

    const again = await call(t, host, cookie, 'cart_controller', { item_id: koobideh.id, count: 1, feature_name: 'با گوجه کبابی' });
    expect(again.data.lines).toHaveLength(1);
    expect(again.data.lines[0].item_count).toBe(3);

    const lineId = again.data.lines[0].order_item_id;
    const updated = await call(t, host, cookie, 'cart_controller', { operation: 2, order_item_id: lineId, count: 5 });
    expect(updated.data.lines[0].item_count).toBe(5);

    const removed = await call(t, host, cookie, 'cart_controller', { operation: 3, order_item_id: lineId });
    expect(removed.data.lines).toEqual([]);
    const cart = await call(t, host, cookie, 'get_cart', { type: 3 });
    expect(cart.data.lines).toEqual([]);
    expect(cart.data.summary.pure_price).toBe(0);
  });

  it("Scenario: cart_controller's reply is the cart as get_cart then reads it: a new cart, a merged line, a second item, a count changed, a line removed", async () => {
    // The reply is built from the lines read before the write and the row written (no second read).
    const { cookie } = await t.signIn('kebab');
    const koobideh = catalog.item('Koobideh kebab');
    const pizza = catalog.item('Special pizza');
    const steps: Record<string, string | number>[] = [
      { item_id: koobideh.id, count: 2, feature_name: 'با گوجه کبابی' },
      { item_id: pizza.id, size_name: '30 cm' },
      { item_id: koobideh.id, count: 1, feature_name: 'با گوجه کبابی' },
      { item_id: catalog.item('French fries').id, count: 1 },
    ];
    for (const step of steps) {
      const reply = await call(t, host, cookie, 'cart_controller', step);
      expect([step, reply.ok, reply.ok ? null : reply]).toEqual([step, true, null]);
      expect(reply.data).toEqual((await call(t, host, cookie, 'get_cart')).data);
    }
    expect((await call(t, host, cookie, 'get_cart')).data.lines.map((line) => line.item_count)).toEqual([3, 1, 1]);
    // A count changed and a line removed: their replies too are built from the lines read under the lock.
    const pizzaLine = (await call(t, host, cookie, 'get_cart')).data.lines.find((line) => line.item_id === pizza.id)?.order_item_id;
    const changes: Record<string, number>[] = [{ operation: 2, order_item_id: pizzaLine ?? 0, count: 4 }, { operation: 3, order_item_id: pizzaLine ?? 0 }];
    for (const step of changes) {
      const reply = await call(t, host, cookie, 'cart_controller', step);
      expect([step, reply.ok]).toEqual([step, true]);
      expect(reply.data).toEqual((await call(t, host, cookie, 'get_cart')).data);
    }
    expect((await call(t, host, cookie, 'get_cart')).data.lines.map((line) => line.item_count)).toEqual([3, 1]);
  });

  it('Scenario: sizes set the price and options are priced from item_options, never from the client', async () => {
    const { cookie } = await t.signIn('kebab');
    const pizza = catalog.item('Special pizza');
    const big = await call(t, host, cookie, 'cart_controller', { item_id: pizza.id, size_name: '30 cm' });
    expect(big.data.lines[0]).toMatchObject({ price: 4_400_000, size: { name: '۳۰ سانتی‌متر', price: 4_400_000 } });

    const fries = catalog.item('French fries');
    const garlic = catalog.option('Garlic sauce', fries.id);
    const withSauce = await call(t, host, cookie, 'cart_controller', {
      item_id: fries.id,
      newoptions: JSON.stringify([{ id: garlic.id, count: 2 }]),
      comment: JSON.stringify([{ name: 'Garlic sauce', price: 1, count: 2 }]),
    });
    const line = withSauce.data.lines.find((entry) => entry.item_id === fries.id);
    // ketchup keeps its default count of 1 (free), garlic 2 x 80,000
    expect(line?.comment).toEqual([
      { name: 'سس سیر', price: 80_000, count: 2 },
      { name: 'سس کچاپ', price: 0, count: 1 },
    ]);
    expect(withSauce.data.summary.pure_price).toBe(4_400_000 + 950_000 + 160_000);
  });

  it('Scenario: option and step bounds are enforced with the spec messages, and nothing is written', async () => {
    const { cookie, userId } = await t.signIn('kebab');
    const fries = catalog.item('French fries');
    const ids = ['Garlic sauce', 'Hot sauce', 'Ketchup'].map((name) => catalog.option(name, fries.id).id);
    const tooMany = await call(t, host, cookie, 'cart_controller', {
      item_id: fries.id,
      newoptions: JSON.stringify([{ id: ids[0], count: 2 }, { id: ids[1], count: 1 }, { id: ids[2], count: 1 }]),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.message).toBe('حداکثر تعداد انتخابی ۳ عدد');
    const overOption = await call(t, host, cookie, 'cart_controller', { item_id: fries.id, newoptions: JSON.stringify([{ id: ids[0], count: 3 }]) }, );
    expect(overOption.status).toBe(400);
    expect(overOption.message).toContain('سس سیر');
    const noSauce = await call(t, host, cookie, 'cart_controller', { item_id: fries.id, newoptions: JSON.stringify([{ id: ids[2], count: 0 }]) });
    expect(noSauce.status).toBe(400);
    const mushroom = catalog.option('Mushroom sauce', fries.id);
    expect(mushroom.maxCount).toBe(1);
    const otherItemOption = await call(t, host, cookie, 'cart_controller', { item_id: catalog.item('Shirazi salad').id, newoptions: JSON.stringify([{ id: ids[0], count: 1 }]) });
    expect(otherItemOption.status).toBe(400);
    const missingVariant = await call(t, host, cookie, 'cart_controller', { item_id: catalog.item('Special pizza').id });
    expect(missingVariant.message).toBe('لطفا ویژگی، رنگ و اندازه مورد نظر را انتخاب کنید');
    const english = await call(t, host, cookie, 'cart_controller', { item_id: fries.id, newoptions: JSON.stringify([{ id: ids[2], count: 0 }]), language: 'en' });
    expect(english.message).toBe('The count of "Ketchup" must be between 1 and 3.');
    const rows = await t.db.select().from(orders).where(eq(orders.userId, userId));
    expect(rows).toEqual([]);
  });

  it('Scenario: a line holds at most MAX_LINE_COUNT; beyond it (adding, setting or merging) the refusal names the limit in fa and en digits', async () => {
    const { cookie } = await t.signIn('kebab');
    const doogh = catalog.item('Local doogh');
    const full = await call(t, host, cookie, 'cart_controller', { item_id: doogh.id, count: MAX_LINE_COUNT });
    expect(full.data.lines[0].item_count).toBe(MAX_LINE_COUNT);
    const merged = await call(t, host, cookie, 'cart_controller', { item_id: doogh.id, count: 1 });
    expect(merged.status).toBe(400);
    expect(merged.message).toBe(`تعداد باید بین ۱ و ${toPersianDigits(MAX_LINE_COUNT)} باشد.`);
    const lineId = full.data.lines[0].order_item_id;
    const set = await call(t, host, cookie, 'cart_controller', { operation: 2, order_item_id: lineId, count: MAX_LINE_COUNT + 1, language: 'en' });
    expect(set.message).toBe(`The count must be between 1 and ${MAX_LINE_COUNT}.`);
    const added = await call(t, host, cookie, 'cart_controller', { item_id: catalog.item('Koobideh kebab').id, count: MAX_LINE_COUNT + 1, feature_name: 'With grilled tomato' });
    expect(added.status).toBe(400);
    expect((await call(t, host, cookie, 'get_cart')).data.lines.map((line) => line.item_count)).toEqual([MAX_LINE_COUNT]);
  });

  it('Scenario: folders, hidden items and other shops\' items cannot be added', async () => {
    const { cookie } = await t.signIn('kebab');
    const grocery = await catalogOf(t.db, 'grocery');
    const [someGroceryItem] = await t.db.select().from(orderItems).limit(0);
    expect(someGroceryItem).toBeUndefined();
    const [folder] = await t.db.select().from(items).where(and(eq(items.shopId, catalog.shop.id), eq(items.type, 2))).limit(1);
    for (const itemId of [folder.id, catalog.item('Packaging').id, grocery.shop.id * 100_000]) {
      const reply = await call(t, host, cookie, 'cart_controller', { item_id: itemId });
      expect(reply.status).toBe(404);
    }
  });

  it('Scenario: first adds sent at once, by a customer or by a guest with one gid, make one cart with one line', async () => {
    const add = { item_id: catalog.item('Koobideh kebab').id, count: 1, feature_name: 'Without tomato' };
    const { userId, cookie } = await t.signIn('kebab');
    const guestToken = newGuestToken();
    for (const [owner, ownerCookie] of [
      [eq(orders.userId, userId), cookie],
      [eq(orders.guestId, guestIdOf(guestToken)), `${GUEST_COOKIE}=${guestToken}`],
    ] as const) {
      const replies = await Promise.all(Array.from({ length: 6 }, () => call(t, host, ownerCookie, 'cart_controller', add)));
      expect(replies.map((reply) => reply.status)).toEqual(Array(6).fill(200));
      // Each add saw the ones before it: the replies count 1 to 6.
      expect(replies.map((reply) => reply.data.lines[0].item_count).sort()).toEqual([1, 2, 3, 4, 5, 6]);
      const carts = await t.db.select().from(orders).where(owner);
      expect(carts).toHaveLength(1);
      const lines = await t.db.select().from(orderItems).where(eq(orderItems.orderId, carts[0].id));
      expect(lines.map((line) => line.itemCount)).toEqual([6]);
    }
  });

  it("Scenario: another shop's product, by its real id, is not found here, and no cart is made", async () => {
    const { userId, cookie } = await t.signIn('kebab');
    const grocery = await catalogOf(t.db, 'grocery');
    const [groceryProduct] = await t.db.select().from(items).where(and(eq(items.shopId, grocery.shop.id), eq(items.type, ItemType.product))).limit(1);
    const reply = await call(t, host, cookie, 'cart_controller', { item_id: groceryProduct.id, language: 'en' });
    expect([reply.status, reply.result]).toEqual([404, 'not_found']);
    expect(await t.db.select().from(orders).where(eq(orders.userId, userId))).toEqual([]);
  });

  it('Scenario: an anonymous visitor gets a gid cookie on the first write and keeps the cart through login', async () => {
    const koobideh = catalog.item('Koobideh kebab');
    const empty = await call(t, host, null, 'get_cart');
    expect(empty.data.order).toBeNull();
    expect(empty.setCookie).toEqual([]);
    const added = await call(t, host, null, 'cart_controller', { item_id: koobideh.id, feature_name: 'Without tomato', count: 2 });
    expect(added.ok).toBe(true);
    const gid = added.setCookie.find((cookie) => cookie.startsWith(`${GUEST_COOKIE}=`));
    expect(gid).toMatch(/HttpOnly/i);
    const guestCookie = gid!.split(';')[0];
    const seen = await call(t, host, guestCookie, 'get_cart');
    expect(seen.data.lines).toHaveLength(1);
    expect(seen.data.order?.user_id).toBeNull();
    const stranger = await call(t, host, null, 'get_cart');
    expect(stranger.data.lines).toEqual([]);

    // The login flow calls mergeGuestCart; here the account already has a cart with the same line.
    const { mergeGuestCart } = await import('../../server/services/guest-cart');
    const { userId, cookie } = await t.signIn('kebab');
    await call(t, host, cookie, 'cart_controller', { item_id: koobideh.id, feature_name: 'Without tomato', count: 1 });
    await mergeGuestCart(createRepositories(t.db, catalog.shop), guestCookie.slice(4), userId);
    const merged = await call(t, host, cookie, 'get_cart');
    expect(merged.data.lines).toHaveLength(1);
    expect(merged.data.lines[0].item_count).toBe(3);
    expect((await call(t, host, guestCookie, 'get_cart')).data.lines).toEqual([]);
  });

  it('Scenario: lines merged at login add up to the line limit, never past it (cart_controller refuses more)', async () => {
    const doogh = catalog.item('Local doogh');
    const { mergeGuestCart } = await import('../../server/services/guest-cart');
    const { userId, cookie } = await t.signIn('kebab');
    expect((await call(t, host, cookie, 'cart_controller', { item_id: doogh.id, count: MAX_LINE_COUNT })).ok).toBe(true);
    const guest = await call(t, host, null, 'cart_controller', { item_id: doogh.id, count: MAX_LINE_COUNT });
    const guestToken = guest.setCookie.find((entry) => entry.startsWith(`${GUEST_COOKIE}=`))!.split(';')[0].slice(GUEST_COOKIE.length + 1);
    await mergeGuestCart(createRepositories(t.db, catalog.shop), guestToken, userId);
    expect((await call(t, host, cookie, 'get_cart')).data.lines.map((line) => line.item_count)).toEqual([MAX_LINE_COUNT]);
  });

  it('Scenario: order_controler refuses an empty cart and one below the minimum order (cart unchanged)', async () => {
    const { cookie } = await t.signIn('kebab');
    const empty = await call(t, host, cookie, 'order_controler');
    expect(empty.status).toBe(409);
    expect(empty.message).toBe('سبد خالی است');
    const doogh = catalog.item('Local doogh');
    const small = await call(t, host, cookie, 'cart_controller', { item_id: doogh.id });
    const below = await call(t, host, cookie, 'order_controler', { order_id: small.data.order!.id });
    expect(below.status).toBe(409);
    expect(below.result).toBe('modal_min_order_show');
    expect(below.data).toEqual({ min_order: 1_000_000, pure_price: 250_000 });
    expect((await call(t, host, cookie, 'get_cart')).data.lines[0].item_count).toBe(1);
    await call(t, host, cookie, 'cart_controller', { operation: 2, order_item_id: small.data.lines[0].order_item_id, count: 4 });
    const enough = await call(t, host, cookie, 'order_controler');
    expect(enough.data).toEqual({ order_id: small.data.order!.id, pure_price: 1_000_000, min_order: 1_000_000, payment_types: ['cash', 'card_reader', 'online', 'money_transfer', 'wallet'] });
  });

  it('Scenario: save_comment stores the note of the own cart only', async () => {
    const { cookie } = await t.signIn('kebab');
    const added = await call(t, host, cookie, 'cart_controller', { item_id: catalog.item('Local doogh').id });
    const saved = await call(t, host, cookie, 'save_comment', { order_id: added.data.order!.id, comment: 'زنگ نزنید' });
    expect(saved.data).toEqual({ order_id: added.data.order!.id, comment: 'زنگ نزنید' });
    expect((await call(t, host, cookie, 'get_cart')).data.order?.comment).toBe('زنگ نزنید');
    const other = await t.signIn('kebab');
    const refused = await call(t, host, other.cookie, 'save_comment', { order_id: added.data.order!.id, comment: 'x' });
    expect(refused.status).toBe(404);
  });
});
