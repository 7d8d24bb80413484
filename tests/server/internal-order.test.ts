import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders } from '../../server/db/schema';
import { call, readyCart } from './checkout-support/helpers';
import { checkoutTestFile } from './checkout-support/test-file';

// Issue 28, item 16: an in-store or QR order (/splash?internal_order=1) is tagged as such: final_order's
// internal_order (spec §7) is kept on the order and answered with it, in the list and the invoice.

const { t, host, database, key } = checkoutTestFile('internal');

describe(`internal_order (${database})`, () => {
  it('Scenario: final_order with internal_order 1 tags the order; the list and the invoice say so; without it the order is not internal', async () => {
    const inStore = await readyCart(t);
    const placed = await call(t, host, inStore.cookie, 'final_order', { order_id: inStore.orderId, payment: 'cash', internal_order: 1, idempotency_key: key() });
    expect(placed.status).toBe(200);
    expect((await call(t, host, inStore.cookie, 'get_order_by_id', { id: inStore.orderId })).data).toMatchObject({ id: inStore.orderId, internal_order: 1 });
    const listed = (await call(t, host, inStore.cookie, 'get_factors', { tab: 'active' })).data.find((order) => order.id === inStore.orderId);
    expect(listed).toMatchObject({ internal_order: 1 });

    const online = await readyCart(t);
    await call(t, host, online.cookie, 'final_order', { order_id: online.orderId, payment: 'cash', idempotency_key: key() });
    expect((await call(t, host, online.cookie, 'get_order_by_id', { id: online.orderId })).data).toMatchObject({ internal_order: 0 });
  });

  it('Scenario: an internal_order other than 0 or 1 is refused in fa and en, and nothing is placed', async () => {
    const { cookie, orderId } = await readyCart(t);
    const fa = await call(t, host, cookie, 'final_order', { order_id: orderId, payment: 'cash', internal_order: 2, idempotency_key: key() });
    expect(fa.status).toBe(400);
    expect(fa.result).toBe('invalid_input');
    expect(fa.message).toMatch(/internal_order/);
    expect(fa.message).toMatch(/[۰-۹]/);
    const en = await call(t, host, cookie, 'final_order', { order_id: orderId, payment: 'cash', internal_order: 2, idempotency_key: key(), language: 'en' });
    expect(en.message).toMatch(/internal_order.*0.*1/);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row.status).toBe(1);
  });
});
