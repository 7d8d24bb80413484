import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders } from '../../server/db/schema';
import { createTestApp, type TestApp } from './helpers/create-test-app';
import { call, creditWallet, movableClock, readyCart } from './checkout-support/helpers';

/** What a reloaded checkout resumes from, and an applied code taken off again. */
let t: TestApp;
const clock = movableClock();
beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
});
afterAll(() => t.close());

describe('the checkout kept on the server', () => {
  it('Scenario: wallet_operations 0 answers the delivery chosen (method, address, branch, shipping) and whether the wallet pays; null before a delivery', async () => {
    const { host, cookie, orderId, userId } = await readyCart(t);
    await creditWallet(t.db, (await t.db.select().from(orders).where(eq(orders.id, orderId)))[0].shopId, userId, 500_000);
    const before = await call(t, host, cookie, 'wallet_operations', { order_id: orderId, operation: 0 });
    const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(before.data.delivery).toEqual({
      order_id: orderId,
      address_id: row.addressId,
      delivery_method: 2,
      branch_name: row.branchName,
      type: row.deliveryType,
      shipping: before.data.bill.shipping,
    });
    expect(before.data.wallet_in_use).toBe(false);
    await call(t, host, cookie, 'use_wallet', { order_id: orderId });
    expect((await call(t, host, cookie, 'wallet_operations', { order_id: orderId, operation: 0 })).data.wallet_in_use).toBe(true);

    // A cart whose delivery was never chosen has none to resume from.
    const fresh = await t.signIn('kebab');
    const added = await call(t, host, fresh.cookie, 'cart_controller', { item_id: (await call(t, host, cookie, 'get_cart')).data.lines[0].item_id, count: 1, feature_name: 'With grilled tomato' });
    const none = await call(t, host, fresh.cookie, 'wallet_operations', { order_id: added.data.order?.id ?? 0, operation: 0 });
    expect([none.ok, none.data.delivery, none.data.wallet_in_use]).toEqual([true, null, false]);
  });

  it('Scenario: discount_compute remove=1 takes the applied code off: the bill without it, the cart forgets it; nothing to remove answers the bill as it is', async () => {
    const { host, cookie, orderId } = await readyCart(t);
    const applied = await call(t, host, cookie, 'discount_compute', { order_id: orderId, discount: 'WELCOME10' });
    expect(applied.data.discount_code).toBe('WELCOME10');
    expect(applied.data.discount).toBeGreaterThan(0);
    const removed = await call(t, host, cookie, 'discount_compute', { order_id: orderId, remove: 1 });
    expect([removed.ok, removed.data.discount_code, removed.data.discount]).toEqual([true, null, 0]);
    expect((await t.db.select().from(orders).where(eq(orders.id, orderId)))[0].discountCodeId).toBeNull();
    expect((await call(t, host, cookie, 'get_discount_data', { order_id: orderId })).data.discount_code).toBeNull();
    const again = await call(t, host, cookie, 'discount_compute', { order_id: orderId, remove: 1 });
    expect([again.ok, again.data.payable]).toEqual([true, removed.data.payable]);
    // Without remove, an empty code is still the spec's refusal.
    const empty = await call(t, host, cookie, 'discount_compute', { order_id: orderId, discount: '' });
    expect([empty.status, empty.message]).toEqual([400, 'لطفا کد تخفیف را وارد کنید']);
  });
});
