import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ShopSettings } from '@contract/console/shop-settings';
import { orderItems, orders } from '../../server/db/schema';
import { createTestApp, type TestApp } from './helpers/create-test-app';
import { staffLogin, type ConsoleClient } from './helpers/console-client';
import { flagsFields } from './helpers/shop-flags-fields';
import { call, catalogOf } from './checkout-support/helpers';

/*
 * Issue 32: a menu-only shop (data.use_as_menu, the owner's switch) shows its items and prices but takes no cart:
 * the item page's reply says so, and every code that fills a cart or places an order is refused with a 409 in the
 * customer's language, nothing written. The switch off, the same customer adds again.
 */

const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const CAFE = 'cafe.localhost';
let t: TestApp;
let owner: ConsoleClient;
let seeded: ShopSettings;


beforeAll(async () => {
  t = await createTestApp();
  owner = (await staffLogin(t.app, CAFE)).api;
  seeded = await owner.call('shop_settings');
});
afterAll(() => t?.close());

describe(`a menu-only shop (${database})`, () => {
  it('Scenario: the owner turns the menu-only switch on: the item says so; adding, the checkout, placing and a comment are refused 409 in fa and en and nothing is written; switched off, adding works', async () => {
    const { cookie } = await t.signIn('cafe');
    const espresso = (await catalogOf(t.db, 'cafe')).item('Espresso');
    const filled = await call(t, CAFE, cookie, 'cart_controller', { item_id: espresso.id, count: 1 });
    expect(filled.ok).toBe(true);
    const orderId = filled.data.order?.id as number;
    expect((await call(t, CAFE, cookie, 'get_item', { id: espresso.id })).data.menu_only).toBe(false);

    await owner.call('shop_flags_update', flagsFields(seeded, { use_as_menu: '1' }));
    const item = await call(t, CAFE, cookie, 'get_item', { id: espresso.id });
    expect([item.ok, item.data.menu_only, item.data.item.price]).toEqual([true, true, espresso.price]);

    const added = await call(t, CAFE, cookie, 'cart_controller', { item_id: espresso.id, count: 1 });
    expect([added.status, added.result, added.message]).toEqual([409, 'menu_only', 'این فروشگاه فقط منو است و سفارش نمی‌پذیرد.']);
    const addedEn = await call(t, CAFE, cookie, 'cart_controller', { item_id: espresso.id, count: 1, language: 'en' });
    expect([addedEn.status, addedEn.message]).toEqual([409, 'This shop shows its menu only and takes no orders.']);
    const checkout = await call(t, CAFE, cookie, 'order_controler', { order_id: orderId });
    const placed = await call(t, CAFE, cookie, 'final_order', { order_id: orderId, payment: 1 });
    const comment = await call(t, CAFE, cookie, 'save_comment', { order_id: orderId, comment: 'بدون شکر' });
    expect([checkout.status, placed.status, comment.status]).toEqual([409, 409, 409]);
    expect([checkout.result, placed.result, comment.result]).toEqual(['menu_only', 'menu_only', 'menu_only']);
    // Nothing written: the cart still holds its one espresso, no comment, not placed.
    const lines = await t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(lines.map((line) => line.itemCount)).toEqual([1]);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect([order.status, order.comment ?? '']).toEqual([1, '']);

    await owner.call('shop_flags_update', flagsFields(seeded));
    const again = await call(t, CAFE, cookie, 'cart_controller', { item_id: espresso.id, count: 1 });
    expect([again.ok, again.data.lines[0]?.item_count]).toEqual([true, 2]);
  });

  it('Scenario: the seeded menu shop refuses a guest\'s first add with nothing written', async () => {
    const dizi = (await catalogOf(t.db, 'menu')).item('Dizi (stone pot stew)');
    const added = await call(t, 'menu.localhost', null, 'cart_controller', { item_id: dizi.id, count: 1 });
    expect([added.status, added.result]).toEqual([409, 'menu_only']);
    expect(added.setCookie).toEqual([]);
  });
});
