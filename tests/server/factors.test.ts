import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/create-test-app';
import { call, catalogOf, movableClock } from './checkout-support/helpers';

/*
 * Issue 9, item 17: get_factors' item_count must be the invoice's (get_order_by_id):
 * the sum of the order's line counts.
 */

let t: TestApp;
const clock = movableClock();
beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
});
afterAll(() => t.close());

const host = 'kebab.localhost';
let keys = 0;

/** Adds the lines to the user's cart, picks up in store and pays cash: the placed order's id. */
async function place(cookie: string, lines: Record<string, string | number>[]): Promise<number> {
  let orderId = 0;
  for (const line of lines) {
    const added = await call(t, host, cookie, 'cart_controller', line);
    if (!added.ok) throw new Error(`add failed: ${added.message}`);
    orderId = added.data.order?.id ?? 0;
  }
  expect((await call(t, host, cookie, 'update_address_order', { order_id: orderId, delivery_method: 1 })).ok).toBe(true);
  const placed = await call(t, host, cookie, 'final_order', { order_id: orderId, payment: 'cash', idempotency_key: `factors-${++keys}` });
  if (!placed.ok) throw new Error(`final_order failed: ${placed.message}`);
  return placed.data.order_id;
}

describe('get_factors counts items like the invoice', () => {
  it('Scenario: one line of 2 counts 2 and three lines of 1 count 3, in the list as in each invoice', async () => {
    const { item } = await catalogOf(t.db, 'kebab');
    const koobideh = { item_id: item('Koobideh kebab').id, feature_name: 'With grilled tomato' };
    // Other customers' orders put lines with other ids in order_items first.
    for (let other = 0; other < 3; other++) {
      const { cookie } = await t.signIn('kebab');
      await place(cookie, [{ ...koobideh, count: 1 + other }]);
    }

    const { cookie } = await t.signIn('kebab');
    const single = await place(cookie, [{ ...koobideh, count: 2 }]);
    const three = await place(cookie, [
      { ...koobideh, count: 1 },
      { item_id: item('French fries').id, count: 1 },
      { item_id: item('Special pizza').id, count: 1, size_name: '30 cm' },
    ]);

    const list = await call(t, host, cookie, 'get_factors', { tab: 'all' });
    expect(list.ok).toBe(true);
    expect(list.data.map((order) => [order.id, order.item_count])).toEqual([
      [three, 3],
      [single, 2],
    ]);
    for (const summary of list.data) {
      const invoice = await call(t, host, cookie, 'get_order_by_id', { id: summary.id });
      expect(invoice.data.item_count, `order ${summary.id}`).toBe(summary.item_count);
      expect(invoice.data.order_items.reduce((sum, line) => sum + line.count, 0)).toBe(summary.item_count);
    }
  });
});
