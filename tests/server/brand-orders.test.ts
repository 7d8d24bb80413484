import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { OrderStatus } from '@contract/entities/order';
import { items, orderItems, orders, shops } from '../../server/db/schema';
import { createTestApp, type TestApp } from './helpers/create-test-app';
import { call } from './checkout-support/helpers';

// Issue 28, item 6 (chain): a customer belongs to the brand, not to one branch. "My orders" at one
// branch lists the orders placed at every branch, each with its branch's name; an order of another
// branch opens there too, and repeating or canceling it says where it was placed.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function shop(slug: string) {
  const [row] = await t.db.select().from(shops).where(eq(shops.slug, slug));
  return row;
}

/** A placed order (status 3) of one line at `slug`, as final_order leaves it. */
async function placedAt(slug: string, userId: number, count: number) {
  const branch = await shop(slug);
  const [item] = await t.db.select().from(items).where(and(eq(items.shopId, branch.id), eq(items.type, 1))).limit(1);
  const price = item.price * count;
  const bill = { pure_price: price, discount_items: 0, first_order: 0, permanent_discount: 0, discount: 0, price, discount_code: null, shipping: 0, tax: 0, packaging: 0, total: price, wallet: 0, payable: price };
  const [order] = await t.db
    .insert(orders)
    .values({ shopId: branch.id, userId, status: OrderStatus.pending, payment: 'cash', bill, placedAt: new Date(), trackingCode: `T${slug}` })
    .returning();
  await t.db.insert(orderItems).values({ shopId: branch.id, orderId: order.id, itemId: item.id, itemCount: count, price: item.price });
  return order;
}

describe('a chain customer\'s orders', () => {
  it('Scenario: at Isfahan, my orders lists the Tehran order too, each with its branch name; the Tehran invoice opens; repeating or canceling it there names Tehran', async () => {
    const { userId, cookie } = await t.signIn('chain-isfahan');
    const tehran = await placedAt('chain-tehran', userId, 2);
    const isfahan = await placedAt('chain-isfahan', userId, 1);
    const [tehranShop, isfahanShop] = [await shop('chain-tehran'), await shop('chain-isfahan')];

    for (const host of ['chain-isfahan.localhost', 'chain-tehran.localhost']) {
      const listed = await call(t, host, cookie, 'get_factors', { tab: 'active' });
      expect(listed.status, listed.message ?? '').toBe(200);
      expect(listed.data.map((order) => [order.id, order.item_count, order.branch])).toEqual([
        [isfahan.id, 1, { id: isfahanShop.id, name: isfahanShop.name, name_en: isfahanShop.nameEn }],
        [tehran.id, 2, { id: tehranShop.id, name: tehranShop.name, name_en: tehranShop.nameEn }],
      ]);
    }

    const invoice = await call(t, 'chain-isfahan.localhost', cookie, 'get_order_by_id', { id: tehran.id });
    expect(invoice.status, invoice.message ?? '').toBe(200);
    expect(invoice.data).toMatchObject({ id: tehran.id, item_count: 2, branch: { name: tehranShop.name } });
    expect(invoice.data.order_items).toHaveLength(1);

    const repeated = await call(t, 'chain-isfahan.localhost', cookie, 'repeat_order', { id: tehran.id, language: 'en' });
    expect(repeated.status).toBe(409);
    expect(repeated.result).toBe('order_other_branch');
    expect(repeated.message).toContain(tehranShop.nameEn);
    const canceled = await call(t, 'chain-isfahan.localhost', cookie, 'update_status_order', { order_id: tehran.id, status: 6 });
    expect(canceled.status).toBe(409);
    expect(canceled.message).toContain(tehranShop.name);
    const [still] = await t.db.select().from(orders).where(eq(orders.id, tehran.id));
    expect(still.status).toBe(OrderStatus.pending);
  });

  it('Scenario: a shop that is no branch lists only its own orders, with no branch; another brand\'s order stays not found', async () => {
    const { userId, cookie } = await t.signIn('kebab');
    const own = await placedAt('kebab', userId, 1);
    const listed = await call(t, 'kebab.localhost', cookie, 'get_factors', { tab: 'all' });
    expect(listed.data.map((order) => [order.id, order.branch])).toEqual([[own.id, null]]);
    const chainCustomer = await t.signIn('chain-tehran');
    const theirs = await placedAt('chain-tehran', chainCustomer.userId, 1);
    expect((await call(t, 'kebab.localhost', cookie, 'get_order_by_id', { id: theirs.id })).status).toBe(404);
    expect((await call(t, 'chain-isfahan.localhost', cookie, 'get_order_by_id', { id: own.id })).status).toBe(401);
  });
});
