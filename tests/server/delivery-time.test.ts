import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PREORDER_DAYS_DEFAULT } from '@contract/rules/delivery-time';
import { OrderStatus } from '@contract/entities/order';
import { orders, payments, shops } from '../../server/db/schema';
import { writeShopData } from '../../server/repositories/shop-changes';
import { createTestApp, type TestApp } from './helpers/create-test-app';
import { call, movableClock, readyCart } from './checkout-support/helpers';

// 14:00 in Tehran on 1 June 2025 (the helpers' OPEN_HOURS); the kebab shop is made open around the clock, as the grocery is.
let t: TestApp;
const clock = movableClock();
const host = 'kebab.localhost';
let keys = 0;
const key = () => `delivery-time-${++keys}-${Date.now()}`;

/** Sets the kebab shop's hours and pre-order horizon (undefined = no setting of its own). */
async function kebabSettings(preorderDays: number | undefined) {
  const [row] = await t.db.select().from(shops).where(eq(shops.slug, 'kebab'));
  const { preorder_days: _dropped, ...data } = row.data;
  await writeShopData(t.db, t.app.events, [row.id], (tx) =>
    tx.update(shops).set({ opensAt: null, closesAt: null, data: preorderDays === undefined ? data : { ...data, preorder_days: preorderDays } }).where(eq(shops.id, row.id)),
  );
}

/** The cart row as stored, and its payments: what a refused final_order must leave as it was. */
async function stored(orderId: number) {
  const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
  const paid = await t.db.select().from(payments).where(eq(payments.orderId, orderId));
  return { status: order.status, deliveryTime: order.deliveryTime, trackingCode: order.trackingCode, payments: paid.length };
}

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
  await kebabSettings(undefined);
});
afterAll(() => t.close());

describe('final_order: the delivery time the customer chose', () => {
  it('Scenario: at a shop open around the clock, a later-today time already past is refused as passed (not outside the hours), in fa and en, and nothing is written', async () => {
    const { cookie, orderId } = await readyCart(t);
    const before = await stored(orderId);
    const fa = await call(t, host, cookie, 'final_order', { order_id: orderId, payment: 'cash', preordertime: '13:30', idempotency_key: key() });
    expect([fa.status, fa.result, fa.message]).toEqual([400, 'preorder_past', 'زمان انتخاب‌شده گذشته است.']);
    const en = await call(t, host, cookie, 'final_order', { order_id: orderId, payment: 'cash', preordertime: '13:30', idempotency_key: key(), language: 'en' });
    expect([en.status, en.result, en.message]).toEqual([400, 'preorder_past', 'The chosen time has passed.']);
    expect(await stored(orderId)).toEqual(before);
    expect(before.status).toBe(OrderStatus.choosingProduct);
    // A time still to come is placed as chosen, and the invoice says so.
    const later = await call(t, host, cookie, 'final_order', { order_id: orderId, payment: 'cash', preordertime: '14:30', idempotency_key: key() });
    expect(later.ok).toBe(true);
    expect((await call(t, host, cookie, 'get_order_by_id', { id: orderId })).data.delivery_time).toBe('14:30');
  });
});

describe('final_order: the pre-order horizon (a shop setting, default 7 days)', () => {
  it('Scenario: without a setting of its own a shop takes pre-orders up to 7 days ahead; 9999-12-31 is refused in fa and en and nothing is written; get_shop says so', async () => {
    await kebabSettings(undefined);
    const shop = await call(t, host, null, 'get_shop');
    expect(shop.data.shift_data.preorder_days).toBe(PREORDER_DAYS_DEFAULT);
    const { cookie, orderId } = await readyCart(t);
    const before = await stored(orderId);
    const far = await call(t, host, cookie, 'final_order', { order_id: orderId, payment: 'cash', preordertime: '9999-12-31 12:00', idempotency_key: key() });
    expect([far.status, far.result, far.message]).toEqual([400, 'preorder_too_far', 'پیش‌سفارش را حداکثر تا ۷ روز آینده می‌توان ثبت کرد.']);
    const farEn = await call(t, host, cookie, 'final_order', { order_id: orderId, payment: 'cash', preordertime: '2025-06-09 00:00', idempotency_key: key(), language: 'en' });
    expect([farEn.status, farEn.result, farEn.message]).toEqual([400, 'preorder_too_far', 'A pre-order can be at most 7 days ahead.']);
    expect(await stored(orderId)).toEqual(before);
    const lastDay = await call(t, host, cookie, 'final_order', { order_id: orderId, payment: 'cash', preordertime: '2025-06-08 23:59', idempotency_key: key() });
    expect(lastDay.ok).toBe(true);
    expect((await call(t, host, cookie, 'get_order_by_id', { id: orderId })).data.delivery_time).toBe('2025-06-08 23:59');
  });

  it('Scenario: a shop that takes pre-orders 2 days ahead refuses the third day; get_shop carries its horizon to the SPA', async () => {
    await kebabSettings(2);
    try {
      expect((await call(t, host, null, 'get_shop')).data.shift_data.preorder_days).toBe(2);
      const { cookie, orderId } = await readyCart(t);
      const third = await call(t, host, cookie, 'final_order', { order_id: orderId, payment: 'cash', preordertime: '2025-06-04 12:00', idempotency_key: key() });
      expect([third.status, third.result, third.message]).toEqual([400, 'preorder_too_far', 'پیش‌سفارش را حداکثر تا ۲ روز آینده می‌توان ثبت کرد.']);
      const second = await call(t, host, cookie, 'final_order', { order_id: orderId, payment: 'cash', preordertime: '2025-06-03 12:00', idempotency_key: key() });
      expect(second.ok).toBe(true);
    } finally {
      await kebabSettings(undefined);
    }
  });
});
